#include "tests/support/simulation_run.hpp"

#include <cstdio>

#include "components/registry.hpp"

namespace acausal::testing {

Eigen::Vector3d SimulationRun::vector(const std::string& name, std::size_t k) const {
  return {column(name + "[1]")[k], column(name + "[2]")[k], column(name + "[3]")[k]};
}

namespace {

std::unique_ptr<SimulationRun> simulate(const Netlist& n, const Registry& registry) {
  auto r = std::make_unique<SimulationRun>();
  r->model = build_model(n, registry);
  r->program = compile(r->model);
  SimulationOptions o = options_from(n.experiment);
  o.energy = true;
  r->result = acausal::simulate(*r->program, o, r->writer);
  return r;
}

}  // namespace

std::unique_ptr<SimulationRun> simulate_netlist(const std::string& text, const Registry* registry) {
  return simulate(parse_netlist(text), registry != nullptr ? *registry : builtin_registry());
}

std::unique_ptr<SimulationRun> simulate_netlist_file(const std::string& path) {
  return simulate(load_netlist(path), builtin_registry());
}

std::unique_ptr<SimulationRun> simulate_netlist(const Netlist& netlist, const Registry* registry) {
  return simulate(netlist, registry != nullptr ? *registry : builtin_registry());
}

std::string json_number(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", x);
  return text;
}

}  // namespace acausal::testing
