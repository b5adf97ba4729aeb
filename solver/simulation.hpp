#pragma once
/// @file
/// A whole simulation: initialization, integration with events, outputs streamed to a writer, and
/// (on request) the energy account.

#include <functional>
#include <optional>

#include "core/model/netlist.hpp"
#include "core/analysis/program.hpp"
#include "solver/energy_ledger.hpp"
#include "solver/ida_session.hpp"
#include "solver/initialization.hpp"
#include "solver/result_writer.hpp"

namespace acausal {

struct SimulationOptions {
  double start = 0.0;
  double stop = 1.0;
  double interval = 0.002;   ///< output grid
  double tolerance = 1e-6;   ///< relative; absolute tolerances are tolerance · nominal
  bool energy = false;       ///< integrate the energy account
  /// Called after every integrator step with the time reached and the steps so far (a progress line).
  std::function<void(double t, std::size_t steps)> on_step;
};

/// The experiment's settings (interval defaults to (stop − start)/500).
SimulationOptions options_from(const Experiment& experiment);

struct SimulationResult {
  InitialState initial;
  SolverStatistics statistics;
  std::optional<EnergyReport> energy;
  std::size_t rows = 0;  ///< output rows written
  double initialize_seconds = 0.0;  ///< wall time of the initialization
  double integrate_seconds = 0.0;   ///< wall time of the integration (outputs and energy included)
};

/// Runs the simulation, writing each output row as soon as it is computed.
/// @throws ModelError (initial targets), SolverError (initialization or integration failure; the
///         rows up to the failure are already written).
SimulationResult simulate(Program& program, const SimulationOptions& options, ResultWriter& writer);

}  // namespace acausal
