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

#include <string>
#include <vector>

#include "core/expr/expr.hpp"

namespace acausal {

struct Model;
struct ReducedDae;

/// One level and connected part of the state selection, where the Jacobian depends on the
/// solution: its constraints' partial derivatives with respect to all candidates, the selected ones
/// first. The run-time check compares the selected block with the best the part allows and stops
/// the run when it nears singularity (the static selection no longer fits the motion).
struct PivotBlock {
  std::size_t rows = 0;                  ///< constraints (= selected variables)
  std::size_t cols = 0;                  ///< candidates, the selected ones first
  /// rows × cols, row-major, in the representatives and their derivatives (ReducedDae::
  /// in_reduced_unknowns writes them in the unknowns)
  std::vector<Expr> entries;
  std::vector<std::string> constraints;  ///< the equations of the block, as the user wrote them
  std::vector<std::string> variables;    ///< the candidates, the selected ones first
};

/// What index reduction did, for `acausal check` and for tests.
struct IndexReduction {
  int index = 1;  ///< structural index of the model (1: no reduction was needed)
  /// Model equations that were differentiated, with how often.
  std::vector<std::pair<std::size_t, int>> differentiated;
  std::vector<std::string> dummy_derivatives;  ///< derivatives that became algebraic unknowns
  std::vector<PivotBlock> pivots;              ///< blocks that depend on the solution (checked at run time)
  /// Parts too large for the run-time check (more than 64 candidates: chosen by structure, checked
  /// at the start values up to 512), described for `acausal check`.
  std::vector<std::string> unchecked;
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
