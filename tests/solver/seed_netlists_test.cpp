// The example netlists of the seed components (netlists/*_driveline.json), run as the CLI runs them:
// the global energy balance and every component's power audit hold, and each shows the physics its
// seed component is there for.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "acausal/testing.hpp"
#include "components/registry.hpp"
#include "core/model/model.hpp"
#include "core/analysis/program.hpp"
#include "solver/simulation.hpp"

using namespace acausal;
using acausal::testing::check_energy;

namespace {

/// One example netlist simulated with the energy account, outputs kept in memory.
struct Run {
  Netlist netlist;
  Model model;  // the program refers to its model
  std::unique_ptr<Program> program;
  MemoryWriter writer;
  SimulationResult result;

  explicit Run(const std::string& file) : netlist(load_netlist(ACAUSAL_SOURCE_DIR "/netlists/" + file)) {
    model = build_model(netlist, builtin_registry());
    program = compile(model, ProgramOptions{.energy = true, .power_audit = true});
    SimulationOptions o = options_from(netlist.experiment);
    o.energy = true;
    o.power_audit = true;
    result = simulate(*program, o, writer);
  }
  const EnergyReport& energy() const { return *result.energy; }
  std::vector<double> column(const std::string& name) const { return writer.column(name); }
};

const ComponentEnergy& account(const EnergyReport& r, const std::string& instance) {
  for (const ComponentEnergy& c : r.components)
    if (c.instance == instance) return c;
  throw std::out_of_range(instance);
}

}  // namespace

TEST_CASE("seed netlist nonlinear_spring_driveline: two-sided clutch damper spring, energy and events") {
  Run run("nonlinear_spring_driveline.json");
  REQUIRE(run.result.energy);
  const EnergyReport& e = run.energy();
  CHECK(check_energy(e, 1e-6));  // the balances every example netlist keeps: global, per component

  // Both inertias start at 3000 rpm, the spring undeflected; only the engine injects, only the
  // clutch damper's damping and the road load dissipate.
  const double w0 = 3000 * 2 * M_PI / 60;
  CHECK(e.stored_start == doctest::Approx(0.5 * (0.15 + 1.0) * w0 * w0).epsilon(1e-12));
  CHECK(account(e, "clutch_spring").stored_start == 0.0);
  CHECK(account(e, "engine").work_injected == doctest::Approx(e.work_injected));
  CHECK(account(e, "clutch_damping").work_lost + account(e, "road_load").work_lost == doctest::Approx(e.work_lost));
  CHECK(account(e, "clutch_spring").work_lost == 0.0);
  CHECK(e.work_injected > 1e4);

  // The torque is the seed's two-sided law of the deflection, at every output point (within the
  // event hysteresis around θ = 0 either side's formula may hold); the stored energy at the end is
  // its exact integral.
  auto torque = [](double t, bool tension) {
    return tension ? 1200 * t + 8000 * t * t * t : 500 * t + 8000 * t * t * t;
  };
  auto energy = [](double t) {
    return t >= 0 ? 600 * t * t + 2000 * t * t * t * t : 250 * t * t + 2000 * t * t * t * t;
  };
  const auto theta = run.column("clutch_spring.theta");
  const auto tau = run.column("clutch_spring.tau");
  CHECK(theta.front() == 0.0);  // theta_init
  for (std::size_t k = 0; k < theta.size(); ++k) {
    INFO("t = " << run.writer.times()[k]);
    if (std::fabs(theta[k]) > 1e-6)
      CHECK(tau[k] == doctest::Approx(torque(theta[k], theta[k] >= 0)).epsilon(1e-9));
    else
      CHECK((tau[k] == doctest::Approx(torque(theta[k], true)).epsilon(1e-9) ||
             tau[k] == doctest::Approx(torque(theta[k], false)).epsilon(1e-9)));
  }
  CHECK(account(e, "clutch_spring").stored_end == doctest::Approx(energy(theta.back())).epsilon(1e-9));

  // The torque swings between drive and coast: the spring works in tension and in compression ...
  CHECK(*std::max_element(theta.begin(), theta.end()) > 0.05);
  CHECK(*std::min_element(theta.begin(), theta.end()) < -0.05);
  // ... and every zero crossing of the deflection is one event of the two-sided switch (no chattering).
  // The count has one restart more: θ and the sine's start-time indicator are exactly 0 at t0, and
  // after the first step they take the side the solution moved to, which restarts IDA once.
  long crossings = 0;
  for (std::size_t k = 1; k < theta.size(); ++k)
    if ((theta[k] < 0) != (theta[k - 1] < 0)) ++crossings;
  CHECK(crossings >= 6);  // two a second for 3 s
  CHECK(run.result.statistics.events >= crossings);
  CHECK(run.result.statistics.events <= crossings + 1);
}

