#include "core/expr/row_store.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace acausal {

void RowStore::reserve(std::size_t rows, std::size_t terms) {
  headers_.reserve(rows);
  terms_.reserve(terms);
}

void RowStore::set_extra(Header& h, RowView row) {
  const bool needed = !row.rest_slots.empty() || row.exact ||
                      !row.rest.is_literal(0.0);
  if (!needed) {
    if (h.extra != kNone) extras_[h.extra] = Extra();  // its slot is left empty
    h.extra = kNone;
    return;
  }
  if (h.extra == kNone) {
    h.extra = static_cast<std::uint32_t>(extras_.size());
    extras_.emplace_back();
  }
  Extra& x = extras_[h.extra];
  x.rest = row.rest;
  x.rest_slots.assign(row.rest_slots.begin(), row.rest_slots.end());
  x.exact = row.exact;
}

void RowStore::set_constant(Header& h, Coef value) {
  if (h.constant != kNone) {
    constants_[h.constant] = value;
  } else if (value.traced() || std::bit_cast<std::uint64_t>(value.value) != 0) {
    if (constants_.size() >= kNone) throw std::length_error("RowStore: more than 2^32 constants");
    h.constant = static_cast<std::uint32_t>(constants_.size());
    constants_.push_back(value);
  }
}

void RowStore::push_back(RowView row) {
  if (terms_.size() + row.terms.size() > kNone) throw std::length_error("RowStore: more than 2^32 terms");
  Header h;
  h.first = static_cast<std::uint32_t>(terms_.size());
  h.count = h.capacity = static_cast<std::uint32_t>(row.terms.size());
  set_constant(h, row.constant);
  make_room(row.terms.size());
  terms_.insert(terms_.end(), row.terms.begin(), row.terms.end());
  held_ += h.capacity;
  set_extra(h, row);
  headers_.push_back(h);
}

RowView RowStore::operator[](std::size_t i) const {
  const Header& h = headers_[i];
  const Extra& x = h.extra == kNone ? no_extra_ : extras_[h.extra];
  return RowView({terms_.data() + h.first, h.count}, constant_of(h), x.rest, {x.rest_slots.data(), x.rest_slots.size()},
                 x.exact);
}

void RowStore::place_terms(Header& h, const LinearRow::Term* terms, std::size_t count) {
  if (count > h.capacity) {
    // A row that grew once grows again (a chain of substitutions): it moves with room for half as
    // many terms again.
    const std::size_t capacity = count + count / 2;
    if (terms_.size() + capacity > kNone) throw std::length_error("RowStore: more than 2^32 terms");
    held_ -= h.capacity;
    // The row last placed grows where it is; another moves to the end, leaving its old place
    // behind. Before the array would grow for it, what is left behind is reclaimed if it is an
    // eighth of the array or more.
    if (h.first + h.capacity == terms_.size()) {
      terms_.resize(h.first);
    } else if (terms_.size() + capacity > terms_.capacity() && 8 * (terms_.size() - held_) >= terms_.size()) {
      h.capacity = 0;  // its terms are the caller's now
      reclaim();
    }
    make_room(capacity);
    h.first = static_cast<std::uint32_t>(terms_.size());
    terms_.resize(terms_.size() + capacity);
    h.capacity = static_cast<std::uint32_t>(capacity);
    held_ += capacity;
  }
  std::copy(terms, terms + count, terms_.begin() + h.first);
  h.count = static_cast<std::uint32_t>(count);
}

void RowStore::make_room(std::size_t count) {
  // A quarter more, not twice: the terms of a large model's rows are tens of megabytes, and the
  // array grows rarely (reclaim() comes first).
  if (terms_.size() + count > terms_.capacity()) terms_.reserve(terms_.size() + std::max(count, terms_.size() / 4));
}

