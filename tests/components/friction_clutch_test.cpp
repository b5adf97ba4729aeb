// rotational.Clutch and rotational.BearingFriction against analytic solutions: two inertias at
// different speeds that a clutch engages, slip with constant torque and lock when their speeds are
// equal; a locked clutch that breaks away under a growing torque; a flywheel that bearing friction
// with a speed-dependent torque stops; a bearing that breaks away.

#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "core/model/errors.hpp"
#include "tests/support/component_harness.hpp"
#include "tests/support/simulation_run.hpp"

using namespace acausal;
using namespace acausal::testing;

TEST_CASE("rotational.Clutch: two inertias engaged at t0 slip with constant torque and lock when their speeds are equal") {
  // tau0 = cgeo·fn·mue = 0.2 m · 40 N · 0.25 = 2 N·m between J1 = 1 at 10 rad/s (C) and J2 = 3 at
  // 2 rad/s (R), engaged at t0 = 0.5 s: w_rel = w2 − w1 < 0 slips backward, the clutch slows the
  // faster one and speeds up the slower one until both turn at (J1·w1 + J2·w2)/(J1 + J2).
  const double J1 = 1.0, J2 = 3.0, w1 = 10.0, w2 = 2.0, tau0 = 2.0, t0 = 0.5;
  const auto run = simulate_netlist(R"({
    "format": "acausal/1", "name": "clutch_engagement",
    "components": {
      "engage": { "type": "signal.Step", "params": { "height": 1, "start_time": 0.5 } },
      "inertia1": { "type": "rotational.Inertia", "params": { "J": 1 }, "initial": { "phi": 0, "w": 10 } },
      "clutch": { "type": "rotational.Clutch", "params": { "fn_max": 40, "mue": 0.25, "cgeo": 0.2 } },
      "inertia2": { "type": "rotational.Inertia", "params": { "J": 3 }, "initial": { "phi": 0, "w": 2 } }
    },
    "connections": [["engage.y", "clutch.f_normalized"], ["inertia1.flange", "clutch.C"], ["clutch.R", "inertia2.flange"]],
    "experiment": { "start": 0, "stop": 6, "interval": 0.01, "tolerance": 1e-8 },
    "outputs": ["inertia1.w", "inertia2.w", "clutch.w_rel", "clutch.tau", "clutch.mode"]
  })");
  const double t_lock = t0 + (w1 - w2) / (tau0 * (1.0 / J1 + 1.0 / J2));  // 3.5 s
  const double w_end = (J1 * w1 + J2 * w2) / (J1 + J2);                    // 4 rad/s
  // Free until t0, slipping backward, stuck from t_lock on.
  CHECK(run->column("clutch.mode").front() == 2.0);
  const auto modes = switches(*run, "clutch.mode");
  REQUIRE(modes.size() == 2);
  CHECK(modes[0].first == doctest::Approx(t0).epsilon(1e-12));
  CHECK(modes[0].second == -1.0);
  CHECK(std::fabs(modes[1].first - t_lock) <= 1e-6);
  CHECK(modes[1].second == 0.0);
  const std::vector<double> t = run->times(), v1 = run->column("inertia1.w"), v2 = run->column("inertia2.w");
  const std::vector<double> tau = run->column("clutch.tau");
  for (std::size_t k = 0; k < t.size(); ++k) {
    INFO("t = " << t[k]);
    if (t[k] < t0 - 1e-9) {
      CHECK(v1[k] == doctest::Approx(w1).epsilon(1e-9));
      CHECK(v2[k] == doctest::Approx(w2).epsilon(1e-9));
      CHECK(tau[k] == 0.0);
    } else if (t[k] > t0 + 1e-9 && t[k] < t_lock - 1e-6) {
      CHECK(tau[k] == doctest::Approx(-tau0).epsilon(1e-12));  // against the slip (w_rel < 0)
      CHECK(v1[k] == doctest::Approx(w1 - tau0 * (t[k] - t0) / J1).epsilon(1e-7));
      CHECK(v2[k] == doctest::Approx(w2 + tau0 * (t[k] - t0) / J2).epsilon(1e-7));
    } else if (t[k] > t_lock + 1e-6) {
      CHECK(v1[k] == doctest::Approx(w_end).epsilon(1e-7));
      CHECK(v2[k] == doctest::Approx(w_end).epsilon(1e-7));
      CHECK(std::fabs(tau[k]) <= 1e-9);  // locked, nothing to transmit
    }
  }
  // The clutch dissipated the kinetic energy of the relative motion: ½·J1·J2/(J1 + J2)·(w1 − w2)².
  CHECK(work_lost(*run, "clutch") == doctest::Approx(0.5 * J1 * J2 / (J1 + J2) * (w1 - w2) * (w1 - w2)).epsilon(1e-6));
  const CheckResult energy = check_energy(*run, 1e-6);
  CHECK_MESSAGE(energy.passed(), energy.message());
}

