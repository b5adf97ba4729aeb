#pragma once
/// @file
/// Which columns of a constraint block to solve for: column-pivoted Gram–Schmidt, shared by index
/// reduction (the choice at the start values) and the run (the choice made again where it degrades).

#include <Eigen/Dense>
#include <cstddef>
#include <vector>

namespace acausal {

/// A pivot this much smaller than the largest entry of its block counts as zero.
constexpr double kPivotTolerance = 1e-10;

/// Up to a.rows() columns of `a` with a well-conditioned block, taken tier by tier (the lowest
/// tier first: −1 for columns that must be taken), the largest remaining norm first within a tier;
/// each taken direction is projected out of the other columns, whose remaining norms are what they
/// would add to the block. Positions in the order taken; fewer than a.rows() where the columns do
/// not have full row rank.
std::vector<std::size_t> pivot_columns(Eigen::MatrixXd a, const std::vector<int>& tiers);

}  // namespace acausal
