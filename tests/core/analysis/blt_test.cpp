#include <doctest/doctest.h>

#include "core/analysis/blt.hpp"

using namespace acausal;

TEST_CASE("blt: a chain solves from its free end, a loop is one block") {
  // Rows: 0: x0 = 1; 1: x1 = f(x0); 2, 3: x2, x3 coupled both ways; 4: x4 = g(x3, x1).
  Bipartite g;
  g.cols = 5;
  for (const std::vector<std::uint32_t>& row : std::vector<std::vector<std::uint32_t>>{{0}, {1, 0}, {2, 3, 1}, {3, 2}, {4, 3, 1}})
    g.adjacency.push_back(row);
  Matching m = maximum_matching(g);
  REQUIRE(m.perfect());
  const std::vector<BltBlock> blocks = blt(g, m);
  REQUIRE(blocks.size() == 4);
  CHECK(blocks[0].rows == std::vector<std::size_t>{0});
  CHECK(blocks[1].rows == std::vector<std::size_t>{1});
  CHECK(blocks[2].rows == std::vector<std::size_t>{2, 3});
  CHECK(blocks[3].rows == std::vector<std::size_t>{4});
  // Every block's equations only read unknowns of that block or of earlier ones.
  std::vector<std::size_t> block_of_col(5);
  for (std::size_t b = 0; b < blocks.size(); ++b)
    for (std::size_t c : blocks[b].cols) block_of_col[c] = b;
  for (std::size_t b = 0; b < blocks.size(); ++b)
    for (std::size_t r : blocks[b].rows)
      for (std::uint32_t c : g.adjacency[r]) CHECK(block_of_col[c] <= b);
}
