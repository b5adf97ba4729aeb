// The stick–slip friction elements against analytic solutions: a flywheel braked to a stop, a
// braked inertia that breaks away under a growing torque. Modes are discrete variables; their
// switches are events of the run.

#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/simulation_run.hpp"

using namespace acausal;
using namespace acausal::testing;

TEST_CASE("rotational.Brake: a flywheel braked by a constant friction torque stops at J·w0/tau and stays stopped") {
  // tau = cgeo·fn·mue = 0.1 m · 100 N · 0.3 = 3 N·m on J = 2 kg·m² turning at 10 rad/s.
  const double J = 2.0, w0 = 10.0, tau = 3.0;
  const auto run = simulate_netlist(R"({
    "format": "acausal/1", "name": "flywheel_brake",
    "components": {
      "force": { "type": "signal.Constant", "params": { "k": 1 } },
      "flywheel": { "type": "rotational.Inertia", "params": { "J": 2 }, "initial": { "phi": 0, "w": 10 } },
      "brake": { "type": "rotational.Brake", "params": { "fn_max": 100, "mue": 0.3, "cgeo": 0.1 } }
    },
    "connections": [["force.y", "brake.f_normalized"], ["flywheel.flange", "brake.C"]],
    "experiment": { "start": 0, "stop": 10, "interval": 0.01, "tolerance": 1e-8 },
    "outputs": ["flywheel.phi", "flywheel.w", "brake.mode", "brake.tau"]
  })");
  const double t_stop = J * w0 / tau;  // 6.667 s
  // Sliding forward from the start (w > 0), stuck from t_stop on: one switch.
  CHECK(run->column("brake.mode").front() == 1.0);
  const auto modes = switches(*run, "brake.mode");
  REQUIRE(modes.size() == 1);
  CHECK(modes[0].second == 0.0);
  CHECK(std::fabs(modes[0].first - t_stop) <= 1e-6);
  const std::vector<double> t = run->times(), w = run->column("flywheel.w"), phi = run->column("flywheel.phi");
  for (std::size_t k = 0; k < t.size(); ++k) {
    if (t[k] < t_stop - 1e-6) {
      CHECK(w[k] == doctest::Approx(w0 - tau / J * t[k]).epsilon(1e-7));
    } else if (t[k] > t_stop + 1e-6) {
      CHECK(std::fabs(w[k]) <= 1e-6);                                       // stays stopped
      CHECK(phi[k] == doctest::Approx(J * w0 * w0 / (2 * tau)).epsilon(1e-7));  // where it stopped
    }
  }
  // All the kinetic energy went into the brake.
  CHECK(run->energy().components.size() == 2);
  for (const ComponentEnergy& e : run->energy().components)
    if (e.instance == "brake") CHECK(e.work_lost == doctest::Approx(0.5 * J * w0 * w0).epsilon(1e-7));
  const CheckResult energy = check_energy(*run, 1e-6);
  CHECK_MESSAGE(energy.passed(), energy.message());
}

TEST_CASE("rotational.Brake: stuck until the torque exceeds peak·tau0, then slides with the exact acceleration") {
  // Torque k·t on an inertia at rest in a brake with tau0 = 3 N·m and peak 1.5: it breaks away at
  // t_b = peak·tau0/k and then J·dw/dt = k·t − tau0.
  const double J = 2.0, k = 2.0, tau0 = 3.0, peak = 1.5;
  const auto run = simulate_netlist(R"({
    "format": "acausal/1", "name": "breakaway",
    "components": {
      "force": { "type": "signal.Constant", "params": { "k": 1 } },
      "ramp": { "type": "signal.Ramp", "params": { "height": 20, "duration": 10 } },
      "drive": { "type": "rotational.Torque" },
      "flywheel": { "type": "rotational.Inertia", "params": { "J": 2 }, "initial": { "phi": 0, "w": 0 } },
      "brake": { "type": "rotational.Brake", "params": { "fn_max": 100, "mue": 0.3, "cgeo": 0.1, "peak": 1.5 } }
    },
    "connections": [["force.y", "brake.f_normalized"], ["ramp.y", "drive.tau"], ["drive.flange", "flywheel.flange"],
                    ["flywheel.flange", "brake.C"]],
    "experiment": { "start": 0, "stop": 4, "interval": 0.01, "tolerance": 1e-8 },
    "outputs": ["flywheel.w", "brake.mode", "brake.tau"]
  })");
  const double t_b = peak * tau0 / k;  // 2.25 s
  CHECK(run->column("brake.mode").front() == 0.0);  // at rest under no torque: stuck
  const auto modes = switches(*run, "brake.mode");
  REQUIRE(modes.size() == 1);
  CHECK(modes[0].second == 1.0);
  CHECK(std::fabs(modes[0].first - t_b) <= 1e-6);
  const std::vector<double> t = run->times(), w = run->column("flywheel.w"), held = run->column("brake.tau");
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] < t_b - 1e-6) {
      CHECK(std::fabs(w[i]) <= 1e-9);
      CHECK(held[i] == doctest::Approx(k * t[i]).epsilon(1e-9));  // stuck: the brake holds the drive's torque
    } else if (t[i] > t_b + 1e-6) {
      const double expected = (0.5 * k * (t[i] * t[i] - t_b * t_b) - tau0 * (t[i] - t_b)) / J;
      CHECK(w[i] == doctest::Approx(expected).epsilon(1e-6));
    }
  }
  const CheckResult energy = check_energy(*run, 1e-6);
  CHECK_MESSAGE(energy.passed(), energy.message());
}