TEST_CASE("seed netlist nonlinear_damper_driveline: the table damper dissipates the released shaft energy") {
  Run run("nonlinear_damper_driveline.json");
  REQUIRE(run.result.energy);
  const EnergyReport& e = run.energy();
  CHECK(check_energy(e, 1e-6));  // the balances every example netlist keeps: global, per component

  // Released from a 10° twist at rest, no drive: the damper's loss is exactly the stored energy lost.
  const double twist = 10 * M_PI / 180;
  CHECK(e.stored_start == doctest::Approx(0.5 * 3000 * twist * twist).epsilon(1e-12));
  CHECK(e.work_injected == 0.0);
  CHECK(account(e, "damper").work_lost == doctest::Approx(e.work_lost));
  CHECK(account(e, "damper").work_lost == doctest::Approx(e.stored_start - e.stored_end).epsilon(1e-6));
  // The vibration has died out: the damper took all but a millionth of it.
  CHECK(e.stored_end < 1e-6 * e.stored_start);

  // No external torque on a free-free shaft: the angular momentum stays zero.
  const auto w1 = run.column("flywheel.w");
  const auto w2 = run.column("load.w");
  for (std::size_t k = 0; k < w1.size(); ++k) CHECK(std::fabs(0.2 * w1[k] + 0.05 * w2[k]) < 1e-9);

  // The smooth (monotone cubic) table, with the origin added, never leaves the range of its two
  // neighbouring points, and always opposes the motion.
  const std::vector<double> wt = {-50, -20, -5, 0, 5, 20, 50};
  const std::vector<double> tt = {-30, -20, -8, 0, 6, 15, 22};
  const auto w = run.column("damper.w_rel");
  const auto tau = run.column("damper.tau");
  for (std::size_t k = 0; k < w.size(); ++k) {
    INFO("t = " << run.writer.times()[k] << ", w_rel = " << w[k]);
    REQUIRE(std::fabs(w[k]) < 50);
    const auto i = static_cast<std::size_t>(std::upper_bound(wt.begin(), wt.end(), w[k]) - wt.begin());
    CHECK(tau[k] >= tt[i - 1] - 1e-12);
    CHECK(tau[k] <= tt[i] + 1e-12);
    CHECK(tau[k] * w[k] >= 0.0);
  }
  // A smooth table has no slope jumps, so no events.
  CHECK(run.result.statistics.events == 0);
}

TEST_CASE("seed netlist variable_damper_driveline: the brake drags at b_min until B passes it, then brakes") {
  Run run("variable_damper_driveline.json");
  REQUIRE(run.result.energy);
  const EnergyReport& e = run.energy();
  CHECK(check_energy(e, 1e-6));  // the balances every example netlist keeps: global, per component

  // No drive: the brake and the shaft's damping dissipate the stored energy lost.
  CHECK(e.work_injected == 0.0);
  CHECK(account(e, "brake").work_lost + account(e, "shaft").work_lost ==
        doctest::Approx(e.stored_start - e.stored_end).epsilon(1e-6));
  CHECK(account(e, "brake").work_lost > 0.99 * e.stored_start);

  // Three events: the ramp starts (t = 1 s), B crosses b_min (t = 1 + 2·0.005/0.5 = 1.02 s), the
  // ramp ends (t = 3 s).
  CHECK(run.result.statistics.events == 3);

  const double b_min = 0.005, t_cross = 1.02;
  const auto& t = run.writer.times();
  const auto B = run.column("brake_command.y");
  const auto w = run.column("brake.w_rel");
  const auto tau = run.column("brake.tau");
  for (std::size_t k = 0; k < t.size(); ++k) {
    INFO("t = " << t[k]);
    // The clamp holds before the crossing, the signal sets the damping after it.
    CHECK(tau[k] == doctest::Approx((t[k] < t_cross ? b_min : B[k]) * w[k]).epsilon(1e-12));
    CHECK((B[k] < b_min) == (t[k] < t_cross - 1e-12));
  }

  // Before the crossing the driveline coasts down on b_min alone: the angular momentum
  // L = J1·w1 + J2·w2 decays as exp(−b_min·t/(J1 + J2)).
  const double J = 0.5 + 0.01, w0 = 3000 * 2 * M_PI / 60;
  const auto w1 = run.column("flywheel.w");
  const auto w2 = run.column("disc.w");
  auto row = [&](double time) {
    return static_cast<std::size_t>(std::lower_bound(t.begin(), t.end(), time - 1e-9) - t.begin());
  };
  const std::size_t at1 = row(1.0);
  CHECK(0.5 * w1[at1] + 0.01 * w2[at1] == doctest::Approx(J * w0 * std::exp(-b_min * 1.0 / J)).epsilon(1e-6));

  // The loss power T·ω: while clamped it only falls as the driveline slows; once B exceeds b_min it
  // rises steeply.
  auto loss = [&](std::size_t k) { return tau[k] * w[k]; };
  for (std::size_t k = row(0.3); k < row(t_cross); ++k) CHECK(loss(k) <= loss(row(0.3)));
  CHECK(loss(row(t_cross)) == doctest::Approx(b_min * w[row(t_cross)] * w[row(t_cross)]));
  CHECK(loss(row(t_cross + 0.1)) > 4 * loss(row(t_cross)));
  for (std::size_t k = row(t_cross) + 1; k <= row(t_cross + 0.1); ++k) CHECK(loss(k) > loss(k - 1));
}
