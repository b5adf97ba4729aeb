// signal.Pulse: a pulse train whose periods are counted by a discrete variable. Its values at the
// output times against the formula, and its edges as events (both sides in the results, at the
// exact times).

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

struct PulseParams {
  double amplitude = 2.0, width = 23.0, period = 0.37, offset = 1.0, start_time = 0.11;
  int nperiod = -1;
};

/// The pulse drives a torque on an inertia (a model needs a continuous unknown to have events).
std::unique_ptr<SimulationRun> run_pulse(const PulseParams& p, double start, double stop) {
  return simulate_netlist(R"({
    "format": "acausal/1", "name": "pulse",
    "components": {
      "pulse": { "type": "signal.Pulse", "params": { "amplitude": )" + json_number(p.amplitude) +
                          R"(, "width": )" + json_number(p.width) + R"(, "period": )" + json_number(p.period) +
                          R"(, "nperiod": )" + std::to_string(p.nperiod) + R"(, "offset": )" + json_number(p.offset) +
                          R"(, "start_time": )" + json_number(p.start_time) + R"( } },
      "drive": { "type": "rotational.Torque" },
      "inertia": { "type": "rotational.Inertia", "params": { "J": 1 }, "initial": { "phi": 0, "w": 0 } }
    },
    "connections": [["pulse.y", "drive.tau"], ["drive.flange", "inertia.flange"]],
    "experiment": { "start": )" + json_number(start) + R"(, "stop": )" + json_number(stop) +
                          R"(, "interval": 0.05, "tolerance": 1e-8 },
    "outputs": ["pulse.y", "pulse.count", "pulse.on", "inertia.w"]
  })");
}

/// Modelica's Pulse at time t (the right limit at an edge).
double pulse_at(const PulseParams& p, double t) {
  if (t < p.start_time) return p.offset;
  const double k = std::floor((t - p.start_time) / p.period);
  if (p.nperiod >= 0 && k >= p.nperiod) return p.offset;
  const bool on = t - (p.start_time + k * p.period) < p.width / 100.0 * p.period;
  return p.offset + (on ? p.amplitude : 0.0);
}

/// An antiderivative of the pulse: ∫ y dt from 0 to t (for t ≥ 0), or from the same reference on
/// any side of start_time.
double pulse_antiderivative(const PulseParams& p, double t) {
  double integral = p.offset * t;
  if (t <= p.start_time) return integral;
  const double width = p.width / 100.0 * p.period;
  double k = std::floor((t - p.start_time) / p.period);
  double in_pulse = std::min(t - p.start_time - k * p.period, width);
  if (p.nperiod >= 0 && k >= p.nperiod) k = p.nperiod, in_pulse = 0.0;
  return integral + p.amplitude * (k * width + in_pulse);
}

/// What the inertia's speed is at t: ∫ y dt from 0 (it starts at rest at t = 0).
double speed_at(const PulseParams& p, double t) { return pulse_antiderivative(p, t) - pulse_antiderivative(p, 0.0); }

/// A time within `window` of an edge of the pulse (where a grid value may be either side).
bool near_edge(const PulseParams& p, double t, double window) {
  if (t < p.start_time - window) return false;
  const double phase = std::fmod(t - p.start_time + window, p.period);
  return phase < 2.0 * window || std::fabs(phase - window - p.width / 100.0 * p.period) < window;
}

}  // namespace

TEST_CASE("signal.Pulse: offset before start_time, offset + amplitude during the first width % of every period") {
  const PulseParams p;
  const auto run = run_pulse(p, 0.0, 4.0);
  const std::vector<double> t = run->times(), y = run->column("pulse.y"), w = run->column("inertia.w");
  REQUIRE(t.size() > 80);
  for (std::size_t k = 0; k < t.size(); ++k) {
    INFO("t = " << t[k]);
    // Rows at an edge come in pairs, before and after; elsewhere the value is the formula's.
    if (!near_edge(p, t[k], 1e-9)) CHECK(y[k] == doctest::Approx(pulse_at(p, t[k])).epsilon(1e-14));
    CHECK(w[k] == doctest::Approx(speed_at(p, t[k])).epsilon(1e-9));
  }
  CHECK(run->column("pulse.count").back() == std::floor((4.0 - p.start_time) / p.period));
}