namespace {

/// A torque 2·t on J1 = 1 (C) drives J2 = 3 (R) through the engaged clutch (tau0 = 2 N·m, peak 1.5),
/// both at rest at t = 0.
std::unique_ptr<SimulationRun> run_clutch_breakaway() {
  return simulate_netlist(R"({
    "format": "acausal/1", "name": "clutch_breakaway",
    "components": {
      "engage": { "type": "signal.Constant", "params": { "k": 1 } },
      "ramp": { "type": "signal.Ramp", "params": { "height": 20, "duration": 10 } },
      "drive": { "type": "rotational.Torque" },
      "inertia1": { "type": "rotational.Inertia", "params": { "J": 1 }, "initial": { "phi": 0, "w": 0 } },
      "clutch": { "type": "rotational.Clutch", "params": { "fn_max": 40, "mue": 0.25, "cgeo": 0.2, "peak": 1.5 } },
      "inertia2": { "type": "rotational.Inertia", "params": { "J": 3 }, "initial": { "phi": 0, "w": 0 } }
    },
    "connections": [["engage.y", "clutch.f_normalized"], ["ramp.y", "drive.tau"], ["drive.flange", "inertia1.flange", "clutch.C"],
                    ["clutch.R", "inertia2.flange"]],
    "experiment": { "start": 0, "stop": 3, "interval": 0.01, "tolerance": 1e-8 },
    "outputs": ["inertia1.w", "inertia2.w", "clutch.tau", "clutch.mode", "clutch.locked"]
  })");
}

}  // namespace

TEST_CASE("rotational.Clutch: locked, it transmits up to peak·tau0, then slips with tau0") {
  // Locked, both accelerate at 2t/4 and the clutch carries −J2·2t/4; it breaks away when that
  // reaches peak·tau0 = 3 N·m, at t_b = 2 s, and slips backward (the driven input overtakes the
  // output: w_rel = w2 − w1 < 0): J1·w1' = 2t − tau0, J2·w2' = tau0.
  const double J1 = 1.0, J2 = 3.0, k = 2.0, tau0 = 2.0, peak = 1.5;
  const auto run = run_clutch_breakaway();
  const double t_b = peak * tau0 * (J1 + J2) / (J2 * k);  // 2 s
  CHECK(run->column("clutch.mode").front() == 0.0);  // at rest, no torque yet: stuck
  const auto locked = switches(*run, "clutch.locked");
  REQUIRE(locked.size() == 1);
  CHECK(std::fabs(locked[0].first - t_b) <= 1e-6);
  CHECK(locked[0].second == 0.0);
  const std::vector<double> t = run->times(), v1 = run->column("inertia1.w"), v2 = run->column("inertia2.w");
  const std::vector<double> tau = run->column("clutch.tau");
  const double w_b = k * t_b * t_b / (2 * (J1 + J2));
  for (std::size_t i = 0; i < t.size(); ++i) {
    INFO("t = " << t[i]);
    if (t[i] < t_b - 1e-6) {
      CHECK(v1[i] == doctest::Approx(k * t[i] * t[i] / (2 * (J1 + J2))).epsilon(1e-7));
      CHECK(v2[i] == doctest::Approx(v1[i]).epsilon(1e-7));
      CHECK(tau[i] == doctest::Approx(-J2 * k * t[i] / (J1 + J2)).epsilon(1e-7));
    } else if (t[i] > t_b + 1e-6) {
      CHECK(tau[i] == doctest::Approx(-tau0).epsilon(1e-12));
      CHECK(v1[i] == doctest::Approx(w_b + (0.5 * k * (t[i] * t[i] - t_b * t_b) - tau0 * (t[i] - t_b)) / J1).epsilon(1e-6));
      CHECK(v2[i] == doctest::Approx(w_b + tau0 * (t[i] - t_b) / J2).epsilon(1e-6));
    }
  }
  const CheckResult energy = check_energy(*run, 1e-6);
  CHECK_MESSAGE(energy.passed(), energy.message());
}

