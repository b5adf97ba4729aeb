#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "core/analysis/chunked_lists.hpp"

using acausal::ChunkedLists;

TEST_CASE("chunked lists: ids come back in order through growth, erasure and reuse of chunks, as vectors would keep them") {
  constexpr std::size_t kLists = 50;
  ChunkedLists lists(kLists);
  std::vector<std::vector<std::uint32_t>> expected(kLists);
  std::mt19937 random(7);
  std::vector<std::uint32_t> out;
  for (int step = 0; step < 20000; ++step) {
    const std::size_t list = static_cast<std::size_t>(random() % kLists);
    const auto what = static_cast<unsigned>(random() % 10);
    if (what < 7) {
      const auto id = static_cast<std::uint32_t>(random() % 1000);
      lists.push_back(list, id);
      expected[list].push_back(id);
    } else if (what < 9) {  // drop the odd ids
      lists.erase_if(list, [](std::uint32_t id) { return id % 2 == 1; });
      std::erase_if(expected[list], [](std::uint32_t id) { return id % 2 == 1; });
    } else {
      lists.clear(list);
      expected[list].clear();
    }
    CHECK(lists.size(list) == expected[list].size());
    CHECK(lists.full(list) == (expected[list].size() % 3 == 0));
  }
  for (std::size_t list = 0; list < kLists; ++list) {
    lists.copy_to(list, out);
    CHECK(out == expected[list]);
    for (std::uint32_t id = 0; id < 1000; id += 37)
      CHECK(lists.contains(list, id) == (std::find(expected[list].begin(), expected[list].end(), id) != expected[list].end()));
  }
}
