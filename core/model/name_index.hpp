#pragma once
/// @file
/// Names → indices for a large model's hundreds of thousands of instance names. Open addressing
/// with linear probing over each name's hash: a lookup reads one slot (and the name where the
/// hashes agree), where a std::unordered_map follows a bucket to a node allocated apart. The names
/// are views: their text must outlive the index.

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
  bool insert(std::string_view name, std::uint32_t index) {
    if (2 * (size_ + 1) > slots_.size()) rehash(slots_.empty() ? 16 : 2 * slots_.size());
    const std::size_t hash = std::hash<std::string_view>{}(name);
    Slot& s = slot_of(slots_, name, hash);
    if (s.index != npos) return false;
    s = {hash, name, index};
    ++size_;
    return true;
  }
  /// The index of `name`, or npos.
  std::uint32_t find(std::string_view name) const {
    if (slots_.empty()) return npos;
    return slot_of(slots_, name, std::hash<std::string_view>{}(name)).index;
  }

 private:
  struct Slot {
    std::size_t hash = 0;
    std::string_view name;
    std::uint32_t index = npos;  ///< npos: empty
  };

  /// The slot holding `name`, or the empty slot where it goes (the table is at most half full).
  template <typename Slots>  // const or not
  static auto slot_of(Slots& slots, std::string_view name, std::size_t hash) -> decltype(slots[0]) {
    const std::size_t mask = slots.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
      auto& s = slots[i];
      if (s.index == npos || (s.hash == hash && s.name == name)) return s;
    }
  }
  void rehash(std::size_t capacity) {
    std::vector<Slot> old(capacity);
    old.swap(slots_);
    for (const Slot& s : old)
      if (s.index != npos) slot_of(slots_, s.name, s.hash) = s;
  }

  std::vector<Slot> slots_;  ///< a power of two of them
  std::size_t size_ = 0;
};

}  // namespace acausal
