#pragma once
/// @file
/// What the Python package drives, in plain C++ (python/src/module.cpp binds it): a netlist with the
/// component types it was loaded with, a model compiled from it, whole runs collected into flat
/// arrays, and a stepped run.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "acausal/acausal.hpp"
#include "solver/linearization.hpp"

namespace acausal::python {

/// A netlist and the registry of its component types (the built-in ones, the component libraries
/// named by the caller and by ACAUSAL_LIBRARIES, as the CLI's --library).
class LoadedNetlist {
 public:
  /// @throws ModelError, ComponentLibraryError
  static std::shared_ptr<LoadedNetlist> from_file(const std::string& path, const std::vector<std::string>& libraries);
  static std::shared_ptr<LoadedNetlist> from_text(const std::string& text, const std::string& source,
                                                  const std::vector<std::string>& libraries);
  /// A copy with `instance.param=value` assignments applied (apply_override: the CLI's --set).
  std::shared_ptr<LoadedNetlist> with_values(const std::vector<std::string>& assignments) const;

  const Netlist& netlist() const { return netlist_; }
  const Registry& registry() const { return *registry_; }
  const std::string& name() const { return netlist_.name; }
  /// Every instance's parameters: (`instance.param`, SI unit, description, the netlist's value as
  /// written or the default's text, a real parameter's value in SI as a number's text or "").
  std::vector<std::vector<std::string>> parameters() const;
  /// Writes rows of this netlist's outputs (`values` row-major, `names` as a run gave them) as a
  /// Modelica result file (solver/mat_writer.hpp), the parameters in `changed` with those values.
  void write_mat(const std::string& path, const std::vector<std::string>& names, const std::vector<double>& times,
                 const std::vector<double>& values, const std::vector<std::pair<std::string, double>>& changed) const;

 private:
  LoadedNetlist(std::shared_ptr<const Registry> registry, Netlist netlist)
      : registry_(std::move(registry)), netlist_(std::move(netlist)) {}
  std::shared_ptr<const Registry> registry_;
  Netlist netlist_;
};

/// What one run is given.
struct RunSettings {
  SimulationOptions options;
  std::vector<std::pair<std::string, double>> parameters;  ///< tunable parameters (SI)
  std::vector<std::pair<std::string, double>> initial;     ///< high-priority initial values of unknowns
  std::vector<std::pair<std::string, double>> input_values;
  std::vector<std::pair<std::string, std::function<double(double)>>> input_functions;
};

/// A whole run: rows of outputs (an event's two rows at its time), row-major.
struct RunResult {
  std::vector<std::string> names;
  std::vector<double> times, values, event_times;
  SolverStatistics statistics;
  /// Parameters computed at initialization (`"fixed": false`), by name.
  std::vector<std::pair<std::string, double>> initial_parameters;
  std::optional<EnergyReport> energy;
  /// Per output grid point: the account's time, stored energy, work lost and work in, row-major.
  std::vector<double> energy_series;
};

class CompiledRun {
 public:
  /// @throws ModelError
  CompiledRun(std::shared_ptr<const LoadedNetlist> netlist, bool energy, std::vector<std::string> tunable);
  const CompiledModel& model() const { return model_; }
  bool has_energy() const { return energy_; }
  std::vector<std::string> unknown_names() const;
  /// @throws ModelError, SolverError, std::invalid_argument (an unknown parameter, input or unknown)
  RunResult run(const RunSettings& settings) const;
  /// A Simulator given the settings' parameters, initial values and inputs.
  std::unique_ptr<Simulator> simulator(const RunSettings& settings) const;
  /// The linear model at time `at` (simulated to it from the start), inputs without a value in
  /// the settings held at 0. @throws std::invalid_argument (linearize()), SolverError
  Linearization linearize(const RunSettings& settings, double at, const std::vector<std::string>& inputs,
                          const std::vector<std::string>& outputs) const;

 private:
  /// The settings as a Simulator takes them: parameter, input and unknown names resolved.
  /// @throws std::invalid_argument naming one the model does not have
  SimulationOptions options_for(const RunSettings& settings) const;
  std::shared_ptr<const LoadedNetlist> netlist_;  ///< keeps the component libraries loaded
  bool energy_;
  CompiledModel model_;
};

/// A Simulator and what keeps its model alive.
class SteppedRun {
 public:
  SteppedRun(std::shared_ptr<const CompiledRun> compiled, const RunSettings& settings)
      : compiled_(std::move(compiled)), sim_(compiled_->simulator(settings)) {}
  void initialize() { sim_->initialize(); }
  void step_to(double t) { sim_->step_to(t); }
  double time() const { return sim_->time(); }
  const std::vector<double>& y() const { return sim_->y(); }
  const std::vector<double>& yp() const { return sim_->yp(); }
  std::vector<double> outputs();
  void set_state(const std::vector<double>& y) { sim_->set_state(y); }
  void set_input(const std::string& name, double value) { sim_->set_input(name, value); }
  const EnergyReport* energy() const { return sim_->energy_so_far(); }
  SolverStatistics statistics() const { return sim_->statistics(); }

 private:
  std::shared_ptr<const CompiledRun> compiled_;
  std::unique_ptr<Simulator> sim_;
};

}  // namespace acausal::python