// w_rel = w2 − w1 sits at 0 from the start, up to rounding. A relation of the discrete equations
// takes a side only beyond its hysteresis band: at the breakaway w_rel is neither positive nor
// negative (mode stuck, startBackward), and once it has moved beyond the band the mode is backward.
TEST_CASE("rotational.Clutch: after a breakaway from w_rel = 0 exactly the mode is backward") {
  const auto run = run_clutch_breakaway();
  const auto modes = switches(*run, "clutch.mode");
  REQUIRE(modes.size() == 1);
  CHECK(std::fabs(modes[0].first - 2.0) <= 1e-6);
  CHECK(modes[0].second == -1.0);
}

TEST_CASE("rotational.BearingFriction: a flywheel slowed by tau_pos(w) = 2 + 0.2·w stops at J/0.2·ln 2 and stays") {
  // J·w' = −(2 + 0.2·w) with J = 2, w(0) = 10: w = 20·exp(−0.1·t) − 10, zero at t = 10·ln 2.
  for (const bool use_support : {false, true}) {
    CAPTURE(use_support);
    const std::string support = use_support ? R"(, "use_support": true)" : "";
    const auto run = simulate_netlist(R"({
      "format": "acausal/1", "name": "bearing",
      "components": {
        "flywheel": { "type": "rotational.Inertia", "params": { "J": 2 }, "initial": { "phi": 0, "w": 10 } },
        "bearing": { "type": "rotational.BearingFriction", "params": { "tau_pos": { "w": [0, 10], "tau": [2, 4] })" +
                                      support + R"( } },
        "fixed": { "type": "rotational.Fixed" }
      },
      "connections": [["flywheel.flange", "bearing.C"])" +
                                      std::string(use_support ? R"(, ["bearing.support", "fixed.flange"])" : "") + R"(],
      "experiment": { "start": 0, "stop": 10, "interval": 0.01, "tolerance": 1e-8 },
      "outputs": ["flywheel.w", "bearing.tau", "bearing.mode", "bearing.free"]
    })");
    const double t_stop = 10.0 * std::log(2.0);
    CHECK(run->column("bearing.mode").front() == 1.0);
    const auto modes = switches(*run, "bearing.mode");
    REQUIRE(modes.size() == 1);
    CHECK(modes[0].second == 0.0);
    CHECK(std::fabs(modes[0].first - t_stop) <= 1e-6);
    for (double free : run->column("bearing.free")) CHECK(free == 0.0);  // a bearing is never free
    const std::vector<double> t = run->times(), w = run->column("flywheel.w");
    for (std::size_t k = 0; k < t.size(); ++k) {
      INFO("t = " << t[k]);
      if (t[k] < t_stop - 1e-6) CHECK(w[k] == doctest::Approx(20.0 * std::exp(-0.1 * t[k]) - 10.0).epsilon(1e-7));
      else if (t[k] > t_stop + 1e-6) CHECK(std::fabs(w[k]) <= 1e-7);
    }
    CHECK(work_lost(*run, "bearing") == doctest::Approx(0.5 * 2.0 * 100.0).epsilon(1e-6));
    const CheckResult energy = check_energy(*run, 1e-6);
    CHECK_MESSAGE(energy.passed(), energy.message());
  }
}

