// The rotational seed components in motion (seeds 001–003): trajectories against independent
// integrations and analytic solutions, energy over long runs, events at the switches, and the
// equivalences with the linear elements they generalize.

#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <functional>
#include <memory>
#include <string>

#include "components/registry.hpp"
#include "core/model/model.hpp"
#include "core/analysis/program.hpp"
#include "solver/simulation.hpp"
#include "tests/support/simulation_run.hpp"

using namespace acausal;
using namespace acausal::testing;

namespace {

/// A wheel of inertia J on `element` (a rotational two-terminal element: R on the wheel, C on the
/// ground), released at angle phi0 with speed w0.
std::string wheel_on(const std::string& element, double J, double phi0, double w0, double stop, double interval,
                     double tolerance) {
  return R"({
    "format": "acausal/1",
    "components": {
      "ground": { "type": "rotational.Fixed" },
      "wheel": { "type": "rotational.Inertia", "params": { "J": )" +
         json_number(J) + R"( }, "initial": { "phi": )" + json_number(phi0) + R"(, "w": )" +
         json_number(w0) + R"( } },
      "e": )" + element + R"(
    },
    "connections": [["wheel.flange", "e.R"], ["e.C", "ground.flange"]],
    "experiment": { "stop": )" + json_number(stop) + R"(, "interval": )" + json_number(interval) +
         R"(, "tolerance": )" + json_number(tolerance) + R"( },
    "outputs": ["wheel.phi", "wheel.w"]
  })";
}

/// The largest |a − b| over two columns of equal length.
double max_difference(const std::vector<double>& a, const std::vector<double>& b) {
  REQUIRE(a.size() == b.size());
  double worst = 0.0;
  for (std::size_t k = 0; k < a.size(); ++k) worst = std::max(worst, std::abs(a[k] - b[k]));
  return worst;
}

/// A fixed-step classical Runge–Kutta integration of θ'' = f(θ, θ'), written here independently of
/// the library; returns θ and θ' at the times t0 + k·every·h.
struct Rk4Trajectory {
  std::vector<double> theta, rate;
};
Rk4Trajectory rk4(const std::function<double(double, double)>& acceleration, double theta, double rate, double h,
                  std::size_t steps, std::size_t every) {
  Rk4Trajectory out;
  for (std::size_t k = 0; k <= steps; ++k) {
    if (k % every == 0) {
      out.theta.push_back(theta);
      out.rate.push_back(rate);
    }
    const double k1x = rate, k1v = acceleration(theta, rate);
    const double k2x = rate + 0.5 * h * k1v, k2v = acceleration(theta + 0.5 * h * k1x, k2x);
    const double k3x = rate + 0.5 * h * k2v, k3v = acceleration(theta + 0.5 * h * k2x, k3x);
    const double k4x = rate + h * k3v, k4v = acceleration(theta + h * k3x, k4x);
    theta += h / 6.0 * (k1x + 2.0 * k2x + 2.0 * k3x + k4x);
    rate += h / 6.0 * (k1v + 2.0 * k2v + 2.0 * k3v + k4v);
  }
  return out;
}

double sgn(double x) { return x > 0.0 ? 1.0 : (x < 0.0 ? -1.0 : 0.0); }

}  // namespace