void RowStore::reclaim() {
  // Rows in the order of their places: moving each down to the end of the one before never
  // overwrites a row not yet moved.
  std::vector<std::uint32_t> order(headers_.size());
  for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [this](std::uint32_t a, std::uint32_t b) { return headers_[a].first < headers_[b].first; });
  std::size_t end = 0;
  for (const std::uint32_t i : order) {
    Header& h = headers_[i];
    if (h.capacity == 0) {  // no terms (or the row being placed)
      h.first = static_cast<std::uint32_t>(end);
      continue;
    }
    std::copy(terms_.begin() + h.first, terms_.begin() + h.first + h.count, terms_.begin() + static_cast<std::ptrdiff_t>(end));
    h.first = static_cast<std::uint32_t>(end);
    end += h.capacity;
  }
  terms_.resize(end);
}

void RowStore::clear(std::size_t i) {
  Header& h = headers_[i];
  held_ -= h.capacity;
  if (h.extra != kNone) extras_[h.extra] = Extra();
  h = Header{};
  h.first = static_cast<std::uint32_t>(terms_.size());
}

void RowStore::set(std::size_t i, const LinearRow& row) {
  Header& h = headers_[i];
  place_terms(h, row.terms.data(), row.terms.size());
  set_constant(h, row.constant);
  set_extra(h, row);
}

Coef RowStore::substitute(std::size_t i, Slot x, const LinearRow& value, SlotIndex& index) {
  Header& h = headers_[i];
  const LinearRow::Term* const row = terms_.data() + h.first;
  const LinearRow::Term* const end = row + h.count;
  const LinearRow::Term* const at = std::find_if(row, end, [x](const LinearRow::Term& t) { return t.slot() == x; });
  if (at == end) return 0.0;
  const Coef u = at->coefficient();
  // The row's other terms in their order, then value's new ones (as add_scaled appends them).
  scratch_.assign(row, at);
  scratch_.insert(scratch_.end(), at + 1, end);
  for (std::size_t k = 0; k < scratch_.size(); ++k) index.at(scratch_[k].slot()) = static_cast<std::int32_t>(k);
  for (const LinearRow::Term& t : value.terms) {
    std::int32_t& p = index.at(t.slot());
    if (p >= 0) {
      LinearRow::Term& same = scratch_[static_cast<std::size_t>(p)];
      same.set_coefficient(same.coefficient() + u * t.coefficient());
    } else {
      p = static_cast<std::int32_t>(scratch_.size());
      scratch_.push_back({t.slot(), u * t.coefficient()});
    }
  }
  for (const LinearRow::Term& t : scratch_) index.at(t.slot()) = -1;
  scratch_.erase(std::remove_if(scratch_.begin(), scratch_.end(),
                                [](const LinearRow::Term& t) { return t.coefficient().is_zero(); }),
                 scratch_.end());
  place_terms(h, scratch_.data(), scratch_.size());
  set_constant(h, constant_of(h) + u * value.constant);
  if (h.extra != kNone) extras_[h.extra].exact.reset();  // the row is no longer that expression
  return u;
}

void RowStore::compact(const std::vector<bool>& keep, const std::vector<std::uint32_t>& column) {
  auto renumber = [&column](Slot& s) {
    s.column = column[s.column];
    if (s.column == kNone) throw std::logic_error("RowStore: a kept row reads a column that is not kept");
  };
  // The rows not kept give up their room, the kept ones all but their terms; reclaim() packs them.
  for (std::size_t i = 0; i < headers_.size(); ++i) {
    Header& h = headers_[i];
    if (!keep[i]) {
      clear(i);
      continue;
    }
    held_ -= h.capacity - h.count;
    h.capacity = h.count;
  }
  reclaim();
  std::size_t kept = 0;
  for (std::size_t i = 0; i < headers_.size(); ++i) {
    if (!keep[i]) continue;
    Header& h = headers_[i];
    for (std::size_t k = h.first; k < h.first + h.count; ++k) {
      Slot s = terms_[k].slot();
      renumber(s);
      terms_[k].set_column(s.column);
    }
    if (h.extra != kNone)
      for (Slot& s : extras_[h.extra].rest_slots) renumber(s);
    headers_[kept++] = h;
  }
  headers_.resize(kept);
}

}  // namespace acausal
