#pragma once
/// @file
/// Many linear rows (linear_row.hpp) in three arrays. The analysis holds a row per equation of the
/// model and a definition per solved unknown: 10⁵–10⁶ of each for a large model, which as LinearRow
/// values (room for six terms and a remainder inline) took 192 bytes apiece. Here a row is a
/// 24-byte header and its terms; the remainder, its slots and the row's exact expression live in a
/// side table, for the rows that have one.

#include <cstdint>
#include <iterator>
#include <vector>

#include <boost/container/small_vector.hpp>

#include "core/expr/linear_row.hpp"

namespace acausal {

class RowStore {
 public:
  std::size_t size() const { return headers_.size(); }
  bool empty() const { return headers_.empty(); }
  /// Room for `rows` rows of `terms` terms in all.
  void reserve(std::size_t rows, std::size_t terms);
  void push_back(RowView row);
  /// Row i, read in place (valid until the store changes).
  RowView operator[](std::size_t i) const;
  /// Row i as a LinearRow, to change and set() back.
  LinearRow row(std::size_t i) const { return (*this)[i].copy(); }
  /// Replaces row i. Its terms stay where they are when they fit; else they go to the end of the
  /// store (what they leave behind is reclaimed when the store would grow, or by compact()).
  void set(std::size_t i, const LinearRow& row);
  /// Row i with its term c·x replaced by c·`value` (x's definition, linear: no remainder), as
  /// take_term() and add_scaled() would change a LinearRow — the same terms in the same order —
  /// without copying the row out. Returns c (0: the row has no term in x and is unchanged). The
  /// row must not read x in its remainder.
  Coef substitute(std::size_t i, Slot x, const LinearRow& value, SlotIndex& index);
  /// Empties row i (0 = 0) and gives up its room, for a row that is done with (solved).
  void clear(std::size_t i);
  /// Keeps the rows `keep` says, in order, their slots renumbered through `column` (the new column
  /// of each old one), in place, without the room left behind: no second store beside this one (the
  /// array keeps its allocation). @throws std::logic_error when a kept row reads a column that is
  /// not kept (the store is then unusable).
  void compact(const std::vector<bool>& keep, const std::vector<std::uint32_t>& column);

  class Iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = RowView;
    using difference_type = std::ptrdiff_t;
    Iterator(const RowStore* store, std::size_t i) : store_(store), i_(i) {}
    RowView operator*() const { return (*store_)[i_]; }
    Iterator& operator++() {
      ++i_;
      return *this;
    }
    bool operator==(const Iterator& other) const { return i_ == other.i_; }

   private:
    const RowStore* store_;
    std::size_t i_;
  };
  Iterator begin() const { return {this, 0}; }
  Iterator end() const { return {this, size()}; }

 private:
  static constexpr std::uint32_t kNone = static_cast<std::uint32_t>(-1);
  /// 20 bytes: a large model's analysis holds a million rows and definitions.
  struct Header {
    std::uint32_t first = 0;     ///< terms_[first, first + count)
    std::uint32_t count = 0;
    std::uint32_t capacity = 0;  ///< terms_[first, first + capacity) is this row's
    std::uint32_t extra = kNone;  ///< extras_ index, or kNone: no remainder, no exact expression
    std::uint32_t constant = kNone;  ///< constants_ index, or kNone: the constant is 0
  };
  Coef constant_of(const Header& h) const { return h.constant == kNone ? Coef(0.0) : constants_[h.constant]; }
  /// Most rows' constant is 0 (+0.0 bit for bit): only the others take a place in constants_.
  void set_constant(Header& h, Coef value);
  /// What few rows of a large model have: a nonlinear remainder, or an exact expression to reuse.
  struct Extra {
    Expr rest = 0.0;
    boost::container::small_vector<Slot, 2> rest_slots;
    std::optional<Expr> exact;
  };
  void set_extra(Header& h, RowView row);
  /// Writes `count` terms as row h's (where they are when they fit, else at the end).
  void place_terms(Header& h, const LinearRow::Term* terms, std::size_t count);
  /// Room in terms_ for `count` more terms.
  void make_room(std::size_t count);
  /// Moves the rows together, dropping the room that rows which moved left behind.
  void reclaim();

  std::vector<LinearRow::Term> terms_;
  std::size_t held_ = 0;  ///< the rows' room in terms_ (Σ capacity); the rest was left behind
  std::vector<Header> headers_;
  std::vector<Extra> extras_;
  Extra no_extra_;  ///< what a row without one reads (this store's: its 0 is a node of the current context)
  std::vector<Coef> constants_;
  std::vector<LinearRow::Term> scratch_;  ///< substitute()'s, kept for its buffer
};

}  // namespace acausal