TEST_CASE("seed 001: an inertia on a symmetric spring (k2, k4 ≠ 0, θinit ≠ 0) swings through θ = 0 for 100 periods") {
  // J·θ'' = −T(θ), T = k1θ + sign(θ)k2θ² + k3θ³ + sign(θ)k4θ⁴ + k5θ⁵. The wheel starts at φ = 1 but
  // θ(t0) = θinit = 0.8: the deflection counts from the start. One period is about 1.15 s.
  const double J = 0.5, theta0 = 0.8;
  const std::array<double, 5> k = {10.0, 3.0, 5.0, 1.0, 0.5};
  const double stop = 120.0, interval = 0.1;
  const auto r = simulate_netlist(wheel_on(R"({ "type": "rotational.NonlinearSpring",
                                   "params": { "k": [10, 3, 5, 1, 0.5], "theta_init": 0.8 } })",
                              J, 1.0, 0.0, stop, interval, 1e-10));
  const auto torque = [&](double th) {
    return k[0] * th + sgn(th) * k[1] * th * th + k[2] * std::pow(th, 3) + sgn(th) * k[3] * std::pow(th, 4) +
           k[4] * std::pow(th, 5);
  };
  const double h = 1e-4;
  const auto steps = static_cast<std::size_t>(std::llround(stop / h));
  const Rk4Trajectory ref =
      rk4([&](double th, double) { return -torque(th) / J; }, theta0, 0.0, h, steps, std::size_t(interval / h + 0.5));

  // On the output grid (each crossing of θ = 0 is an event, written as two extra rows).
  const auto phi = r->grid_column("wheel.phi");
  const auto w = r->grid_column("wheel.w");
  const auto times = r->grid_times();
  REQUIRE(phi.size() == ref.theta.size());
  // θ = θinit + φ − φ(t0) on the trajectory; both integrations agree to 1e-6 of the amplitude.
  std::size_t crossings = 0;
  for (std::size_t i = 0; i < phi.size(); ++i) {
    CAPTURE(times[i]);
    CHECK(phi[i] - 1.0 + theta0 == doctest::Approx(ref.theta[i]).scale(theta0).epsilon(1e-6));
    CHECK(w[i] == doctest::Approx(ref.rate[i]).scale(5.0).epsilon(1e-6));
    if (i > 0 && sgn(ref.theta[i]) != sgn(ref.theta[i - 1])) ++crossings;
  }
  CHECK(crossings >= 200);  // 100 periods and more, two zero crossings each
  // Each zero crossing of θ is an event of sign(θ) (IDA's root finding), nothing more.
  CHECK(r->result.statistics.events >= crossings);
  CHECK(r->result.statistics.events <= crossings + 2);

  // Energy: nothing dissipates, so E_stored(t) + ½Jw² stays at E(t0) = ∫₀^θinit T dθ.
  REQUIRE(r->result.energy);
  const EnergyReport& e = *r->result.energy;
  const double e0 = k[0] * std::pow(theta0, 2) / 2 + k[1] * std::pow(theta0, 3) / 3 + k[2] * std::pow(theta0, 4) / 4 +
                    k[3] * std::pow(theta0, 5) / 5 + k[4] * std::pow(theta0, 6) / 6;
  CHECK(e.stored_start == doctest::Approx(e0).epsilon(1e-14));
  CHECK(e.relative_balance() < 1e-6);
  for (const ComponentEnergy& c : e.components) {
    CAPTURE(c.instance);
    CHECK(c.relative_audit() < 1e-9);
  }
}

TEST_CASE("seed 003: a nonlinear damper decays an oscillation, E_stored + W_loss stays at E(t0)") {
  // A wheel on a linear spring, damped by each parameterization of the nonlinear damper; after
  // 10 s most of the energy is gone into the damper, and the account closes to 1e-6.
  const char* dampers[] = {
      R"({ "type": "rotational.NonlinearDamper", "params": { "b": [0.2, 0.5, 0.1, 0.05, 0.01] } })",
      R"({ "type": "rotational.NonlinearDamper", "params": { "parameterization": "two_sided",
           "b_positive": [0.2, 0.5, 0, 0, 0], "b_negative": [0.6, -0.2, 0.1, 0, 0] } })",
      R"({ "type": "rotational.NonlinearDamper", "params": { "parameterization": "table",
           "table": { "w": [-5, -1, -0.2, 0.3, 2, 6], "torque": [-4, -1.5, -0.2, 0.1, 1.2, 2] },
           "interpolation": "smooth" } })",
      R"({ "type": "rotational.NonlinearDamper", "params": { "parameterization": "table",
           "table": { "w": [-5, -1, -0.2, 0.3, 2, 6], "torque": [-4, -1.5, -0.2, 0.1, 1.2, 2] } } })",
  };
  for (const char* damper : dampers) {
    CAPTURE(damper);
    const std::string text = R"({
      "format": "acausal/1",
      "components": {
        "ground": { "type": "rotational.Fixed" },
        "wheel": { "type": "rotational.Inertia", "params": { "J": 0.1 }, "initial": { "phi": 0.5, "w": 3 } },
        "spring": { "type": "rotational.Spring", "params": { "c": 20 } },
        "damper": )" + std::string(damper) + R"(
      },
      "connections": [["wheel.flange", "spring.R", "damper.R"], ["spring.C", "damper.C", "ground.flange"]],
      "experiment": { "stop": 10, "interval": 0.01, "tolerance": 1e-8 }
    })";
    const auto r = simulate_netlist(text);
    REQUIRE(r->result.energy);
    const EnergyReport& e = *r->result.energy;
    const double e0 = 0.5 * 20 * 0.25 + 0.5 * 0.1 * 9;
    CHECK(e.stored_start == doctest::Approx(e0).epsilon(1e-14));
    CHECK(e.work_lost > 0.9 * e0);
    CHECK(e.relative_balance() < 1e-6);
    for (const ComponentEnergy& c : e.components) {
      CAPTURE(c.instance);
      CHECK(c.relative_audit() < 1e-9);
    }
  }
}

