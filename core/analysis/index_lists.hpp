#pragma once
/// @file
/// Many short lists of indices in two arrays (compressed rows): the provenance of a large model's
/// residuals, the incidence of its equations on its unknowns.

#include <cstdint>
#include <limits>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

namespace acausal {

/// Short lists of indices, one per owner, one after another: a large model has hundreds of
/// thousands of them, and one array costs one allocation instead of as many.
struct IndexLists {
  std::vector<std::uint32_t> start{0};  ///< list k is items[start[k] .. start[k + 1])
  std::vector<std::uint32_t> items;

  std::size_t size() const { return start.size() - 1; }
  std::span<const std::uint32_t> operator[](std::size_t k) const {
    return {items.data() + start[k], start[k + 1] - start[k]};
  }
  void push_back(std::span<const std::uint32_t> list) {
    if (items.size() + list.size() > std::numeric_limits<std::uint32_t>::max())
      throw std::length_error("IndexLists: more than 2^32 items");
    items.insert(items.end(), list.begin(), list.end());
    start.push_back(static_cast<std::uint32_t>(items.size()));
  }
  /// Removes the last list.
  void pop_back() {
    start.pop_back();
    items.resize(start.back());
  }
  /// `owners` lists from (owner, item) pairs: each list in the order its pairs were noted.
  static IndexLists grouped(std::size_t owners, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& pairs);
};

}  // namespace acausal
