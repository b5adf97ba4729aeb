#pragma once
/// @file
/// The acausal library: everything a program needs to load a netlist, build, analyze and compile
/// its model and simulate it, with the results and the energy account.
///
/// ```cpp
/// acausal::Registry registry;
/// acausal::register_builtin(registry);
/// acausal::load_component_library(registry, "./libmaglev.so");   // optional: components of one's own
/// acausal::Netlist netlist = acausal::load_netlist("maglev.json");
/// acausal::Model model = acausal::build_model(netlist, registry);
/// std::unique_ptr<acausal::Program> program = acausal::compile(model);  // refers to `model`
/// acausal::SimulationOptions options = acausal::options_from(netlist.experiment);
/// options.energy = true;
/// acausal::CsvWriter csv("maglev.csv");
/// acausal::SimulationResult result = acausal::simulate(*program, options, csv);
/// double balance = result.energy->relative_balance();
/// ```
///
/// Errors: ModelError (bad input, with a JSON pointer; ComponentLibraryError for a component library
/// that cannot be used), SolverError (initialization or integration failed).

#include "acausal/component.hpp"

#pragma GCC visibility push(default)
#include "core/analysis/program.hpp"
#include "core/model/component_library.hpp"
#include "core/model/model.hpp"
#include "core/model/netlist.hpp"
#include "solver/energy_report.hpp"
#include "solver/result_writer.hpp"
#include "solver/simulation.hpp"
#include "solver/solver_error.hpp"
#pragma GCC visibility pop
