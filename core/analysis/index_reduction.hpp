#pragma once
/// @file
/// Index reduction (DESIGN §4.3). Pantelides' algorithm says which equations to differentiate and
/// how often; the differentiated equations join the system; dummy derivatives (Mattsson and
/// Söderlind, 1993) then make it index 1 without dropping any equation:
///
/// At level r (r = 1 … the largest number of differentiations) the equations differentiated at
/// least r times, taken r differentiations below their highest form, are constraints on the
/// variables r orders below their highest order. Each level selects as many of those variables as
/// it has constraints (a nonsingular block of the system Jacobian ∂f_i/∂x_j^(d_j − c_i), chosen
/// within the previous level's selection, by state priority first and pivot size at the start
/// values second). A selected variable is fixed by the constraints, so it is not a state, and its
/// derivative becomes an algebraic unknown of its own — a *dummy derivative*. What is never
/// selected stays a state.

#include <cstdint>
#include <string>
#include <vector>

#include "core/expr/expr.hpp"

namespace acausal {

struct Model;
struct ReducedDae;

/// One level and connected part of the state selection whose choice is data (dynamic state
/// selection): its constraints' Jacobian depends on the solution, so that the block selected at the
/// start values may turn singular during the run (a pendulum's x² + y² = L² solved for y, through
/// the horizontal). The candidates that may be states (`free`: those of a priority tier at least
/// that of the least preferred state at the start; the others are always solved for) stay unknowns
/// with their derivatives unknowns of their own, and cols − rows selection rows
/// Σ_f σ_kf·(der(x_f) − x_f') = 0 say which are states: σ_kf (a discrete variable, 0 or 1) is 1
/// where free candidate f fills state slot k. The Jacobian is compiled over all of them; a run
/// chooses the states anew (new σ, new IDA ids) where the selected block nears singularity. A part
/// whose selected block is constant or triangular with a constant diagonal keeps its choice and has
/// no block; one whose states are all `always` keeps its choice too, with a block the run watches
/// (`kept`).
struct PivotBlock {
  int level = 1;                         ///< of index reduction (1: the constraints differentiated once)
  std::size_t rows = 0;                  ///< constraints (= selected variables)
  std::size_t cols = 0;                  ///< candidates
  /// The entries of the block over every candidate that are not identically zero, in the
  /// representatives and their derivatives (ReducedDae::in_reduced_unknowns writes them in the
  /// unknowns; gone with the analysis), and their places (row, candidate).
  std::vector<Expr> entries;
  std::vector<std::uint32_t> entry_rows, entry_cols;
  std::vector<std::string> constraints;  ///< the equations of the block, as the user wrote them
  std::vector<std::string> variables;    ///< the candidates' names
  /// The positions of the candidates that may be states; their unknowns (gone with the analysis)
  /// and (Program) their columns of y.
  std::vector<std::uint32_t> free;
  std::vector<Expr> candidates;
  /// The unknowns of the free candidates' derivatives, which the selection rows tie to the
  /// integrator's y' where the candidate is a state (gone with the analysis).
  std::vector<Expr> derivatives;
  std::vector<std::uint32_t> columns;
  /// Per candidate: selected (not a state) at the start values.
  std::vector<bool> selected;
  /// Per candidate: its selection order (lower is selected first: derivatives, then by state
  /// priority from avoid to always).
  std::vector<int> tiers;
  /// Per candidate, the level below's choice of the same variable one order lower (a variable the
  /// constraints fix has its derivative fixed too): kFree (not a candidate there, or a state in a
  /// choice that does not change), kForced (selected there, for good), or the index of that
  /// level's block (in IndexReduction::pivots) and the candidate's position in it.
  static constexpr std::int32_t kFree = -1, kForced = -2;
  std::vector<std::int32_t> below_block;
  std::vector<std::uint32_t> below_position;
  /// σ of slot k and free candidate f (a position in `free`): discrete variable
  /// first_switch + k·free.size() + f (of IndexReduction::switches; of Program::discretes() in a
  /// program's blocks).
  std::size_t first_switch = 0;
  /// The choice at the start values, kept for the whole run: every state it leaves is wanted
  /// `always` (Modelica's StateSelect.always). It has no free candidates and no σ; the run
  /// watches it and stops where it turns singular.
  bool kept = false;
  std::size_t slots() const { return cols - rows; }
  std::size_t entries_size() const { return entry_rows.size(); }
};

/// What index reduction did, for `acausal check` and for tests.
struct IndexReduction {
  int index = 1;  ///< structural index of the model (1: no reduction was needed)
  /// Model equations that were differentiated, with how often.
  std::vector<std::pair<std::size_t, int>> differentiated;
  std::vector<std::string> dummy_derivatives;  ///< derivatives that became algebraic unknowns
  /// The parts whose choice is data or watched (PivotBlock::kept), deepest level first (a level's
  /// choice forces the next's).
  std::vector<PivotBlock> pivots;
  /// The selection variables σ of every block (discrete variables, 0 or 1): their value and pre()
  /// leaves, names and values at the start (gone with the analysis).
  std::vector<Expr> switches, pre_switches;
  std::vector<std::string> switch_names;
  std::vector<double> switch_starts;
  /// Unknowns whose role (state or not) the run chooses: the free candidates of `pivots`.
  std::vector<std::string> selectable;
};

/// `x`, `der(x)`, `der(der(x))`: the name of the k-th derivative of a variable.
std::string derivative_name(const std::string& name, int k);

/// "once", "twice", "3 times": how often an equation was differentiated, for messages.
std::string times_text(int k);

/// Rewrites a structurally nonsingular DAE of index > 1 (as analyze() builds it, before explicit
/// algebraics are eliminated; `residuals` in r's unknowns, residual i from r.residual_equation[i])
/// into an index-1 one: differentiated equations appended, der^k(x)
/// replaced by the states' derivatives or by dummy-derivative unknowns named `der(x)`,
/// `der(der(x))`. Fills r.reduction.
/// @throws ModelError if no state selection exists (a constraint that cannot be solved for any of
///         its variables at the start values).
void reduce_index(const Model& model, ReducedDae& r, std::vector<Expr>& residuals);

}  // namespace acausal