TEST_CASE("two brakes on one flywheel: held together until the torque exceeds both, then the exact acceleration") {
  // Both brakes stuck on one rigid shaft say a = 0 twice: how they share the holding torque is
  // undetermined (a singular system; Modelica tools go on with a minimum-norm solution). The motion
  // is not: at rest while k·t < 2·tau0, then J·dw/dt = k·t − 2·tau0 with both sliding. Each brake
  // tau0 = cgeo·fn·mue = 0.1 m · 100 N · 0.3 = 3 N·m, peak 1 (the breakaway is the sliding torque).
  const double J = 2.0, k = 2.0, tau0 = 3.0;
  const auto run = simulate_netlist(R"({
    "format": "acausal/1", "name": "two_brakes",
    "components": {
      "force": { "type": "signal.Constant", "params": { "k": 1 } },
      "ramp": { "type": "signal.Ramp", "params": { "height": 20, "duration": 10 } },
      "drive": { "type": "rotational.Torque" },
      "flywheel": { "type": "rotational.Inertia", "params": { "J": 2 }, "initial": { "phi": 0, "w": 0 } },
      "brake1": { "type": "rotational.Brake", "params": { "fn_max": 100, "mue": 0.3, "cgeo": 0.1 } },
      "brake2": { "type": "rotational.Brake", "params": { "fn_max": 100, "mue": 0.3, "cgeo": 0.1 } }
    },
    "connections": [["force.y", "brake1.f_normalized", "brake2.f_normalized"], ["ramp.y", "drive.tau"],
                    ["drive.flange", "flywheel.flange", "brake1.C", "brake2.C"]],
    "experiment": { "start": 0, "stop": 5, "interval": 0.01, "tolerance": 1e-8 },
    "outputs": ["flywheel.w", "brake1.mode", "brake2.mode", "brake1.tau", "brake2.tau"]
  })");
  const double t_b = 2.0 * tau0 / k;  // 3 s
  const std::vector<double> t = run->times(), w = run->column("flywheel.w");
  const std::vector<double> held1 = run->column("brake1.tau"), held2 = run->column("brake2.tau");
  for (std::size_t i = 0; i < t.size(); ++i) {
    CAPTURE(t[i]);
    if (t[i] < t_b - 1e-6) {
      CHECK(std::fabs(w[i]) <= 1e-9);
      CHECK(held1[i] + held2[i] == doctest::Approx(k * t[i]).epsilon(1e-9));  // together they hold the drive
      CHECK(std::fabs(held1[i]) <= tau0 * (1.0 + 1e-9));                      // each within its capacity
      CHECK(std::fabs(held2[i]) <= tau0 * (1.0 + 1e-9));
    } else if (t[i] > t_b + 1e-6) {
      CHECK(w[i] == doctest::Approx((0.5 * k * (t[i] * t[i] - t_b * t_b) - 2.0 * tau0 * (t[i] - t_b)) / J).epsilon(1e-6));
      CHECK(held1[i] == doctest::Approx(tau0).epsilon(1e-9));  // both slide
      CHECK(held2[i] == doctest::Approx(tau0).epsilon(1e-9));
    }
  }
  // Both end sliding forward, the flywheel moving from t_b on.
  CHECK(run->column("brake1.mode").back() == 1.0);
  CHECK(run->column("brake2.mode").back() == 1.0);
  const CheckResult energy = check_energy(*run, 1e-6);
  CHECK_MESSAGE(energy.passed(), energy.message());
}

