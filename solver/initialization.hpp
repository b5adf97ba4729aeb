#pragma once
/// @file
/// Consistent initial values (DESIGN §4.4): y and y' at t0 that satisfy F(t0, y, y') = 0 and the
/// initial targets — every high-priority target exactly, then low-priority targets and default
/// start values of states as far as the model leaves freedom for them.

#include <string>
#include <vector>

#include "core/analysis/program_state.hpp"
#include "solver/initial_state.hpp"

namespace acausal {

/// Structural choice of the initial conditions (no numerics): which targets and start values hold.
/// @throws ModelError naming the targets when high-priority targets over-specify the model.
std::vector<InitialSource> initial_sources(const Program& program, std::vector<std::string>* dropped = nullptr);

/// Solves the initialization problem of the state's program by damped Newton with a sparse LU
/// factorization, and leaves the run's initial parameters (state.parameters) and branch signs
/// (state.branch) at the solution's.
/// @throws ModelError for over-specified targets, SolverError when Newton does not converge
///         (naming the equations with the largest residuals).
InitialState initialize(ProgramState& state, double t0);

}  // namespace acausal
