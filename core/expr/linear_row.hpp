#pragma once
/// @file
/// A residual as a sparse linear combination of unknowns and their derivatives, a constant, and a
/// nonlinear remainder. Most equations of mechanical models are linear with constant coefficients:
/// substituting aliases and explicitly solved unknowns into them is then sparse arithmetic on
/// numbers, and expression nodes are built only for the residuals IDA integrates and for the
/// definitions something asks for (an output, an energy term).

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include <boost/container/small_vector.hpp>

#include "core/expr/expr.hpp"

namespace acausal {

/// der^order(unknown `column`); order 0 is the unknown itself.
struct Slot {
  std::uint32_t column = 0;
  std::uint32_t order = 0;
  friend bool operator==(Slot a, Slot b) { return a.column == b.column && a.order == b.order; }
};

/// residual = Σ coefficient·slot + constant + rest.
struct LinearRow {
  /// coefficient·slot in 16 bytes (a large model's analysis holds millions): the slot's order and
  /// the coefficient's trace step share a word.
  class Term {
   public:
    Term() = default;
    Term(Slot s, Coef c) : value_(c.value), column_(s.column), packed_(pack(s.order, c.trace)) {}
    Slot slot() const { return {column_, packed_ & kOrderMask}; }
    /// Traced when it comes from tunable parameters (coef.hpp).
    Coef coefficient() const { return {value_, packed_ >> kOrderBits}; }
    void set_coefficient(Coef c) {
      value_ = c.value;
      packed_ = pack(packed_ & kOrderMask, c.trace);
    }
    void set_column(std::uint32_t column) { column_ = column; }

   private:
    static constexpr std::uint32_t kOrderBits = 4, kOrderMask = (1u << kOrderBits) - 1;
    static std::uint32_t pack(std::uint32_t order, std::uint32_t trace) {
      if (order > kOrderMask || trace >= (1u << (32 - kOrderBits))) throw_too_large();
      return order | trace << kOrderBits;
    }
    [[noreturn]] static void throw_too_large();
    double value_ = 0.0;
    std::uint32_t column_ = 0;
    std::uint32_t packed_ = 0;  ///< the slot's order (low bits), the coefficient's trace step
  };
  static_assert(sizeof(Term) == 16);
  boost::container::small_vector<Term, 6> terms;  ///< distinct slots, nonzero coefficients
  Coef constant = 0.0;
  Expr rest = 0.0;                                ///< the nonlinear remainder, in the unknowns
  boost::container::small_vector<Slot, 2> rest_slots;  ///< the distinct slots in rest
  /// An existing expression equal to the row, reused by materialize() while the row is unchanged.
  std::optional<Expr> exact;

  LinearRow() = default;
  LinearRow(const LinearRow&) = default;
  LinearRow& operator=(const LinearRow&) = default;
  // Moving never allocates (the terms are trivially copyable), so vectors of rows may move them
  // when they grow; boost's small_vector does not say noexcept by itself.
  LinearRow(LinearRow&&) noexcept = default;
  LinearRow& operator=(LinearRow&&) noexcept = default;

  bool is_zero() const;
  /// The coefficient of `s` among the linear terms (0 when absent).
  Coef coefficient(Slot s) const;
  /// Does `column` occur in rest (in any derivative order)?
  bool in_rest(std::uint32_t column) const;
};

/// A row read in place: a LinearRow's, or one of a RowStore (row_store.hpp). Its members are named
/// as LinearRow's, so code that only reads a row takes either.
struct RowView {
  std::span<const LinearRow::Term> terms;
  Coef constant = 0.0;
  const Expr& rest;
  std::span<const Slot> rest_slots;
  const std::optional<Expr>& exact;

  RowView(std::span<const LinearRow::Term> terms_, Coef constant_, const Expr& rest_,
          std::span<const Slot> rest_slots_, const std::optional<Expr>& exact_)
      : terms(terms_), constant(constant_), rest(rest_), rest_slots(rest_slots_), exact(exact_) {}
  RowView(const LinearRow& row)  // NOLINT(google-explicit-constructor): a row is a view of itself
      : RowView({row.terms.data(), row.terms.size()}, row.constant, row.rest,
                {row.rest_slots.data(), row.rest_slots.size()}, row.exact) {}

