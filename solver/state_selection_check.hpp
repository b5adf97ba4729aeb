#pragma once
/// @file
/// The run-time check of the static state selection (DESIGN §4.3). Index reduction chose, at the
/// start values, which variables the constraints are solved for; where the constraints' Jacobian
/// depends on the motion (a pendulum's x² + y² = L² solved for y), that choice can turn singular
/// (the pendulum passing the horizontal). At every step the check compares the selected block with
/// the best block its candidates allow, and stops the run with the variables involved before the
/// solver stumbles over it.

#include <optional>
#include <string>

#include "core/analysis/program_state.hpp"

namespace acausal {

class StateSelectionCheck {
 public:
  explicit StateSelectionCheck(ProgramState& state);

  /// Nothing to check: no selection depends on the solution.
  bool idle() const { return state_.program().pivot_blocks().empty(); }

  /// Looks at the first call and every 8th after it (diagnose() always looks).
  /// @throws SolverError naming the constraints, the variables they are solved for and the other
  ///         candidates, when a selected block has become nearly singular (σ_min(selected) below
  ///         1e-3 of σ_max over all candidates); it names the deepest block below 0.1, the root.
  ///         Also when a selected block's determinant changed sign since the last look: the motion
  ///         went through the singular configuration between two looks.
  void check(double t, const double* y, const double* yp);

  /// For a solver failure: the selection's trouble at this point, if its quality is below 0.1.
  std::optional<std::string> diagnose(double t, const double* y, const double* yp);
  /// Quality σ_min(selected)/σ_min(all candidates) of every block (in Program::pivot_blocks() order).
  const std::vector<double>& qualities(double t, const double* y, const double* yp);

 private:
  /// The deepest block (first in order) whose quality is below `threshold`: the root of the
  /// trouble, since the levels above it degrade with it.
  std::optional<std::size_t> deepest_below(double threshold) const;
  /// `crossed`: the block's determinant changed sign (it went through singular) rather than its
  /// quality falling below the bound.
  std::string describe(std::size_t block, double quality, bool crossed) const;

  ProgramState& state_;
  long calls_ = 0;  ///< of check()
  std::vector<double> values_;
  std::vector<double> qualities_;
  std::vector<double> signs_;  ///< of det(selected) of every block at the last look (qualities())
};

}  // namespace acausal