TEST_CASE("translational.Brake: a block on a slope sticks until the slope exceeds atan(mu), then slides with the exact acceleration") {
  // The slope rises as theta = k·t: the block (m = 2 kg) is pulled down-slope by m·g·sin(theta) and
  // pressed on it by m·g·cos(theta) (fn_max = m·g, f_normalized = cos(theta)), mu = 0.5 both ways.
  // Stuck while tan(theta) <= mu; then m·a = m·g·(sin(theta) − mu·cos(theta)).
  const double g = 9.81, k = 0.1, mu = 0.5;
  const std::string text = R"({
    "format": "acausal/1", "name": "slope",
    "components": {
      "gravity_along": { "type": "signal.Sine", "params": { "amplitude": 19.62, "frequency": )" +
                           json_number(k / (2 * M_PI)) + R"( } },
      "pressing": { "type": "signal.Sine", "params": { "amplitude": 1, "frequency": )" + json_number(k / (2 * M_PI)) +
                           R"(, "phase": )" + json_number(M_PI / 2) + R"( } },
      "pull": { "type": "translational.Force" },
      "block": { "type": "translational.Mass", "params": { "m": 2 }, "initial": { "s": 0, "v": 0 } },
      "contact": { "type": "translational.Brake", "params": { "fn_max": 19.62, "mu": 0.5 } }
    },
    "connections": [["gravity_along.y", "pull.f"], ["pressing.y", "contact.f_normalized"], ["pull.flange", "block.flange"],
                    ["block.flange", "contact.C"]],
    "experiment": { "start": 0, "stop": 8, "interval": 0.01, "tolerance": 1e-8 },
    "outputs": ["block.v", "contact.mode", "contact.startForward"]
  })";
  const auto run = simulate_netlist(text);
  const double t_b = std::atan(mu) / k;  // 4.636 s
  const auto start = switches(*run, "contact.startForward");
  REQUIRE(!start.empty());
  CHECK(std::fabs(start.front().first - t_b) <= 1e-6);  // the breakaway event
  const auto modes = switches(*run, "contact.mode");
  REQUIRE(modes.size() == 1);  // stuck (0) from the start, then forward (1) once v leaves zero
  CHECK(modes[0].second == 1.0);
  CHECK(std::fabs(modes[0].first - t_b) <= 1e-3);
  const std::vector<double> t = run->times(), v = run->column("block.v");
  const double cb = std::cos(k * t_b), sb = std::sin(k * t_b);
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] < t_b - 1e-6) {
      CHECK(std::fabs(v[i]) <= 1e-9);
    } else if (t[i] > t_b + 1e-3) {
      const double expected = g / k * (cb - std::cos(k * t[i]) - mu * (std::sin(k * t[i]) - sb));
      CHECK(v[i] == doctest::Approx(expected).epsilon(1e-6).scale(1.0));
    }
  }
  const CheckResult energy = check_energy(*run, 1e-6);
  CHECK_MESSAGE(energy.passed(), energy.message());
}

TEST_CASE("translational.DryFriction: a sliding mass stops where Coulomb friction says and then holds below f_stick") {
  // m = 1 kg at 2 m/s pushed forward by 1 N against f_slide = 3 N: it decelerates at 2 m/s² and stops
  // at t = 1 s, s = 1 m; 1 N < f_stick = 5 N then holds it.
  const auto run = simulate_netlist(R"({
    "format": "acausal/1", "name": "dry_friction",
    "components": {
      "push": { "type": "translational.ConstantForce", "params": { "f_constant": 1 } },
      "mass": { "type": "translational.Mass", "params": { "m": 1 }, "initial": { "s": 0, "v": 2 } },
      "friction": { "type": "translational.DryFriction", "params": { "f_slide": 3, "f_stick": 5 } },
      "wall": { "type": "translational.Fixed" }
    },
    "connections": [["push.flange", "mass.flange"], ["mass.flange", "friction.R"], ["friction.C", "wall.flange"]],
    "experiment": { "start": 0, "stop": 3, "interval": 0.01, "tolerance": 1e-8 },
    "outputs": ["mass.s", "mass.v", "friction.mode", "friction.f"]
  })");
  const auto modes = switches(*run, "friction.mode");
  REQUIRE(modes.size() == 1);
  CHECK(modes[0].second == 0.0);
  CHECK(std::fabs(modes[0].first - 1.0) <= 1e-6);
  const std::vector<double> t = run->times(), s = run->column("mass.s"), f = run->column("friction.f");
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] < 1.0 - 1e-6) {
      CHECK(s[i] == doctest::Approx(2 * t[i] - t[i] * t[i]).epsilon(1e-7).scale(1.0));
      CHECK(f[i] == doctest::Approx(3.0).epsilon(1e-12));
    } else if (t[i] > 1.0 + 1e-6) {
      CHECK(s[i] == doctest::Approx(1.0).epsilon(1e-7));
      CHECK(f[i] == doctest::Approx(1.0).epsilon(1e-9));  // holding the push
    }
  }
  const CheckResult energy = check_energy(*run, 1e-6);
  CHECK_MESSAGE(energy.passed(), energy.message());
}
