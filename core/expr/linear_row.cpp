#include "core/expr/linear_row.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/expr/expr_walk.hpp"

namespace acausal {

void LinearRow::Term::throw_too_large() {
  throw std::length_error("linear row: a derivative of order 16 or more, or more than 2^28 traced numbers");
}

namespace detail {

bool add_term(LinearRow& row, Slot s, Coef c) {
  for (LinearRow::Term& t : row.terms)
    if (t.slot() == s) {
      t.set_coefficient(t.coefficient() + c);
      return false;
    }
  row.terms.push_back({s, c});
  return true;
}

void drop_zero_terms(LinearRow& row) {
  row.terms.erase(std::remove_if(row.terms.begin(), row.terms.end(),
                                 [](const LinearRow::Term& t) { return t.coefficient().is_zero(); }),
                  row.terms.end());
}

void set_nonlinear(LinearRow& row, std::span<const Expr> terms) {
  if (terms.size() == 1) row.rest = terms[0];
  else if (!terms.empty()) row.rest = sum(terms);
}

}  // namespace detail

bool LinearRow::is_zero() const { return RowView(*this).is_zero(); }
Coef LinearRow::coefficient(Slot s) const { return RowView(*this).coefficient(s); }
bool LinearRow::in_rest(std::uint32_t column) const { return RowView(*this).in_rest(column); }

Coef RowView::coefficient(Slot s) const {
  for (const LinearRow::Term& t : terms)
    if (t.slot() == s) return t.coefficient();
  return 0.0;
}

bool RowView::in_rest(std::uint32_t column) const {
  return std::any_of(rest_slots.begin(), rest_slots.end(), [column](Slot s) { return s.column == column; });
}

LinearRow RowView::copy() const {
  LinearRow row;
  row.terms.assign(terms.begin(), terms.end());
  row.constant = constant;
  row.rest = rest;
  row.rest_slots.assign(rest_slots.begin(), rest_slots.end());
  row.exact = exact;
  return row;
}

void set_rest(LinearRow& row, Expr rest, const SlotOf& slot_of) {
  if (rest != row.rest) row.exact.reset();
  row.rest = std::move(rest);
  row.rest_slots.clear();
  if (row.rest.is_constant()) return;
  for (const Expr& leaf : leaves(row.rest))
    if (const std::optional<Slot> s = slot_of(leaf))
      if (std::find(row.rest_slots.begin(), row.rest_slots.end(), *s) == row.rest_slots.end())
        row.rest_slots.push_back(*s);
}

std::int32_t& SlotIndex::at(Slot s) {
  const std::size_t key = static_cast<std::size_t>(s.column) * orders_ + s.order;
  if (key >= position_.size()) position_.resize(std::max<std::size_t>(key + 1, 2 * position_.size()), -1);
  return position_[key];
}

void add_scaled(LinearRow& row, Coef factor, const LinearRow& other, SlotIndex& index) {
  for (std::size_t k = 0; k < row.terms.size(); ++k) index.at(row.terms[k].slot()) = static_cast<std::int32_t>(k);
  for (const LinearRow::Term& t : other.terms) {
    std::int32_t& p = index.at(t.slot());
    if (p >= 0) {
      LinearRow::Term& same = row.terms[static_cast<std::size_t>(p)];
      same.set_coefficient(same.coefficient() + factor * t.coefficient());
    } else {
      p = static_cast<std::int32_t>(row.terms.size());
      row.terms.push_back({t.slot(), factor * t.coefficient()});
    }
  }
  for (const LinearRow::Term& t : row.terms) index.at(t.slot()) = -1;
  detail::drop_zero_terms(row);
  row.constant += factor * other.constant;
  if (!other.rest.is_literal(0.0)) {
    row.rest = row.rest + Expr(factor) * other.rest;
    for (Slot s : other.rest_slots)
      if (std::find(row.rest_slots.begin(), row.rest_slots.end(), s) == row.rest_slots.end())
        row.rest_slots.push_back(s);
  }
  row.exact.reset();
}

Coef take_term(LinearRow& row, Slot s) {
  for (auto it = row.terms.begin(); it != row.terms.end(); ++it)
    if (it->slot() == s) {
      const Coef c = it->coefficient();
      row.terms.erase(it);
      row.exact.reset();
      return c;
    }
  return 0.0;
}

Expr slot_expression(Expr symbol, std::uint32_t order) {
  for (std::uint32_t k = 0; k < order; ++k) symbol = der(symbol);
  return symbol;
}

Expr materialize(RowView row, const std::function<Expr(Slot)>& leaf) {
  if (row.exact) return *row.exact;
  boost::container::small_vector<std::pair<Coef, Expr>, 8> terms;
  for (const LinearRow::Term& t : row.terms) terms.emplace_back(t.coefficient(), leaf(t.slot()));
  terms.emplace_back(1.0, row.rest);
  return linear_combination(std::span<const std::pair<Coef, Expr>>(terms.data(), terms.size()), row.constant);
}

}  // namespace acausal
