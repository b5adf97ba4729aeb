#include <doctest/doctest.h>

#include <cstdio>

#include "acausal/testing.hpp"
#include "components/registry.hpp"
#include "core/model/model.hpp"
#include "core/analysis/program.hpp"
#include "solver/simulation.hpp"
#include "solver/simulator.hpp"

using namespace acausal;
using acausal::testing::CheckResult;
using acausal::testing::check_energy;
using acausal::testing::EnergyTolerance;

namespace {

SimulationResult run_with_energy(const std::string& file, const Registry& registry, MemoryWriter& w) {
  Netlist n = load_netlist(ACAUSAL_SOURCE_DIR "/netlists/" + file);
  const Model model = build_model(n, registry);
  auto program = compile(model, ProgramOptions{.energy = true, .power_audit = true});
  SimulationOptions o = options_from(n.experiment);
  o.energy = true;
  o.power_audit = true;
  return simulate(*program, o, w);
}

const ComponentEnergy& account(const EnergyReport& r, const std::string& instance) {
  for (const ComponentEnergy& c : r.components)
    if (c.instance == instance) return c;
  throw std::out_of_range(instance);
}

}  // namespace

TEST_CASE("damped rotational chain driven by a sine: global balance and per-component audits") {
  MemoryWriter w;
  SimulationResult r = run_with_energy("rotational_chain.json", builtin_registry(), w);
  REQUIRE(r.energy);
  const EnergyReport& e = *r.energy;
  // E_stored + W_loss − W_in − E_stored(t0) stays within 1e-6 of the energy scale, and every
  // component's own balance holds (tolerance 1e-6 in the netlist).
  CHECK(check_energy(e, 1e-6));
  CHECK(e.stored_start == 0.0);  // everything starts at rest, unstretched
  CHECK(e.work_injected > 0.1);  // the drive did real work ...
  CHECK(e.work_lost > 0.1);      // ... and the dampers dissipated most of it
  // Only the source injects, only the dampers lose, springs and inertias store.
  CHECK(account(e, "torque").work_injected == doctest::Approx(e.work_injected));
  CHECK(account(e, "bearing").work_lost + account(e, "coupling1").work_lost + account(e, "coupling2").work_lost ==
        doctest::Approx(e.work_lost));
  CHECK(account(e, "inertia1").work_lost == 0.0);
  // The inertia's stored energy is ½·J·w² of its own output.
  const auto w1 = w.column("inertia1.w");
  CHECK(account(e, "inertia1").stored_end == doctest::Approx(0.5 * 0.02 * w1.back() * w1.back()).epsilon(1e-9));
}

TEST_CASE("a stepped run's energy totals so far are its report's and add up its components") {
  // Each step_to leaves the account at the integrator's last step end, at or past the time asked
  // for: the totals alone (what an output row reads) equal the full report's, whose components'
  // works and energies add up to them.
  Netlist n = load_netlist(ACAUSAL_SOURCE_DIR "/netlists/rotational_chain.json");
  const Model model = build_model(n, builtin_registry());
  auto program = compile(model, ProgramOptions{.energy = true});
  SimulationOptions o = options_from(n.experiment);
  o.energy = true;
  Simulator sim(*program, o);
  for (const double t : {0.5, 1.0, 2.0}) {
    sim.step_to(t);
    const std::optional<EnergyTotals> totals = sim.energy_totals_so_far();
    const EnergyReport* report = sim.energy_so_far();
    REQUIRE(totals);
    REQUIRE(report);
    CHECK(totals->time >= t);
    CHECK(totals->time == report->time_end);
    CHECK(totals->stored == report->stored_end);
    CHECK(totals->work_lost == report->work_lost);
    CHECK(totals->work_injected == report->work_injected);
    double stored = 0.0, lost = 0.0, injected = 0.0;
    for (const ComponentEnergy& c : report->components) {
      stored += c.stored_end;
      lost += c.work_lost;
      injected += c.work_injected;
    }
    CHECK(stored == doctest::Approx(totals->stored).epsilon(1e-12));
    // The totals are the integrator's own two quadratures of the summed rates: the same formula on
    // the same steps as each component's, so they agree to rounding.
    CHECK(lost == doctest::Approx(totals->work_lost).epsilon(1e-10));
    CHECK(injected == doctest::Approx(totals->work_injected).epsilon(1e-10));
    CHECK(totals->work_lost > 0.0);
  }
}

TEST_CASE("two masses: dissipated energy accounts for the lost stored energy") {
  MemoryWriter w;
  SimulationResult r = run_with_energy("two_masses.json", builtin_registry(), w);
  const EnergyReport& e = *r.energy;
  CHECK(e.stored_start == doctest::Approx(0.5 * 500 * 0.05 * 0.05));  // the link spring, stretched 5 cm
  CHECK(e.work_injected == 0.0);
  CHECK(e.stored_end + e.work_lost == doctest::Approx(e.stored_start).epsilon(1e-4));
  CHECK(check_energy(e, EnergyTolerance{.balance = 1e-4, .audit = 1e-9}));
}

