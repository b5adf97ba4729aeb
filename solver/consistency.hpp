#pragma once
/// @file
/// Consistent derivatives at a solution point: with the differential unknowns held, solve
/// F(t, y, y') = 0 for the algebraic unknowns and the derivatives of the differential ones.

#include <vector>

#include "core/analysis/program_state.hpp"
#include "solver/sparse_lu.hpp"

namespace acausal {

/// Newton on (y_algebraic, y'_differential) with y_differential fixed, to rounding. The solver's
/// own y' satisfies the equations only to its Newton tolerance divided by the step size; audits
/// that compare powers need the exact relation. Then y' of the algebraic unknowns from the
/// differentiated equations, F_t + F_y·y' + F_y'·y'' = 0, solved for (y'_algebraic, y''_differential)
/// with the same matrix: IDA's own y' of an algebraic unknown is only its polynomial's slope, and a
/// stored energy in an algebraic unknown (a spring between a dummy-derivative shaft and a state)
/// has its rate through it.
/// The equations are the state's program's, with its parameters and branches.
/// `lu`: the caller's, kept between calls so that its ordering of the (unchanging) pattern is reused.
/// @throws SolverError if the equations are singular there.
void make_consistent(ProgramState& state, double t, std::vector<double>& y, std::vector<double>& yp, SparseLu& lu);

}  // namespace acausal
