#pragma once
/// @file
/// A netlist built, analyzed and compiled once, to run any number of times: in sequence, in many
/// threads at once (a Simulator each), with new values of its tunable parameters and external
/// inputs for each run. What it holds is numbers and tapes; the analysis and the model it came
/// from are gone once it is compiled.
///
///     acausal::CompiledModel model(acausal::load_netlist("rotational_chain.json"), registry,
///                                  {.tunable = {"coupling1.c"}});
///     acausal::Simulator run(model, acausal::options_from(model.experiment()));
///     run.set_parameter("coupling1.c", 800.0);   // N·m/rad: no rebuild
///     run.step_to(1.0);

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/netlist.hpp"

namespace acausal {

class Program;
class Registry;

/// What to compile besides the residual, its Jacobian, the indicators, outputs and assertions.
struct CompileOptions {
  bool energy = false;       ///< the energy account's terms (SimulationOptions::energy)
  bool power_audit = false;  ///< with `energy`: the power audit's too (SimulationOptions::power_audit)
  /// The parameters a run may change without a rebuild (`instance.param`, or `*` for every one):
  /// Netlist::tunable, added to the netlist's own.
  std::vector<std::string> tunable;
};

class CompiledModel {
 public:
  /// Builds, analyzes and compiles `netlist` with the component types of `registry`, in the
  /// calling thread's expression store (expr_context.hpp).
  /// @throws ModelError for what `acausal check` reports.
  CompiledModel(const Netlist& netlist, const Registry& registry, CompileOptions options = {});
  CompiledModel(CompiledModel&&) noexcept;
  CompiledModel& operator=(CompiledModel&&) noexcept;
  ~CompiledModel();

  /// The compiled program, for a Simulator or simulate().
  const Program& program() const;
  /// The netlist's name, or its file when it has none ("" for neither).
  const std::string& name() const;
  /// The netlist's experiment (start, stop, output interval, tolerance).
  const Experiment& experiment() const;

  /// The unknowns the integrator solves for (`mass.s`, `der(x)` for a derivative index reduction
  /// made one), and the position of one by name.
  std::size_t unknown_count() const;
  const std::string& unknown_name(std::size_t k) const;
  std::optional<std::size_t> unknown_index(std::string_view name) const;
  /// The outputs a run writes, and the external inputs it reads (the netlist's `inputs`).
  const std::vector<std::string>& output_names() const;
  const std::vector<std::string>& input_names() const;
  /// The tunable parameters (Simulator::set_parameter), and their values at the build (SI).
  const std::vector<std::string>& tunable_names() const;
  std::vector<double> tunable_values() const;

 private:
  struct Parts;
  std::unique_ptr<Parts> parts_;
};

}  // namespace acausal
