// `acausal check`: structural checks without simulating.

#include <iostream>

#include "cli/common.hpp"
#include "components/registry.hpp"
#include "core/analysis.hpp"
#include "core/model.hpp"
#include "core/program.hpp"
#include "solver/initialization.hpp"

namespace acausal::cli {
namespace {

std::string source_text(const Program& p, std::size_t j, InitialSource s) {
  const Target& t = p.dae().targets[j];
  const std::string where = t.pointer.empty() ? "" : " (" + t.pointer + ")";
  const std::string via = t.variable.empty() || t.variable == p.name(j) ? "" : " via " + t.variable;
  switch (s) {
    case InitialSource::HighTarget: return "high target " + number(t.value) + via + where;
    case InitialSource::LowTarget: return "low target " + number(t.value) + via + where;
    case InitialSource::DefaultStart: return "defaulted start = " + number(p.start()[j]);
    case InitialSource::Computed: break;
  }
  return t.priority == TargetPriority::Low ? "computed (low target " + number(t.value) + where + " not met)"
                                           : "computed";
}

int run(const NetlistArguments& args) {
  Netlist netlist = load(args);
  Model model = build_model(netlist, builtin_registry());
  Program program(model, analyze(model));
  std::vector<std::string> dropped;
  const std::vector<InitialSource> sources = initial_sources(program, &dropped);
  const ReducedDae& dae = program.dae();

  std::size_t representatives = 0;
  for (std::size_t i = 0; i < dae.aliases.alias.size(); ++i)
    if (dae.aliases.alias[i].representative == i) ++representatives;
  std::size_t differential = 0;
  for (double id : program.id()) differential += id == 1.0 ? 1 : 0;

  auto line = [](const char* name, const std::string& value) { std::cout << "  " << pad(name, 25) << value << "\n"; };
  std::cout << "model " << (model.name.empty() ? "(unnamed)" : model.name) << " (" << netlist.source << ")\n";
  line("components", std::to_string(model.instances.size()));
  line("variables", std::to_string(model.variables.size()) + " (" + std::to_string(representatives) +
                        " after alias elimination)");
  std::size_t alias_equations = 0;
  for (bool e : dae.aliases.eliminated_equation) alias_equations += e ? 1 : 0;
  line("equations", std::to_string(model.equations.size()) + " (" +
                        std::to_string(model.equations.size() - alias_equations) + " after alias elimination)");
  line("unknowns", std::to_string(program.size()) + " (after solving " +
                       std::to_string(representatives - program.size()) + " explicit equations)");
  line("states", std::to_string(differential) + " (differential unknowns)");
  line("event indicators", std::to_string(program.indicator_count()));
  std::cout << "balanced: yes\n";

  std::cout << "states:";
  if (differential == 0) std::cout << " none";
  std::cout << "\n";
  for (std::size_t j = 0; j < program.size(); ++j)
    if (program.id()[j] == 1.0) std::cout << "  " << program.name(j) << "\n";

  std::cout << "unconnected ports (zero flow):";
  if (model.unconnected_ports.empty()) std::cout << " none";
  std::cout << "\n";
  for (const std::string& p : model.unconnected_ports) std::cout << "  " << p << "\n";

  std::size_t width = 8;
  for (std::size_t j = 0; j < program.size(); ++j) width = std::max(width, program.name(j).size());
  std::cout << "initial values:\n";
  for (std::size_t j = 0; j < program.size(); ++j)
    std::cout << "  " << pad(program.name(j), width + 2) << source_text(program, j, sources[j]) << "\n";

  std::cout << "defaulted starts:";
  std::size_t defaulted = 0;
  for (InitialSource s : sources) defaulted += s == InitialSource::DefaultStart ? 1 : 0;
  if (defaulted == 0) std::cout << " none";
  std::cout << "\n";
  for (std::size_t j = 0; j < program.size(); ++j)
    if (sources[j] == InitialSource::DefaultStart)
      std::cout << "  " << program.name(j) << " = " << number(program.start()[j])
                << " (no initial value in the netlist)\n";
  if (!dropped.empty()) {
    std::cout << "low-priority targets that cannot be met:\n";
    for (const std::string& d : dropped) std::cout << "  " << d << "\n";
  }
  return kOk;
}

}  // namespace

Command add_check_command(CLI::App& app) {
  auto args = std::make_shared<NetlistArguments>();
  CLI::App* sub = app.add_subcommand(
      "check", "Check a netlist: balance, states, unconnected ports, where initial values come from");
  add_netlist_arguments(*sub, *args);
  return {sub, [args] { return guarded(args->path, [&] { return run(*args); }); }};
}

}  // namespace acausal::cli
