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
#include <vector>

#include <boost/container/small_vector.hpp>

#include "core/expr.hpp"

namespace acausal {

/// der^order(unknown `column`); order 0 is the unknown itself.
struct Slot {
  std::uint32_t column = 0;
  std::uint32_t order = 0;
  friend bool operator==(Slot a, Slot b) { return a.column == b.column && a.order == b.order; }
};

/// residual = Σ coefficient·slot + constant + rest.
struct LinearRow {
  struct Term {
    Slot slot;
    double coefficient;
  };
  boost::container::small_vector<Term, 6> terms;  ///< distinct slots, nonzero coefficients
  double constant = 0.0;
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

  bool is_zero() const { return terms.empty() && constant == 0.0 && rest.is_constant() && rest.constant_value() == 0.0; }
  /// The coefficient of `s` among the linear terms (0 when absent).
  double coefficient(Slot s) const;
  /// Does `column` occur in rest (in any derivative order)?
  bool in_rest(std::uint32_t column) const;
};

/// How a leaf of an expression reads in the unknowns: sign·slot + offset, or the constant offset
/// alone (no slot). nullopt: the leaf is not linear in the unknowns (a parameter, time).
struct LeafImage {
  std::optional<Slot> slot;
  double sign = 1.0;
  double offset = 0.0;
  bool itself = false;  ///< the leaf is this slot's own expression (sign 1, offset 0)
};
using LeafMap = std::function<std::optional<LeafImage>(const Expr& leaf)>;

/// The slot of a Variable or Derivative leaf of an expression in the unknowns, or nullopt.
using SlotOf = std::function<std::optional<Slot>(const Expr& leaf)>;

/// Splits `e`: its terms c·leaf and leaf (Variable, Derivative) go through `image` into the linear
/// part, the other terms into rest as they are. `exact` is set when every leaf maps onto itself.
/// rest_slots are left empty: the caller decides how rest reads in the unknowns (see set_rest).
LinearRow split_row(const Expr& e, const LeafMap& image);

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
void add_scaled(LinearRow& row, double factor, const LinearRow& other, SlotIndex& index);

/// Removes the term of `s` and returns its coefficient (0 when absent).
double take_term(LinearRow& row, Slot s);

/// The row as an expression; `leaf(slot)` gives the expression of a slot.
Expr materialize(const LinearRow& row, const std::function<Expr(Slot)>& leaf);

}  // namespace acausal
