#pragma once
/// @file
/// The run-time state selection (DESIGN §4.3). Index reduction chose, at the start values, which
/// variables the constraints are solved for; where the constraints' Jacobian depends on the motion
/// (a pendulum's x² + y² = L² solved for y), that choice can turn singular (the pendulum passing
/// the horizontal). Those choices are data (PivotBlock): this class watches the selected blocks
/// against the best their candidates allow and, where one degrades, chooses the states anew at
/// the current point (new selection variables σ and new differential unknowns for the integrator).

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/analysis/program_state.hpp"

namespace acausal {

class StateSelectionCheck {
 public:
  explicit StateSelectionCheck(ProgramState& state);
  ~StateSelectionCheck();

  /// Nothing to check: no selection depends on the solution.
  bool idle() const { return state_.program().pivot_blocks().empty(); }

  /// Whether the states should be chosen anew at this point: a selected block has become nearly
  /// singular (σ_min(selected) below 0.3 of σ_min over all candidates), or its determinant changed
  /// sign since the last look (the motion went through the singular configuration between two
  /// looks). Looks at every step where the blocks are small, else at the first call and every 32nd.
  /// A kept choice (PivotBlock::kept) is never made anew: where its determinant changes sign,
  /// throws SolverError naming its states.
  bool wants_new_choice(double t, const double* y, const double* yp);

  /// Chooses the states at this point, block by block from the deepest level (each keeps the
  /// selection the level below makes), by pivot size within the candidates' tiers; writes the new
  /// σ into the run's discrete values (value and pre()) and the new states into its ids
  /// (ProgramState::id). Whether the choice changed.
  bool choose(double t, const double* y, const double* yp);

  /// For a solver failure: the selection's trouble at this point, if its quality is below 0.3.
  std::optional<std::string> diagnose(double t, const double* y, const double* yp);
  /// Quality σ_min(selected)/σ_min(all candidates) of every block (in Program::pivot_blocks() order),
  /// under the current choice.
  const std::vector<double>& qualities(double t, const double* y, const double* yp);

  /// How often the run chose the states anew.
  std::size_t changes() const { return changes_; }

 private:
  /// Whether candidate c of block b is selected (not a state) under the current σ.
  bool selected(std::size_t b, std::size_t c) const;
  /// The deepest block (first in order) whose quality is below `threshold`: the root of the
  /// trouble, since the levels above it degrade with it.
  std::optional<std::size_t> deepest_below(double threshold) const;
  /// The candidates of a block under the current choice, by name: those solved for (and how many)
  /// and the states, each list joined with ", ".
  struct Roles {
    std::string fixed, states;
    std::size_t fixed_count = 0;
  };
  Roles roles(std::size_t block) const;
  std::string describe(std::size_t block, double quality) const;
  std::string kept_singular(std::size_t block) const;
  /// A block of more than 64 candidates: its quality |det(selected)| over the largest since the
  /// last choice, from a sparse factorization (the selected block of a spatial loop is mostly a
  /// chain of frames, each placed from the last).
  /// `all`: the block's entries over every candidate, row-major.
  void judge_sparse(std::size_t b, const double* all);

  ProgramState& state_;
  long calls_ = 0;  ///< of wants_new_choice()
  long stride_ = 1;
  std::size_t changes_ = 0;
  std::vector<double> values_;
  std::vector<double> qualities_;
  std::vector<double> signs_;  ///< of det(selected) of every block at the last look (qualities())
  /// Every block's quality right after the last choice (infinite before the first).
  std::vector<double> chosen_at_;
  struct SparseJudge;  ///< a large block's factorization, its pattern analysed once per choice
  std::vector<std::unique_ptr<SparseJudge>> sparse_;
  std::vector<double> peak_log_det_;  ///< per block of more than 64 candidates: the largest log|det| since the last choice
};

}  // namespace acausal
