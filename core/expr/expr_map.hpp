#pragma once
/// @file
/// A hash map from expressions to values for the large maps of analysis and compilation (a column per
/// unknown): open addressing on the node's id, so a lookup is one or two cache lines. The id, not the
/// content hash, places a key: a model's variables are created in model order, and the maps are
/// filled and read in about that order, so keys of one block of 8 consecutive ids sit in
/// neighbouring slots and a walk over the model reads the table nearly sequentially. The blocks
/// themselves are scattered (Fibonacci hashing): placed by the bare id, dense runs of ids folded
/// onto the same slots by the table size formed long probe runs, and compiling the tapes of a
/// 1000-link pendulum spent 40 % of its time probing for keys not yet in the map.

#include <bit>
#include <vector>

#include "core/expr/expr.hpp"

namespace acausal {

template <typename V>
class ExprMap {
 public:
  ExprMap() : slots_(16) {}

  /// The value of `key`, or nullptr.
  const V* find(const Expr& key) const {
    const detail::Node* n = key.node();
    for (std::size_t i = home(n);; i = (i + 1) & mask()) {
      const Slot& s = slots_[i];
      if (s.node == nullptr) return nullptr;
      if (s.node == n) return &s.value;
    }
  }

  /// Inserts (key, value) unless key is present; returns the stored value.
  const V& emplace(const Expr& key, V value) {
    if (too_full(size_ + 1, slots_.size())) grow();
    const std::size_t before = size_;
    std::size_t i = place(key.node(), std::move(value));
    if (size_ != before) keys_.push_back(key);
    return slots_[i].value;
  }

  std::size_t size() const { return size_; }

  /// Room for `n` keys without growing.
  void reserve(std::size_t n) {
    keys_.reserve(n);
    std::size_t want = slots_.size();
    while (too_full(n, want)) want *= 2;
    if (want == slots_.size()) return;
    std::vector<Slot> old(want);
    old.swap(slots_);
    shift_ = 64 - static_cast<unsigned>(std::countr_zero(want));
    size_ = 0;
    for (Slot& s : old)
      if (s.node != nullptr) place(s.node, std::move(s.value));
  }

 private:
  struct Slot {
    const detail::Node* node = nullptr;
    V value{};
  };
  std::size_t mask() const { return slots_.size() - 1; }
  /// Up to 0.6 full: probe runs stay short, and a map over a million unknowns stays tens of MB.
  static bool too_full(std::size_t keys, std::size_t slots) { return 5 * keys > 3 * slots; }
  std::size_t home(const detail::Node* n) const {
    const std::uint64_t id = n->id;
    const std::uint64_t block = ((id >> 3) * 0x9E3779B97F4A7C15ull) >> (shift_ + 3);
    return static_cast<std::size_t>((block << 3) | (id & 7));
  }
  std::size_t place(const detail::Node* n, V value) {
    std::size_t i = home(n);
    for (; slots_[i].node != nullptr; i = (i + 1) & mask())
      if (slots_[i].node == n) return i;
    slots_[i] = {n, std::move(value)};
    ++size_;
    return i;
  }
  void grow() { reserve(slots_.size()); }
  std::vector<Slot> slots_;
  std::vector<Expr> keys_;  // holds the keys alive (a slot only points at its node)
  std::size_t size_ = 0;
  unsigned shift_ = 60;  ///< 64 − log2(slots): the block hash keeps the top bits
};

}  // namespace acausal
