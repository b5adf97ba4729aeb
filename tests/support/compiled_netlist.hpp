#pragma once
/// @file
/// A netlist built and compiled with the built-in components, for tests that run its program
/// themselves (a Simulator, several runs, threads).

#include <memory>
#include <utility>

#include "components/registry.hpp"
#include "core/analysis/program.hpp"
#include "core/model/model.hpp"
#include "core/model/netlist.hpp"

namespace acausal::testing {

/// The netlist, its model (which the program's messages refer to) and its program.
struct CompiledNetlist {
  Netlist netlist;
  Model model;
  std::unique_ptr<Program> program;
};

inline CompiledNetlist compile_netlist(Netlist netlist, ProgramOptions options = {}) {
  CompiledNetlist c{std::move(netlist), {}, {}};
  c.model = build_model(c.netlist, builtin_registry());
  c.program = compile(c.model, options);
  return c;
}

}  // namespace acausal::testing