  bool is_zero() const {
    return terms.empty() && constant.is_zero() && rest.is_literal(0.0);
  }
  Coef coefficient(Slot s) const;
  bool in_rest(std::uint32_t column) const;
  /// The row as a LinearRow of its own, to change.
  LinearRow copy() const;
};

/// How a leaf of an expression reads in the unknowns: sign·slot + offset, or the constant offset
/// alone (no slot). nullopt: the leaf is not linear in the unknowns (a parameter, time).
struct LeafImage {
  std::optional<Slot> slot;
  double sign = 1.0;
  double offset = 0.0;
  bool itself = false;  ///< the leaf is this slot's own expression (sign 1, offset 0)
};

/// The slot of a Variable or Derivative leaf of an expression in the unknowns, or nullopt.
using SlotOf = std::function<std::optional<Slot>(const Expr& leaf)>;

namespace detail {
/// Adds c·s to the linear part; returns false when s was there already (the terms merged).
bool add_term(LinearRow& row, Slot s, Coef c);
/// Removes the terms whose coefficients cancelled.
void drop_zero_terms(LinearRow& row);
/// rest = Σ terms (the terms split_row could not take).
void set_nonlinear(LinearRow& row, std::span<const Expr> terms);
}  // namespace detail

/// Splits `e`: its terms c·leaf and leaf (Variable, Derivative) go through `image`, a callable
/// `std::optional<LeafImage>(const Expr& leaf)` (a template parameter: it runs for every leaf of a
/// large model), into the linear part, the other terms into rest as they are. `exact` is set when every leaf maps onto
/// itself. rest_slots are left empty: the caller decides how rest reads in the unknowns (set_rest).
template <typename Image>
LinearRow split_row(const Expr& e, const Image& image) {
  LinearRow row;
  bool same = true;  // every leaf maps onto itself: the row is e
  boost::container::small_vector<Expr, 4> nonlinear;
  auto is_unknown_leaf = [](const Expr& x) { return x.op() == Op::Variable || x.op() == Op::Derivative; };
  auto take = [&](const Expr& term) {
    if (term.is_constant()) {
      row.constant += term.coef();
      return;
    }
    Coef c = 1.0;
    const Expr* leaf = &term;
    if (term.op() == Op::Mul && term.args().size() == 2 && term.args()[0].is_constant() &&
        is_unknown_leaf(term.args()[1])) {
      c = term.args()[0].coef();
      leaf = &term.args()[1];
    }
    if (is_unknown_leaf(*leaf)) {
      if (const std::optional<LeafImage> im = image(*leaf)) {
        if (!im->itself) same = false;
        row.constant += c * Coef(im->offset);
        if (im->slot && !detail::add_term(row, *im->slot, c * Coef(im->sign))) same = false;
        return;
      }
    }
    nonlinear.push_back(term);
  };
  if (e.op() == Op::Add) {
    for (const Expr& t : e.args()) take(t);
  } else {
    take(e);
  }
  detail::drop_zero_terms(row);
  detail::set_nonlinear(row, std::span<const Expr>(nonlinear.data(), nonlinear.size()));
  if (same) row.exact = e;
  return row;
}

/// Sets rest and its slots (its leaves through `slot_of`; leaves without a slot are ignored).
void set_rest(LinearRow& row, Expr rest, const SlotOf& slot_of);

/// Reusable position index for add_scaled (one entry per slot key, all −1 between calls).
class SlotIndex {
 public:
  explicit SlotIndex(std::uint32_t orders) : orders_(orders) {}
  std::int32_t& at(Slot s);

 private:
  std::uint32_t orders_;
  std::vector<std::int32_t> position_;
};

/// row += factor·other (linear parts, constant and rest; rest_slots merged). Terms that cancel
/// exactly are removed.
void add_scaled(LinearRow& row, Coef factor, const LinearRow& other, SlotIndex& index);

/// Removes the term of `s` and returns its coefficient (0 when absent).
Coef take_term(LinearRow& row, Slot s);

/// der^order(symbol).
Expr slot_expression(Expr symbol, std::uint32_t order);

/// The row as an expression; `leaf(slot)` gives the expression of a slot.
Expr materialize(RowView row, const std::function<Expr(Slot)>& leaf);

}  // namespace acausal
