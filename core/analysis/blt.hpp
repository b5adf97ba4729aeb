#pragma once
/// @file
/// Block lower triangular form (BLT) of a square system with a perfect matching: the strongly
/// connected components of "equation i needs the unknown that equation j is matched to", in the
/// order they can be solved — each block's unknowns depend only on its own and earlier blocks'.

#include <cstddef>
#include <vector>

#include "core/analysis/matching.hpp"

namespace acausal {

struct BltBlock {
  std::vector<std::size_t> rows;  ///< equations of the block
  std::vector<std::size_t> cols;  ///< the unknowns they are matched to (same count)
};

/// @pre m is a perfect matching of g.
std::vector<BltBlock> blt(const Bipartite& g, const Matching& m);

}  // namespace acausal
