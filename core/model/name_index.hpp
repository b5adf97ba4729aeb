#pragma once
/// @file
/// Names → indices for a large model's hundreds of thousands of instance names. Open addressing
/// with linear probing over each name's hash: a lookup reads one slot (and the name where the
/// hashes agree), where a std::unordered_map follows a bucket to a node allocated apart. A slot is
/// 8 bytes (part of the hash and the index): the names stay with their owner, which the lookups
/// read through `name_of(index)`.

#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

namespace acausal {

class NameIndex {
 public:
  static constexpr std::uint32_t npos = static_cast<std::uint32_t>(-1);

  std::size_t size() const { return size_; }
  void clear() {
    slots_.clear();
    size_ = 0;
  }
  /// Room for `names` names without growing.
  void reserve(std::size_t names) {
    std::size_t capacity = 16;
    while (capacity < 2 * names) capacity *= 2;
    if (capacity > slots_.size()) rehash(capacity);
  }
  /// Adds `name` → `index`; false (and the index it has kept) when the name is there already.
  /// `name_of(i)`: the name of index i (for the ones added before).
  template <typename NameOf>
  bool insert(std::string_view name, std::uint32_t index, const NameOf& name_of) {
    if (2 * (size_ + 1) > slots_.size()) rehash(slots_.empty() ? 16 : 2 * slots_.size());
    const std::uint32_t hash = hash_of(name);
    Slot& s = slot_of(slots_, name, hash, name_of);
    if (s.index != npos) return false;
    s = {hash, index};
    ++size_;
    return true;
  }
  /// The index of `name`, or npos.
  template <typename NameOf>
  std::uint32_t find(std::string_view name, const NameOf& name_of) const {
    if (slots_.empty()) return npos;
    return slot_of(slots_, name, hash_of(name), name_of).index;
  }

 private:
  struct Slot {
    std::uint32_t hash = 0;
    std::uint32_t index = npos;  ///< npos: empty
  };

  static std::uint32_t hash_of(std::string_view name) {
    return static_cast<std::uint32_t>(std::hash<std::string_view>{}(name));
  }
  /// The slot holding `name`, or the empty slot where it goes (the table is at most half full).
  template <typename Slots, typename NameOf>  // const or not
  static auto slot_of(Slots& slots, std::string_view name, std::uint32_t hash, const NameOf& name_of)
      -> decltype(slots[0]) {
    const std::size_t mask = slots.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
      auto& s = slots[i];
      if (s.index == npos || (s.hash == hash && std::string_view(name_of(s.index)) == name)) return s;
    }
  }
  void rehash(std::size_t capacity) {
    std::vector<Slot> old(capacity);
    old.swap(slots_);
    const std::size_t mask = slots_.size() - 1;
    for (const Slot& s : old) {
      if (s.index == npos) continue;
      std::size_t i = s.hash & mask;  // distinct names: the first empty slot of the run
      while (slots_[i].index != npos) i = (i + 1) & mask;
      slots_[i] = s;
    }
  }

  std::vector<Slot> slots_;  ///< a power of two of them
  std::size_t size_ = 0;
};

}  // namespace acausal