TEST_CASE("rotational.BearingFriction: stuck until the torque exceeds peak·tau0, then slides against tau0") {
  // A torque 1.5·t on J = 2 in a bearing with the constant tau0 = 1.5 N·m and peak 2: it breaks
  // away at t_b = 2 s and then J·w' = 1.5·t − 1.5.
  const double J = 2.0, k = 1.5, tau0 = 1.5, peak = 2.0;
  const auto run = simulate_netlist(R"({
    "format": "acausal/1", "name": "bearing_breakaway",
    "components": {
      "ramp": { "type": "signal.Ramp", "params": { "height": 15, "duration": 10 } },
      "drive": { "type": "rotational.Torque" },
      "flywheel": { "type": "rotational.Inertia", "params": { "J": 2 }, "initial": { "phi": 0, "w": 0 } },
      "bearing": { "type": "rotational.BearingFriction", "params": { "tau0": 1.5, "peak": 2 } }
    },
    "connections": [["ramp.y", "drive.tau"], ["drive.flange", "flywheel.flange", "bearing.R"]],
    "experiment": { "start": 0, "stop": 4, "interval": 0.01, "tolerance": 1e-8 },
    "outputs": ["flywheel.w", "bearing.tau", "bearing.mode"]
  })");
  const double t_b = peak * tau0 / k;
  CHECK(run->column("bearing.mode").front() == 0.0);
  const auto modes = switches(*run, "bearing.mode");
  REQUIRE(modes.size() == 1);
  CHECK(modes[0].second == 1.0);
  CHECK(std::fabs(modes[0].first - t_b) <= 1e-6);
  const std::vector<double> t = run->times(), w = run->column("flywheel.w"), held = run->column("bearing.tau");
  for (std::size_t i = 0; i < t.size(); ++i) {
    INFO("t = " << t[i]);
    if (t[i] < t_b - 1e-6) {
      CHECK(std::fabs(w[i]) <= 1e-9);
      CHECK(held[i] == doctest::Approx(k * t[i]).epsilon(1e-9));
    } else if (t[i] > t_b + 1e-6) {
      CHECK(held[i] == doctest::Approx(tau0).epsilon(1e-12));
      CHECK(w[i] == doctest::Approx((0.5 * k * (t[i] * t[i] - t_b * t_b) - tau0 * (t[i] - t_b)) / J).epsilon(1e-6));
    }
  }
  const CheckResult energy = check_energy(*run, 1e-6);
  CHECK_MESSAGE(energy.passed(), energy.message());
}

TEST_CASE("rotational.Clutch and rotational.BearingFriction: declarations and validation") {
  const Definition clutch = described_catalog_entry("rotational.Clutch");
  for (const char* port : {"C", "R", "f_normalized"}) CHECK(clutch.find_port(port) != nullptr);
  for (const char* variable : {"phi_rel", "w_rel", "a_rel", "tau", "fn", "sa"}) CHECK(clutch.find_variable(variable) != nullptr);
  CHECK(clutch.find_discrete("mode") != nullptr);
  CHECK_THROWS_WITH_AS(instantiate("rotational.Clutch", {{"mue", 0.3}, {"mue_pos", {{"w", {0.0, 1.0}}, {"mue", {0.5, 0.4}}}}}, "c"),
                       "/components/c/params/mue: give either mue (a constant) or the table mue_pos, not both", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.Clutch", {{"fn_max", -1.0}}, "c"),
                       "/components/c/params/fn_max: fn_max must not be negative, got -1", ModelError);

  const Definition bearing = described_catalog_entry("rotational.BearingFriction");
  CHECK(bearing.find_port("support") == nullptr);
  CHECK(instantiate("rotational.BearingFriction", {{"use_support", true}}, "b").find_port("support") != nullptr);
  CHECK_THROWS_WITH_AS(instantiate("rotational.BearingFriction", {{"tau0", 2.0}, {"tau_pos", {{"w", {0.0, 1.0}}, {"tau", {1.0, 2.0}}}}}, "b"),
                       "/components/b/params/tau0: give either tau0 (a constant) or the table tau_pos, not both", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.BearingFriction", {{"peak", 0.9}}, "b"),
                       "/components/b/params/peak: peak must lie in [1, 1e+300], got 0.9", ModelError);
}