TEST_CASE("seed 002: B steps from below b_min to above it, the clamp holds before, the decay rate switches at the step") {
  // A flywheel J = 2 spinning at 10 rad/s, braked by a variable damper with b_min = 1. B = 0.4 until
  // t = 1 (clamped to 1), then 3: w = 10·exp(−t/2) before, w(1)·exp(−3(t − 1)/2) after.
  const auto r = simulate_netlist(R"({
    "format": "acausal/1",
    "components": {
      "ground": { "type": "rotational.Fixed" },
      "wheel": { "type": "rotational.Inertia", "params": { "J": 2 }, "initial": { "phi": 0, "w": 10 } },
      "B": { "type": "signal.Step", "params": { "offset": 0.4, "height": 2.6, "start_time": 1 } },
      "brake": { "type": "rotational.VariableDamper", "params": { "b_min": 1 } }
    },
    "connections": [["wheel.flange", "brake.R"], ["brake.C", "ground.flange"], ["B.y", "brake.B"]],
    "experiment": { "stop": 3, "interval": 0.05, "tolerance": 1e-10 },
    "outputs": ["wheel.w", "brake.tau", "brake.B"]
  })");
  const auto& w = r->column("wheel.w");
  const auto& tau = r->column("brake.tau");
  const double w1 = 10.0 * std::exp(-0.5);
  // The step at t = 1 falls on a grid point: its two rows are the left limit (b = 1) and the right
  // limit (b = 3), at the same speed.
  const auto event = static_cast<std::size_t>(
      std::find_if(r->times().begin(), r->times().end(), [](double t) { return t > 1.0 - 1e-9; }) - r->times().begin());
  REQUIRE(event + 1 < w.size());
  CHECK(r->times()[event] == doctest::Approx(1.0).epsilon(1e-12));
  CHECK(r->times()[event + 1] == r->times()[event]);
  CHECK(w[event + 1] == w[event]);
  for (std::size_t i = 0; i < w.size(); ++i) {
    const double t = r->times()[i];
    CAPTURE(t);
    const double expected = t < 1.0 - 1e-12 ? 10.0 * std::exp(-t / 2.0) : w1 * std::exp(-3.0 * (t - 1.0) / 2.0);
    const double b = i <= event ? 1.0 : 3.0;
    CHECK(w[i] == doctest::Approx(expected).epsilon(1e-6));
    CHECK(tau[i] == doctest::Approx(b * expected).epsilon(1e-6));
  }
  CHECK(r->result.statistics.events == 1);
  // The energy ½Jw0² = 100 J goes into the brake: W_loss = 100 − ½Jw(3)².
  REQUIRE(r->result.energy);
  const double w_end = w1 * std::exp(-3.0);
  CHECK(r->result.energy->work_lost == doctest::Approx(100.0 - w_end * w_end).epsilon(1e-6));
  CHECK(r->result.energy->relative_balance() < 1e-6);
}

