#pragma once
/// @file
/// The acausal library: everything a program needs to load a netlist, compile its model once and
/// run it — to the end, or step by step, as often as wanted, with new parameter values — with the
/// results and the energy account.
///
/// ```cpp
/// acausal::Registry registry;
/// acausal::register_builtin(registry);
/// acausal::load_component_library(registry, "./libmaglev.so");   // optional: components of one's own
/// acausal::Netlist netlist = acausal::load_netlist("maglev.json");
/// acausal::CompiledModel model(netlist, registry, {.energy = true, .tunable = {"drag.d"}});
/// acausal::SimulationOptions options = acausal::options_from(model.experiment());
/// options.energy = true;
/// acausal::CsvWriter csv("maglev.csv");
/// acausal::SimulationResult result = acausal::simulate(model, options, csv);
/// double balance = result.energy->relative_balance();
///
/// acausal::Simulator run(model, options);    // a run of one's own: step_to(t), y(), events …
/// run.set_parameter("drag.d", 4.0);          // kg/m: a tunable parameter, no rebuild
/// ```
///
/// Errors: ModelError (bad input, with a JSON pointer; ComponentLibraryError for a component library
/// that cannot be used), SolverError (initialization or integration failed).

#include "acausal/component.hpp"

#pragma GCC visibility push(default)
#include "core/model/component_library.hpp"
#include "core/model/netlist.hpp"
#include "solver/compiled_model.hpp"
#include "solver/energy_report.hpp"
#include "solver/result_writer.hpp"
#include "solver/simulation.hpp"
#include "solver/simulator.hpp"
#include "solver/solver_error.hpp"
#pragma GCC visibility pop
