#pragma once
/// @file
/// Consistent initial values (DESIGN §4.4): y and y' at t0 that satisfy F(t0, y, y') = 0 and the
/// initial targets — every high-priority target exactly, then low-priority targets and default
/// start values of states as far as the model leaves freedom for them.

#include <string>
#include <vector>

#include "core/analysis/program_state.hpp"

namespace acausal {

/// Where an unknown's initial value comes from, for `acausal check` and for messages.
enum class InitialSource {
  HighTarget,    ///< a high-priority netlist target
  LowTarget,     ///< a low-priority netlist target that could be met
  DefaultStart,  ///< no target: the state starts at its component start value (0 unless declared)
  Computed,      ///< determined by the equations and the other targets
};

struct InitialState {
  double time = 0.0;
  std::vector<double> y, yp;
  std::vector<double> parameters;       ///< the initial parameters (Program::initial_parameters)
  std::vector<double> branch;           ///< sign of each event indicator
  std::vector<InitialSource> source;    ///< per unknown
  std::vector<std::string> dropped;     ///< low targets the model could not honour (variable names)
  int newton_iterations = 0;
};

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
