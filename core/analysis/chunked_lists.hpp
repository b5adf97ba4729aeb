#pragma once
/// @file
/// Many short lists of ids that grow one id at a time: during the elimination of the solved
/// unknowns, the rows and definitions that read each unknown. The ids sit in chunks of three with a
/// link, all in one pool: 16 bytes per three ids, and 8 per list for its head and size, where a
/// small vector per list costs 40 bytes before it spills (a large model has hundreds of thousands).

#include <cstdint>
#include <stdexcept>
#include <vector>

namespace acausal {

class ChunkedLists {
 public:
  explicit ChunkedLists(std::size_t lists) : heads_(lists, kNone), sizes_(lists, 0) {}

  std::size_t size(std::size_t list) const { return sizes_[list]; }
  /// List `list`'s ids, in the order they were added, into `out` (replacing what it held).
  void copy_to(std::size_t list, std::vector<std::uint32_t>& out) const {
    out.clear();
    std::uint32_t chunk = heads_[list];
    for (std::uint32_t k = 0; k < sizes_[list]; ++k) {
      if (k > 0 && k % kIds == 0) chunk = chunks_[chunk].next;
      out.push_back(chunks_[chunk].ids[k % kIds]);
    }
  }
  bool contains(std::size_t list, std::uint32_t id) const {
    std::uint32_t chunk = heads_[list];
    for (std::uint32_t k = 0; k < sizes_[list]; ++k) {
      if (k > 0 && k % kIds == 0) chunk = chunks_[chunk].next;
      if (chunks_[chunk].ids[k % kIds] == id) return true;
    }
    return false;
  }
  /// Would the next id of `list` take a new chunk?
  bool full(std::size_t list) const { return sizes_[list] % kIds == 0; }
  void push_back(std::size_t list, std::uint32_t id) {
    const std::uint32_t k = sizes_[list];
    if (k % kIds == 0) {
      const std::uint32_t fresh = take_chunk();
      if (k == 0) heads_[list] = fresh;
      else chunks_[chunk_at(list, k - 1)].next = fresh;
    }
    chunks_[chunk_at(list, k)].ids[k % kIds] = id;
    ++sizes_[list];
  }
  /// Removes the ids `drop(id)` says, keeping the others in order; chunks left empty are reused.
  template <typename Drop>
  void erase_if(std::size_t list, const Drop& drop) {
    std::uint32_t read = heads_[list], write = heads_[list], kept = 0;
    for (std::uint32_t k = 0; k < sizes_[list]; ++k) {
      if (k > 0 && k % kIds == 0) read = chunks_[read].next;
      const std::uint32_t id = chunks_[read].ids[k % kIds];
      if (drop(id)) continue;
      if (kept > 0 && kept % kIds == 0) write = chunks_[write].next;
      chunks_[write].ids[kept % kIds] = id;
      ++kept;
    }
    const std::uint32_t chunks_before = (sizes_[list] + kIds - 1) / kIds, chunks_after = (kept + kIds - 1) / kIds;
    if (chunks_after < chunks_before) {
      std::uint32_t rest = chunks_after == 0 ? heads_[list] : chunks_[chunk_at(list, kept - 1)].next;
      for (std::uint32_t c = chunks_after; c < chunks_before; ++c) {
        const std::uint32_t next = chunks_[rest].next;
        give_back(rest);
        rest = next;
      }
    }
    sizes_[list] = kept;
    if (kept == 0) heads_[list] = kNone;
  }
  /// Empties `list`; its chunks serve the lists that grow later.
  void clear(std::size_t list) {
    erase_if(list, [](std::uint32_t) { return true; });
  }

 private:
  static constexpr std::uint32_t kIds = 3;
  static constexpr std::uint32_t kNone = static_cast<std::uint32_t>(-1);
  struct Chunk {
    std::uint32_t ids[kIds];
    std::uint32_t next;
  };

  /// The chunk holding id k of `list` (k < its size, or k = size when that chunk exists).
  std::uint32_t chunk_at(std::size_t list, std::uint32_t k) const {
    std::uint32_t chunk = heads_[list];
    for (std::uint32_t c = 0; c < k / kIds; ++c) chunk = chunks_[chunk].next;
    return chunk;
  }
  std::uint32_t take_chunk() {
    if (free_ != kNone) {
      const std::uint32_t c = free_;
      free_ = chunks_[c].next;
      chunks_[c].next = kNone;
      return c;
    }
    if (chunks_.size() >= kNone) throw std::length_error("ChunkedLists: more than 2^32 chunks");
    chunks_.push_back({{0, 0, 0}, kNone});
    return static_cast<std::uint32_t>(chunks_.size() - 1);
  }
  void give_back(std::uint32_t c) {
    chunks_[c].next = free_;
    free_ = c;
  }

  std::vector<std::uint32_t> heads_;  ///< per list: its first chunk, or kNone
  std::vector<std::uint32_t> sizes_;  ///< per list: its ids
  std::vector<Chunk> chunks_;
  std::uint32_t free_ = kNone;  ///< chunks given back, linked through next
};

}  // namespace acausal
