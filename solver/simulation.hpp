#pragma once
/// @file
/// A whole simulation: a Simulator stepped along the output grid, every row streamed to a writer
/// as soon as it is computed, and (on request) the energy account.

#include <optional>

#include "core/model/netlist.hpp"
#include "solver/result_writer.hpp"
#include "solver/simulator.hpp"

namespace acausal {

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

/// Runs the simulation, writing each output row as soon as it is computed: one per point of the
/// output grid, and two at every event, its left and right limits at the same time (as Modelica
/// result files have them; a grid point on an event is those two rows).
/// @throws ModelError (initial targets), SolverError (initialization or integration failure; the
///         rows up to the failure are already written).
SimulationResult simulate(const Program& program, const SimulationOptions& options, ResultWriter& writer);
/// The same for a compiled model (its program).
SimulationResult simulate(const CompiledModel& model, const SimulationOptions& options, ResultWriter& writer);

}  // namespace acausal
