// The testing API for whole netlists: simulate with the energy account, check the balance and every
// component's audit.

#include <stdexcept>

#include "acausal/testing.hpp"
#include "solver/testing/number_text.hpp"

namespace acausal::testing {

Eigen::Vector3d SimulationRun::vector(const std::string& name, std::size_t k) const {
  return {column(name + "[1]")[k], column(name + "[2]")[k], column(name + "[3]")[k]};
}

const EnergyReport& SimulationRun::energy() const {
  if (!result.energy) throw std::logic_error("the run has no energy account");
  return *result.energy;
}

std::unique_ptr<SimulationRun> simulate_netlist(const Netlist& n, const Registry* registry) {
  auto r = std::make_unique<SimulationRun>();
  r->model = std::make_unique<CompiledModel>(n, registry != nullptr ? *registry : builtin_registry(),
                                             CompileOptions{.energy = true, .power_audit = true});
  SimulationOptions o = options_from(n.experiment);
  o.energy = true;
  o.power_audit = true;
  r->result = acausal::simulate(*r->model, o, r->writer);
  return r;
}

namespace {

/// `x ≤ tolerance`, false for NaN.
bool within(double x, double tolerance) { return x <= tolerance; }

CheckResult check(const EnergyReport& e, const EnergyTolerance& tolerance, const std::string& what) {
  CheckResult result(what + " (relative tolerances: balance " + number_text(tolerance.balance) + ", audits " +
                     number_text(tolerance.audit) + ")");
  // An audit at the noise level of a component that exchanges (almost) no power, such as a free
  // body, is large against its own power scale: it passes if, sustained over the whole run, it
  // would move the account by no more than the tolerance of the model's energy scale.
  const double duration = e.time_end - e.time_start;
  const double floor = duration > 0.0 ? tolerance.audit * e.energy_scale / duration : 0.0;
  for (const ComponentEnergy& c : e.components) {
    if (!within(c.relative_audit(), tolerance.audit) && !within(c.worst_audit, floor)) {
      result.add(c.instance, "audit Σ port power + injected − dE/dt − loss reached " + number_text(c.worst_audit) +
                                 " W at t = " + number_text(c.worst_audit_time) + " s, " +
                                 number_text(c.relative_audit()) + " of its power scale " +
                                 number_text(c.power_scale) + " W");
      continue;
    }
    // Its own balance, like the global one: a component that handles a sliver of the model's
    // energy passes if its error is within the tolerance of the model's energy scale.
    if (!within(c.relative_balance(), tolerance.balance) && !within(c.worst_balance, tolerance.balance * e.energy_scale))
      result.add(c.instance, "balance E − E(t0) − (W_ports + W_in − W_loss) reached " + number_text(c.worst_balance) +
                                 " J at t = " + number_text(c.worst_balance_time) + " s, " +
                                 number_text(c.relative_balance()) + " of its energy scale " +
                                 number_text(c.energy_scale) + " J");
  }
  if (!within(e.relative_balance(), tolerance.balance))
    result.add("balance", "E_stored + W_loss − W_in − E_stored(t0) reached " + number_text(e.worst_balance) +
                              " J at t = " + number_text(e.worst_balance_time) + " s, " +
                              number_text(e.relative_balance()) + " of the energy scale " +
                              number_text(e.energy_scale) + " J");
  return result;
}

}  // namespace

std::unique_ptr<SimulationRun> simulate_netlist(const std::string& text, const Registry* registry) {
  return simulate_netlist(parse_netlist(text), registry);
}

std::unique_ptr<SimulationRun> simulate_netlist_file(const std::string& path, const Registry* registry) {
  return simulate_netlist(load_netlist(path), registry);
}

CheckResult check_energy(const EnergyReport& report, const EnergyTolerance& tolerance) {
  return check(report, tolerance, "energy account");
}

CheckResult check_energy(const EnergyReport& report, double tolerance) {
  return check_energy(report, EnergyTolerance{tolerance, tolerance});
}

CheckResult check_energy(const SimulationRun& run, const EnergyTolerance& tolerance) {
  const std::string& name = run.model->name();
  return check(run.energy(), tolerance, "energy account of " + (name.empty() ? std::string("the netlist") : name));
}

CheckResult check_energy(const SimulationRun& run, double tolerance) {
  return check_energy(run, EnergyTolerance{tolerance, tolerance});
}

}  // namespace acausal::testing