TEST_CASE("signal.Pulse: every edge is an event at its exact time, with a row on each side") {
  const PulseParams p;
  const auto run = run_pulse(p, 0.0, 4.0);
  const std::vector<double> t = run->times(), y = run->column("pulse.y"), on = run->column("pulse.on");
  // The expected edges: rising at start_time + k·period, falling width % later.
  std::vector<double> edges;
  for (int k = 0; p.start_time + k * p.period < 4.0; ++k) {
    edges.push_back(p.start_time + k * p.period);
    if (p.start_time + (k + p.width / 100.0) * p.period < 4.0) edges.push_back(p.start_time + (k + p.width / 100.0) * p.period);
  }
  std::vector<double> switches;
  for (std::size_t k = 1; k < t.size(); ++k)
    if (y[k] != y[k - 1]) {
      CHECK(t[k] == t[k - 1]);  // an event row pair: left and right limits at one time
      CHECK(on[k] == 1.0 - on[k - 1]);
      CHECK(y[k] == p.offset + on[k] * p.amplitude);
      switches.push_back(t[k]);
    }
  REQUIRE(switches.size() == edges.size());
  for (std::size_t k = 0; k < edges.size(); ++k) CHECK(switches[k] == doctest::Approx(edges[k]).epsilon(1e-12));
  CHECK(run->result.statistics.events == static_cast<long>(edges.size()));
}

TEST_CASE("signal.Pulse: nperiod periods and then the offset, and a run that starts in the middle of the train") {
  SUBCASE("nperiod = 3") {
    PulseParams p;
    p.nperiod = 3;
    const auto run = run_pulse(p, 0.0, 3.0);
    const std::vector<double> t = run->grid_times(), y = run->grid_column("pulse.y"), w = run->grid_column("inertia.w");
    for (std::size_t k = 0; k < t.size(); ++k) {
      INFO("t = " << t[k]);
      if (!near_edge(p, t[k], 1e-9)) CHECK(y[k] == doctest::Approx(pulse_at(p, t[k])).epsilon(1e-14));
      CHECK(w[k] == doctest::Approx(speed_at(p, t[k])).epsilon(1e-9));
    }
    CHECK(run->column("pulse.count").back() == 3.0);  // it stops counting
    CHECK(y.back() == p.offset);
  }
  SUBCASE("nperiod = 0: never on") {
    PulseParams p;
    p.nperiod = 0;
    const auto run = run_pulse(p, 0.0, 1.0);
    for (double v : run->column("pulse.y")) CHECK(v == p.offset);
  }
  SUBCASE("a start 24 periods after start_time (the most the initialization catches up with)") {
    PulseParams p;
    p.start_time = -24.0 * p.period - 0.01;  // 0.01 s into the 25th period at t = 0, in its pulse
    const auto run = run_pulse(p, 0.0, 1.0);
    CHECK(run->column("pulse.count").front() == 24.0);
    CHECK(run->column("pulse.on").front() == 1.0);
    const std::vector<double> t = run->grid_times(), y = run->grid_column("pulse.y");
    for (std::size_t k = 0; k < t.size(); ++k)
      if (!near_edge(p, t[k], 1e-9)) CHECK(y[k] == doctest::Approx(pulse_at(p, t[k])).epsilon(1e-14));
  }
  SUBCASE("edges whose times the root finder hits exactly (start_time -10, period 0.5)") {
    // Edges at 0.125, 0.5, 0.625, …: at the roots the indicators are exactly 0, and the relations
    // must still see each edge as passed.
    PulseParams p;
    p.start_time = -10.0, p.period = 0.5, p.width = 25.0;
    const auto run = run_pulse(p, 0.0, 2.0);
    const std::vector<double> t = run->grid_times(), y = run->grid_column("pulse.y"), w = run->grid_column("inertia.w");
    for (std::size_t k = 0; k < t.size(); ++k) {
      INFO("t = " << t[k]);
      if (!near_edge(p, t[k], 1e-9)) CHECK(y[k] == doctest::Approx(pulse_at(p, t[k])).epsilon(1e-14));
      CHECK(w[k] == doctest::Approx(speed_at(p, t[k])).epsilon(1e-9));
    }
  }
}

TEST_CASE("signal.Pulse: declarations and validation") {
  const Definition d = described_catalog_entry("signal.Pulse");
  REQUIRE(d.discretes.size() == 2);
  CHECK(d.discretes[0].local_name == "count");
  CHECK(!d.discretes[0].boolean);
  CHECK(d.discretes[1].local_name == "on");
  CHECK(d.discretes[1].boolean);
  CHECK(d.find_port("y") != nullptr);
  CHECK_THROWS_WITH_AS(instantiate("signal.Pulse", {{"width", 0.0}}, "p"),
                       "/components/p/params/width: width must be in (0, 100], got 0", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.Pulse", {{"width", 120.0}}, "p"),
                       "/components/p/params/width: width must be in (0, 100], got 120", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.Pulse", {{"period", 0.0}}, "p"),
                       "/components/p/params/period: period must be positive, got 0", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.Pulse", {{"nperiod", 1.5}}, "p"),
                       "/components/p/params/nperiod: nperiod must be an integer ≥ -1 (-1: without end), got 1.5",
                       ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.Pulse", {{"nperiod", -2}}, "p"),
                       "/components/p/params/nperiod: nperiod must be an integer ≥ -1 (-1: without end), got -2",
                       ModelError);
  CHECK_NOTHROW(instantiate("signal.Pulse", {{"width", 100.0}, {"nperiod", 4}}, "p"));
}
