#pragma once
/// @file
/// A run's consistent initial values and where each came from (solver/initialization.hpp computes
/// them).

#include <string>
#include <vector>

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

}  // namespace acausal