namespace {

/// A damper written with the wrong sign of its loss: the audit must single it out.
class WrongLossDamper final : public Component {
 public:
  std::string_view type() const override { return "translational.WrongLossDamper"; }
  std::string_view summary() const override { return "test: a damper whose loss power has the wrong sign"; }
  void define(ComponentBuilder& b) const override {
    Expr d = b.parameter("d", "N*s/m", 1.0, "damping");
    Compliant e = define_compliant(b, translational());
    b.equation(e.flow - d * e.rate);
    b.loss_power(-e.flow * e.rate);  // wrong: should be +f·v
  }
};

/// A mass on a spring and on a WrongLossDamper, released from 0.1 m, run for 1 s with the energy
/// account (and, with `power_audit`, every component's power audit).
EnergyReport wrong_damper_account(bool power_audit) {
  Registry registry;
  register_translational(registry);
  register_signal(registry);
  registry.add(std::make_unique<WrongLossDamper>());
  const Netlist n = parse_netlist(R"({
    "format": "acausal/1",
    "components": {
      "wall": { "type": "translational.Fixed" },
      "spring": { "type": "translational.Spring", "params": { "c": 100 } },
      "damper": { "type": "translational.WrongLossDamper", "params": { "d": 2 } },
      "mass": { "type": "translational.Mass", "initial": { "s": 0.1 } }
    },
    "connections": [["wall.flange", "spring.C", "damper.C"], ["spring.R", "damper.R", "mass.flange"]],
    "experiment": { "stop": 1, "tolerance": 1e-6 }
  })");
  const Model model = build_model(n, registry);
  const auto program = compile(model, ProgramOptions{.energy = true, .power_audit = power_audit});
  SimulationOptions o = options_from(n.experiment);
  o.energy = true;
  o.power_audit = power_audit;
  MemoryWriter w;
  return *simulate(*program, o, w).energy;
}

}  // namespace

TEST_CASE("without the power audit, each component's own balance finds a sign error in its energy terms") {
  // The damper books −d·v² as its loss: the global balance drifts by twice the dissipated energy,
  // and so does the damper's own E − E(t0) − (W_ports − W_loss), while the spring's and the mass's
  // stay at the integration's accuracy. This costs no solve: the works are the integrator's
  // quadratures.
  const EnergyReport e = wrong_damper_account(false);
  CHECK_FALSE(e.power_audit);
  CHECK(e.relative_balance() > 0.5);
  for (const ComponentEnergy& c : e.components) {
    INFO(c.instance);
    CHECK(c.worst_audit == 0.0);  // not evaluated
    if (c.instance == "damper")
      CHECK(c.relative_balance() > 0.5);
    else
      CHECK(c.relative_balance() < 1e-6);
  }
  const CheckResult check = check_energy(e, EnergyTolerance{.balance = 1e-6, .audit = 1e-9});
  CHECK(check.subjects() == std::vector<std::string>{"damper", "balance"});
  CHECK(check.findings()[0].detail.starts_with("balance E − E(t0) − (W_ports + W_in − W_loss) reached "));
}

TEST_CASE("the audit finds a component whose energy terms have a sign error") {
  const EnergyReport e = wrong_damper_account(true);
  CHECK(e.relative_balance() > 0.5);  // the global balance is off by about twice the dissipated energy
  for (const ComponentEnergy& c : e.components) {
    INFO(c.instance);
    if (c.instance == "damper")
      CHECK(c.relative_audit() > 0.5);
    else
      CHECK(c.relative_audit() < 1e-9);
  }
  // The testing API's check fails and says which component, when, how large against what.
  const CheckResult check = check_energy(e, EnergyTolerance{.balance = 1e-6, .audit = 1e-9});
  CHECK_FALSE(check);
  CHECK(check.subjects() == std::vector<std::string>{"damper", "balance"});
  const auto& damper = check.findings()[0].detail;
  CHECK(check.message().starts_with(
      "energy account (relative tolerances: balance 1e-06, audits 1e-09): failed\n  damper: audit "));
  // Its numbers are the report's: the worst audit and where it was reached.
  const ComponentEnergy& damper_account = account(e, "damper");
  CHECK(damper_account.worst_audit_time > 0.0);
  CHECK(damper_account.worst_audit_time <= e.time_end);
  char numbers[96];
  std::snprintf(numbers, sizeof numbers, "reached %.4g W at t = %.4g s, %.4g of its power scale %.4g W",
                damper_account.worst_audit, damper_account.worst_audit_time, damper_account.relative_audit(),
                damper_account.power_scale);
  CHECK(damper == std::string("audit Σ port power + injected − dE/dt − loss ") + numbers);
}
