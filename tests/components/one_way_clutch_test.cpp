// rotational.OneWayClutch against analytic solutions: an input inertia drives an output inertia
// through the locked freewheel, then the drive torque reverses: disengaged, the output overruns at
// once; with a strong clutch engaged both decelerate together; with a weak one the output overruns
// against the clutch's sliding torque.

#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/model/errors.hpp"
#include "tests/support/component_harness.hpp"
#include "tests/support/simulation_run.hpp"

using namespace acausal;
using namespace acausal::testing;

namespace {

constexpr double kJ1 = 1.0, kJ2 = 2.0, kT = 3.0, kT1 = 1.0;  // inertias, drive torque, reversal time

/// Torque +kT on the input until kT1, −kT after; clutch engaged with f_normalized = `engaged`.
std::unique_ptr<SimulationRun> run_reversal(double engaged, double peak) {
  return simulate_netlist(R"({
    "format": "acausal/1", "name": "freewheel",
    "components": {
      "torque": { "type": "signal.Step", "params": { "height": )" + json_number(-2 * kT) + R"(, "offset": )" +
                          json_number(kT) + R"(, "start_time": )" + json_number(kT1) + R"( } },
      "engagement": { "type": "signal.Constant", "params": { "k": )" + json_number(engaged) + R"( } },
      "drive": { "type": "rotational.Torque" },
      "input": { "type": "rotational.Inertia", "params": { "J": )" + json_number(kJ1) + R"( }, "initial": { "phi": 0, "w": 0 } },
      "clutch": { "type": "rotational.OneWayClutch", "params": { "fn_max": 1, "mue": 0.5, "cgeo": 1, "peak": )" +
                          json_number(peak) + R"( } },
      "output": { "type": "rotational.Inertia", "params": { "J": )" + json_number(kJ2) + R"( }, "initial": { "phi": 0, "w": 0 } }
    },
    "connections": [["torque.y", "drive.tau"], ["engagement.y", "clutch.f_normalized"], ["drive.flange", "input.flange", "clutch.C"],
                    ["clutch.R", "output.flange"]],
    "experiment": { "start": 0, "stop": 2, "interval": 0.01, "tolerance": 1e-8 },
    "outputs": ["input.w", "output.w", "clutch.w_rel", "clutch.tau", "clutch.locked", "clutch.stuck", "clutch.startForward", "clutch.free"]
  })");
}

/// The locked phase up to kT1: both turn together, the freewheel carries J2·kT/(J1 + J2) backward.
void check_locked_drive(const SimulationRun& run) {
  const std::vector<double> t = run.times(), w1 = run.column("input.w"), w2 = run.column("output.w");
  const std::vector<double> tau = run.column("clutch.tau"), locked = run.column("clutch.locked");
  CHECK(locked.front() == 1.0);  // w_rel = 0 at the start with the drive pushing the input ahead: locked
  for (std::size_t k = 0; k < t.size() && t[k] < kT1 - 1e-9; ++k) {
    INFO("t = " << t[k]);
    CHECK(locked[k] == 1.0);
    CHECK(w1[k] == doctest::Approx(kT * t[k] / (kJ1 + kJ2)).epsilon(1e-7));
    CHECK(w2[k] == doctest::Approx(w1[k]).epsilon(1e-7));
    CHECK(tau[k] == doctest::Approx(-kJ2 * kT / (kJ1 + kJ2)).epsilon(1e-7));  // any torque that holds R back
  }
}

/// Row index of the first time after `time`.
std::size_t first_after(const std::vector<double>& t, double time) {
  std::size_t k = 0;
  while (k < t.size() && t[k] <= time) ++k;
  return k;
}

}  // namespace

TEST_CASE("rotational.OneWayClutch: disengaged, the locked freewheel drives the output and lets it overrun when the torque reverses") {
  const auto run = run_reversal(0.0, 1.0);
  check_locked_drive(*run);
  const std::vector<double> t = run->times(), w1 = run->column("input.w"), w2 = run->column("output.w");
  const double w_at_reversal = kT * kT1 / (kJ1 + kJ2);
  for (std::size_t k = first_after(t, kT1 + 1e-9); k < t.size(); ++k) {
    INFO("t = " << t[k]);
    CHECK(run->column("clutch.locked")[k] == 0.0);
    CHECK(run->column("clutch.tau")[k] == 0.0);  // disengaged: nothing transmitted while overrunning
    CHECK(w2[k] == doctest::Approx(w_at_reversal).epsilon(1e-7));
    CHECK(w1[k] == doctest::Approx(w_at_reversal - kT * (t[k] - kT1) / kJ1).epsilon(1e-7));
  }
  CHECK(run->column("clutch.free").front() == 1.0);
  const CheckResult energy = check_energy(*run, 1e-6);
  CHECK_MESSAGE(energy.passed(), energy.message());
}

TEST_CASE("rotational.OneWayClutch: engaged, it holds the output back up to tau0_max, beyond it slides with tau0") {
  const double w_at_reversal = kT * kT1 / (kJ1 + kJ2);
  const double held = kJ2 * kT / (kJ1 + kJ2);  // 2 N·m needed after the reversal to keep them together
  SUBCASE("tau0_max = 10·0.5 N·m > 2 N·m: stays locked, both decelerate together") {
    const auto run = run_reversal(1.0, 10.0);
    check_locked_drive(*run);
    const std::vector<double> t = run->times(), w1 = run->column("input.w"), w2 = run->column("output.w");
    for (std::size_t k = first_after(t, kT1 + 1e-9); k < t.size(); ++k) {
      INFO("t = " << t[k]);
      CHECK(run->column("clutch.locked")[k] == 1.0);
      CHECK(run->column("clutch.tau")[k] == doctest::Approx(held).epsilon(1e-7));
      CHECK(w1[k] == doctest::Approx(w_at_reversal - kT * (t[k] - kT1) / (kJ1 + kJ2)).epsilon(1e-7));
      CHECK(w2[k] == doctest::Approx(w1[k]).epsilon(1e-7));
    }
    const CheckResult energy = check_energy(*run, 1e-6);
    CHECK_MESSAGE(energy.passed(), energy.message());
  }
  SUBCASE("tau0_max = 1.0001·0.5 N·m < 2 N·m: overruns against tau0 = 0.5 N·m") {
    const double tau0 = 0.5;
    const auto run = run_reversal(1.0, 1.0);
    check_locked_drive(*run);
    const std::vector<double> t = run->times(), w1 = run->column("input.w"), w2 = run->column("output.w");
    for (std::size_t k = first_after(t, kT1 + 1e-9); k < t.size(); ++k) {
      INFO("t = " << t[k]);
      CHECK(run->column("clutch.locked")[k] == 0.0);
      CHECK(run->column("clutch.tau")[k] == doctest::Approx(tau0).epsilon(1e-9));
      CHECK(w2[k] == doctest::Approx(w_at_reversal - tau0 * (t[k] - kT1) / kJ2).epsilon(1e-7));
      CHECK(w1[k] == doctest::Approx(w_at_reversal - (kT - tau0) * (t[k] - kT1) / kJ1).epsilon(1e-7));
    }
    // Work lost: tau0 · ∫ w_rel dt = tau0 · (2.5 − 0.25)·(t − t1)²/2.
    for (const ComponentEnergy& e : run->energy().components)
      if (e.instance == "clutch") CHECK(e.work_lost == doctest::Approx(tau0 * 2.25 * 0.5).epsilon(1e-6));
    const CheckResult energy = check_energy(*run, 1e-6);
    CHECK_MESSAGE(energy.passed(), energy.message());
  }
}

TEST_CASE("rotational.OneWayClutch: between light inertias it breaks away at tau0_max and the output overruns against tau0") {
  // J = 4 on either side (k = 1/J_C + 1/J_R = 0.5 < 1): once sliding, the clutch's path variable
  // sa = a_rel + tau0 stays below tau0_max = 1.0001·tau0, so the breakaway test with
  // pre(startForward) false has no solution in the sliding mode; Modelica's event iteration (a new
  // pre() each round) takes it through. The input is braked by −t; locked, both decelerate with
  // −t/8 and the clutch holds t/2, up to tau0_max at t* = 2·tau0_max; then the output slides with the
  // clutch's tau0 alone: dw_R/dt = −tau0/J, dw_C/dt = (−t + tau0)/J.
  const double J = 4.0, tau0 = 0.5, t_star = 2.0 * 1.0001 * tau0;
  const auto run = simulate_netlist(R"({
    "format": "acausal/1", "name": "light_one_way_clutch",
    "components": {
      "ramp": { "type": "signal.Ramp", "params": { "height": -2, "duration": 2 } },
      "torque": { "type": "rotational.Torque" },
      "input": { "type": "rotational.Inertia", "params": { "J": 4 }, "initial": { "phi": 0, "w": 1 } },
      "clutch": { "type": "rotational.OneWayClutch", "params": { "fn_max": 1, "mue": 0.5, "peak": 1 },
                  "initial": { "phi_rel": 0, "w_rel": 0 } },
      "engage": { "type": "signal.Constant", "params": { "k": 1 } },
      "output": { "type": "rotational.Inertia", "params": { "J": 4 } }
    },
    "connections": [["ramp.y", "torque.tau"], ["torque.flange", "input.flange", "clutch.C"],
                    ["clutch.R", "output.flange"], ["engage.y", "clutch.f_normalized"]],
    "experiment": { "start": 0, "stop": 2, "interval": 0.01, "tolerance": 1e-8 },
    "outputs": ["input.w", "output.w", "clutch.w_rel", "clutch.locked"]
  })");
  const auto locks = switches(*run, "clutch.locked");
  REQUIRE(locks.size() == 1);
  CHECK(locks[0].second == 0.0);
  CHECK(std::fabs(locks[0].first - t_star) <= 1e-6);
  const double w_star = 1.0 - t_star * t_star / 16.0;
  const std::vector<double> t = run->times(), w_in = run->column("input.w"), w_out = run->column("output.w");
  for (std::size_t k = 0; k < t.size(); ++k) {
    CAPTURE(t[k]);
    if (t[k] < t_star - 1e-6) {
      CHECK(w_in[k] == doctest::Approx(1.0 - t[k] * t[k] / 16.0).epsilon(1e-7));
      CHECK(std::fabs(w_out[k] - w_in[k]) <= 1e-7);
    } else if (t[k] > t_star + 1e-6) {
      const double dt = t[k] - t_star;
      CHECK(w_out[k] == doctest::Approx(w_star - tau0 / J * dt).epsilon(1e-7));
      CHECK(w_in[k] == doctest::Approx(w_star + (-(t[k] * t[k] - t_star * t_star) / 2.0 + tau0 * dt) / J).epsilon(1e-7));
      CHECK(w_out[k] > w_in[k]);  // the output overruns
    }
  }
  const CheckResult energy = check_energy(*run, 1e-6);
  CHECK_MESSAGE(energy.passed(), energy.message());
}

TEST_CASE("rotational.OneWayClutch: declarations") {
  const Definition d = described_catalog_entry("rotational.OneWayClutch");
  std::vector<std::string> discretes;
  for (const Definition::Discrete& x : d.discretes) discretes.emplace_back(x.local_name);
  CHECK(discretes == std::vector<std::string>{"free", "startForward", "locked", "stuck"});  // MSL's Booleans, no mode
  for (const char* port : {"C", "R", "f_normalized"}) CHECK(d.find_port(port) != nullptr);
  for (const char* variable : {"phi_rel", "w_rel", "a_rel", "tau", "fn", "sa"}) CHECK(d.find_variable(variable) != nullptr);
  CHECK_THROWS_WITH_AS(instantiate("rotational.OneWayClutch", {{"mue", 0.3}, {"mue_pos", {{"w", {0.0, 1.0}}, {"mue", {0.5, 0.4}}}}}, "owc"),
                       "/components/owc/params/mue: give either mue (a constant) or the table mue_pos, not both", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.OneWayClutch", {{"peak", 0.5}}, "owc"),
                       "/components/owc/params/peak: peak must lie in [1, 1e+300], got 0.5", ModelError);
}