TEST_CASE("equivalences: each seed law reduces to the linear element it generalizes") {
  // Same wheel, same start, same tolerance: the trajectories agree to 1e-9.
  const auto compare = [](const std::string& a, const std::string& b, double w0) {
    const auto ra = simulate_netlist(wheel_on(a, 0.3, 0.2, w0, 5.0, 0.01, 1e-12));
    const auto rb = simulate_netlist(wheel_on(b, 0.3, 0.2, w0, 5.0, 0.01, 1e-12));
    CHECK(max_difference(ra->column("wheel.phi"), rb->column("wheel.phi")) < 1e-9);
    CHECK(max_difference(ra->column("wheel.w"), rb->column("wheel.w")) < 1e-9);
  };
  SUBCASE("a spring with only k1 is rotational.Spring") {
    // θinit = 0 and the deflection counts from the start; the linear spring is unstretched at φ = 0.2.
    compare(R"({ "type": "rotational.NonlinearSpring", "params": { "k": [40, 0, 0, 0, 0], "theta_init": 0.3 } })",
            R"({ "type": "rotational.Spring", "params": { "c": 40, "phi_rel0": -0.1 } })", 1.0);
  }
  SUBCASE("a table of collinear points is a linear spring") {
    compare(R"({ "type": "rotational.NonlinearSpring", "params": { "parameterization": "table",
                 "table": { "theta": [-1, -0.25, 0.5, 2], "torque": [-40, -10, 20, 80] }, "theta_init": 0.3 } })",
            R"({ "type": "rotational.NonlinearSpring", "params": { "k": [40, 0, 0, 0, 0], "theta_init": 0.3 } })", 1.0);
  }
  SUBCASE("a two-sided spring with equal sets is the symmetric polynomial") {
    compare(R"({ "type": "rotational.NonlinearSpring", "params": { "parameterization": "two_sided",
                 "k_tension": [40, 6, 9, 2, 1], "k_compression": [40, 6, 9, 2, 1], "theta_init": 0.3 } })",
            R"({ "type": "rotational.NonlinearSpring", "params": { "k": [40, 6, 9, 2, 1], "theta_init": 0.3 } })", 1.0);
  }
  SUBCASE("a damper with only b1 is rotational.Damper") {
    compare(R"({ "type": "rotational.NonlinearDamper", "params": { "b": [0.7, 0, 0, 0, 0] } })",
            R"({ "type": "rotational.Damper", "params": { "d": 0.7 } })", 4.0);
  }
  SUBCASE("a damper table of collinear points is a linear damper") {
    compare(R"({ "type": "rotational.NonlinearDamper", "params": { "parameterization": "table",
                 "table": { "w": [-3, 1, 2.5], "torque": [-2.1, 0.7, 1.75] } } })",
            R"({ "type": "rotational.Damper", "params": { "d": 0.7 } })", 4.0);
  }
  SUBCASE("a two-sided damper with equal odd sets is the symmetric odd polynomial") {
    // (Seed 003's ω < 0 form keeps the signs of Σ bᵢωⁱ, so only odd sets coincide.)
    compare(R"({ "type": "rotational.NonlinearDamper", "params": { "parameterization": "two_sided",
                 "b_positive": [0.7, 0, 0.3, 0, 0.1], "b_negative": [0.7, 0, 0.3, 0, 0.1] } })",
            R"({ "type": "rotational.NonlinearDamper", "params": { "b": [0.7, 0, 0.3, 0, 0.1] } })", 4.0);
  }
}

