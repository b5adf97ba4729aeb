#pragma once
/// @file
/// Internal: the hash-consing store's lookup table of nodes, and the structural key it compares.
/// Only core/expr/expr_store.cpp includes this.

#include <bit>
#include <cstddef>
#include <functional>
#include <string_view>
#include <vector>

#include "core/expr/expr_node.hpp"

namespace acausal::detail {

inline std::size_t mix(std::size_t seed, std::size_t v) {
  return seed ^ (v + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}

inline std::size_t hash_key(const NodeKey& k) {
  std::size_t h = mix(static_cast<std::size_t>(k.op), static_cast<std::size_t>(k.order));
  h = mix(h, std::bit_cast<std::uint64_t>(k.value));
  h = mix(h, std::hash<std::string_view>{}(k.name));
  h = mix(h, std::hash<const void*>{}(k.table));
  for (const Expr& a : k.args) h = mix(h, std::hash<const void*>{}(a.node()));
  // Final avalanche (MurmurHash3's): the node table indexes by the low bits.
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  return h;
}

inline NodeKey key_of(const Node& n) {
  if (n.op == Op::Constant) return NodeKey{n.op, n.order, n.value, {}, nullptr, n.args()};
  if (!has_extra(n.op)) return NodeKey{n.op, n.order, 0.0, {}, nullptr, n.args()};
  return NodeKey{n.op, n.order, 0.0, n.extra->name, n.extra->table.get(), n.args()};
}

inline bool same_key(const NodeKey& a, const NodeKey& b) {
  if (a.op != b.op || a.order != b.order || a.table != b.table || a.name != b.name) return false;
  if (std::bit_cast<std::uint64_t>(a.value) != std::bit_cast<std::uint64_t>(b.value)) return false;
  if (a.args.size() != b.args.size()) return false;
  for (std::size_t i = 0; i < a.args.size(); ++i)
    if (a.args[i] != b.args[i]) return false;
  return true;
}

/// Open-addressing hash set of nodes (linear probing, backward-shift deletion). Each slot keeps the
/// node's hash, so a probe touches a node only when the hashes agree: the lookups of a large model
/// cost one or two cache lines instead of a walk through a bucket list.
class NodeTable {
 public:
  explicit NodeTable(std::size_t slots) : slots_(slots) {}

  std::size_t size() const { return size_; }

  /// The node with this content, or nullptr.
  Node* find(const NodeKey& key, std::size_t h) const {
    for (std::size_t i = h & mask(); slots_[i].node != nullptr; i = (i + 1) & mask())
      if (slots_[i].hash == h && same_key(key, key_of(*slots_[i].node))) return slots_[i].node;
    return nullptr;
  }

  void insert(Node* n) {
    if (too_full(size_ + 1, slots_.size())) grow();
    place(n);
    ++size_;
  }

  /// Starts loading the slot where a lookup of hash `h` begins.
  void prefetch(std::size_t h) const { __builtin_prefetch(&slots_[h & mask()]); }

  /// Moves every node into `other`, in this table's slot order.
  void move_into(NodeTable& other) {
    other.reserve(size_);
    for (Slot& s : slots_)
      if (s.node != nullptr) {
        other.insert(s.node);
        s = {};
      }
    size_ = 0;
  }

  /// Room for `more` nodes beyond the present ones without growing.
  void reserve(std::size_t more) {
    std::size_t want = slots_.size();
    while (too_full(size_ + more, want)) want *= 2;
    if (want != slots_.size()) rehash(want);
  }

  void erase(const Node* n) {
    std::size_t i = n->hash & mask();
    while (slots_[i].node != n) i = (i + 1) & mask();
    // Backward shift: move later entries of the probe run into the hole where their home allows.
    std::size_t hole = i;
    for (std::size_t j = (i + 1) & mask(); slots_[j].node != nullptr; j = (j + 1) & mask()) {
      const std::size_t home = slots_[j].hash & mask();
      const bool movable = hole <= j ? (home <= hole || home > j) : (home <= hole && home > j);
      if (movable) {
        slots_[hole] = slots_[j];
        hole = j;
      }
    }
    slots_[hole] = {};
    --size_;
  }

 private:
  struct Slot {
    std::size_t hash = 0;
    Node* node = nullptr;
  };
  std::size_t mask() const { return slots_.size() - 1; }
  /// Linear probing stays short up to a load of about 0.6 (the slots keep the hashes); a table of
  /// millions of nodes is hundreds of megabytes, so it is not kept emptier than that.
  static bool too_full(std::size_t nodes, std::size_t slots) { return 5 * nodes > 3 * slots; }
  void place(Node* n) {
    std::size_t i = n->hash & mask();
    while (slots_[i].node != nullptr) i = (i + 1) & mask();
    slots_[i] = {n->hash, n};
  }
  void grow() { rehash(slots_.size() * 2); }
  void rehash(std::size_t size) {
    std::vector<Slot> old(size);
    old.swap(slots_);
    for (const Slot& s : old)
      if (s.node != nullptr) place(s.node);
  }
  std::vector<Slot> slots_;
  std::size_t size_ = 0;
};

}  // namespace acausal::detail
