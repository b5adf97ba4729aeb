#include "core/analysis/index_lists.hpp"

namespace acausal {

IndexLists IndexLists::grouped(std::size_t owners, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& pairs) {
  IndexLists out;
  out.start.assign(owners + 1, 0);
  for (const auto& [owner, item] : pairs) ++out.start[owner + 1];
  for (std::size_t k = 0; k < owners; ++k) out.start[k + 1] += out.start[k];
  out.items.resize(pairs.size());
  std::vector<std::uint32_t> next(out.start.begin(), out.start.end() - 1);
  for (const auto& [owner, item] : pairs) out.items[next[owner]++] = item;
  return out;
}

}  // namespace acausal