TEST_CASE("no chattering: a relative speed that sits at zero and a damping input that hovers at b_min") {
  // Two shafts driven alike (4·sin on J = 2, 1·sin on J = 0.5: the same acceleration), coupled by a
  // nonlinear damper with sign terms and by a variable damper whose B = b_min + w_rel. Their relative
  // speed is zero up to rounding for the whole run, right on both switches. Hysteresis keeps the
  // branches: the run takes about as many steps as the same drive with linear dampers.
  const auto netlist = [](const std::string& damper, const std::string& brake, const std::string& b_connections) {
    return R"({
      "format": "acausal/1",
      "components": {
        "a": { "type": "rotational.Inertia", "params": { "J": 2 }, "initial": { "phi": 0, "w": 0 } },
        "b": { "type": "rotational.Inertia", "params": { "J": 0.5 }, "initial": { "phi": 0, "w": 0 } },
        "drive_a": { "type": "rotational.Torque" },
        "drive_b": { "type": "rotational.Torque" },
        "torque_a": { "type": "signal.Sine", "params": { "amplitude": 4, "frequency": 1 } },
        "torque_b": { "type": "signal.Sine", "params": { "amplitude": 1, "frequency": 1 } },
        "slip": { "type": "rotational.RelativeSpeedSensor" },
        "b_min": { "type": "signal.Constant", "params": { "k": 0.3 } },
        "B": { "type": "signal.Add" },
        "damper": )" + damper + R"(,
        "brake": )" + brake + R"(,
        "sink": { "type": "signal.Gain" }
      },
      "connections": [["a.flange", "drive_a.flange", "damper.R", "brake.R", "slip.R"],
                      ["b.flange", "drive_b.flange", "damper.C", "brake.C", "slip.C"],
                      ["torque_a.y", "drive_a.tau"], ["torque_b.y", "drive_b.tau"],
                      ["slip.w_rel", "B.u1"], ["b_min.y", "B.u2"], )" + b_connections + R"(],
      "experiment": { "stop": 10, "interval": 0.01, "tolerance": 1e-6 },
      "outputs": ["slip.w_rel", "a.w"]
    })";
  };
  const auto seeds = simulate_netlist(netlist(R"({ "type": "rotational.NonlinearDamper", "params": { "b": [0.5, 2, 0, 1, 0] } })",
                                 R"({ "type": "rotational.VariableDamper", "params": { "b_min": 0.3 } })",
                                 R"(["B.y", "brake.B"], ["b_min.y", "sink.u"])"));
  // The linear brake has no input: B goes to a sink (a Gain whose output goes nowhere), as b_min does above.
  const auto linear = simulate_netlist(netlist(R"({ "type": "rotational.Damper", "params": { "d": 0.5 } })",
                                  R"({ "type": "rotational.Damper", "params": { "d": 0.3 } })", R"(["B.y", "sink.u"])"));
  for (const double w : seeds->column("slip.w_rel")) CHECK(std::abs(w) < 1e-12);
  CHECK(max_difference(seeds->column("a.w"), linear->column("a.w")) < 1e-6);
  const auto events = seeds->result.statistics.events - linear->result.statistics.events;
  CHECK(events <= 2);  // at most a switch of each onto the side the noise starts on
  CHECK(static_cast<double>(seeds->result.statistics.steps) < 1.3 * static_cast<double>(linear->result.statistics.steps));
}

TEST_CASE("every parameterization keeps its power audit at rounding along a trajectory") {
  // A wheel on each law, beyond the table's ends and through its kinks: Σ port power − dE/dt − loss
  // of the element stays at rounding at every step (the ledger evaluates it on consistent
  // derivatives), and the global account closes.
  const char* elements[] = {
      R"({ "type": "rotational.NonlinearSpring", "params": { "k": [40, 6, 9, 2, 1], "theta_init": 0.3 } })",
      R"({ "type": "rotational.NonlinearSpring", "params": { "parameterization": "two_sided",
           "k_tension": [40, 6, 9, 2, 1], "k_compression": [20, 3, 0, 1, 0] } })",
      R"({ "type": "rotational.NonlinearSpring", "params": { "parameterization": "table",
           "table": { "theta": [-0.3, -0.1, 0.1, 0.4], "torque": [-20, -3, 5, 30] } } })",
      R"({ "type": "rotational.NonlinearSpring", "params": { "parameterization": "table", "interpolation": "smooth",
           "extrapolation": "nearest", "table": { "theta": [-0.3, -0.1, 0.1, 0.4], "torque": [-20, -3, 5, 30] } } })",
      R"({ "type": "rotational.NonlinearDamper", "params": { "b": [0.5, 0.2, 0.1, 0.05, 0.01] } })",
      R"({ "type": "rotational.NonlinearDamper", "params": { "parameterization": "table", "interpolation": "smooth",
           "table": { "w": [-5, -1, 1, 5], "torque": [-3, -1, 1, 2] } } })",
  };
  for (const char* element : elements) {
    CAPTURE(element);
    const auto r = simulate_netlist(wheel_on(element, 0.1, 0.2, 2.0, 3.0, 0.01, 1e-8));
    REQUIRE(r->result.energy);
    CHECK(r->result.energy->relative_balance() < 1e-6);
    for (const ComponentEnergy& c : r->result.energy->components) {
      CAPTURE(c.instance);
      CHECK(c.relative_audit() < 1e-9);
    }
  }
}
