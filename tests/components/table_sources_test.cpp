// The sources signal.Trapezoid, signal.ExpSine and signal.TimeTable (its time scale too) against their closed forms
// (corners and steps as events), signal.Table1D's interpolation and extrapolations, and their
// parameter errors.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "core/model/errors.hpp"
#include "tests/support/component_harness.hpp"
#include "tests/support/simulation_run.hpp"

using namespace acausal;
using namespace acausal::testing;

namespace {

constexpr double kPi = std::numbers::pi;

/// A source (component entry text) named "source" that drives a lag (a continuous state, so the
/// model has an integrator and its events), simulated from 0 to `stop`.
std::unique_ptr<SimulationRun> run_source(const std::string& source, double stop, double interval) {
  return simulate_netlist(R"({
    "format": "acausal/1", "name": "source",
    "components": {
      "source": )" + source + R"(,
      "lag": { "type": "signal.FirstOrder", "params": { "T": 0.1 } }
    },
    "connections": [["source.y", "lag.u"]],
    "experiment": { "start": 0, "stop": )" + json_number(stop) + R"(, "interval": )" + json_number(interval) +
                          R"(, "tolerance": 1e-8 },
    "outputs": ["source.y", "lag.y"]
  })");
}

bool has_time(const std::vector<double>& t, double instant) {
  return std::any_of(t.begin(), t.end(), [&](double x) { return std::abs(x - instant) <= 1e-9; });
}

/// The residual of a block's single equation with its output at `y`.
double residual_at(const Definition& d, Values values, double y) {
  REQUIRE(d.equations.size() == 1);
  values[d.instance + ".y"] = y;
  return residuals(d, values)[0];
}

}  // namespace

TEST_CASE("signal.Trapezoid: rise, top, fall and rest in every period, each corner an event") {
  // amplitude 2, rising 0.1, width 0.2, falling 0.15, period 0.6, two periods from 0.253 s, offset 0.5.
  const double amplitude = 2.0, rising = 0.1, width = 0.2, falling = 0.15, period = 0.6, start = 0.253, offset = 0.5;
  const auto run = run_source(R"({ "type": "signal.Trapezoid", "params": { "amplitude": 2, "rising": 0.1, "width": 0.2,
      "falling": 0.15, "period": 0.6, "nperiod": 2, "offset": 0.5, "start_time": 0.253 } })",
                              2.0, 0.01);
  const auto expected = [&](double t) {
    if (t < start || t >= start + 2 * period) return offset;
    const double tau = std::fmod(t - start, period);
    if (tau < rising) return offset + amplitude * tau / rising;
    if (tau < rising + width) return offset + amplitude;
    if (tau < rising + width + falling) return offset + amplitude * (rising + width + falling - tau) / falling;
    return offset;
  };
  const std::vector<double> t = run->times(), y = run->column("source.y");
  double largest = 0.0;
  for (std::size_t k = 0; k < t.size(); ++k) largest = std::max(largest, std::abs(y[k] - expected(t[k])));
  MESSAGE("trapezoid: largest error " << largest);
  CHECK(largest <= 1e-9);
  for (int k = 0; k < 2; ++k) {
    const double t0 = start + k * period;
    for (double corner : {t0, t0 + rising, t0 + rising + width, t0 + rising + width + falling}) {
      CAPTURE(corner);
      CHECK(has_time(t, corner));
    }
  }
}

TEST_CASE("signal.Trapezoid: phases longer than the period are an error") {
  CHECK_THROWS_WITH_AS(instantiate("signal.Trapezoid", {{"rising", 0.5}, {"width", 0.4}, {"falling", 0.2}}, "tr"),
                       "/components/tr/params/period: rising + width + falling (1.1 s) must not exceed the period (1 s)",
                       ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.Trapezoid", {{"nperiod", 1.5}}, "tr"),
                       "/components/tr/params/nperiod: nperiod must be an integer ≥ -1 (-1: without end), got 1.5",
                       ModelError);
}

TEST_CASE("signal.ExpSine: offset before start_time, then the damped sine") {
  const Definition d = instantiate("signal.ExpSine",
                                   {{"amplitude", 3.0}, {"f", 1.5}, {"phase", 0.4}, {"damping", 2.0}, {"offset", -1.0},
                                    {"start_time", 0.5}},
                                   "e");
  for (double t : {0.0, 0.49, 0.5, 0.8, 1.37, 4.0}) {
    CAPTURE(t);
    const double expected =
        t < 0.5 ? -1.0 : -1.0 + 3.0 * std::exp(-2.0 * (t - 0.5)) * std::sin(2.0 * kPi * 1.5 * (t - 0.5) + 0.4);
    CHECK(residual_at(d, {{"time", t}}, expected) == doctest::Approx(0.0).scale(1.0).epsilon(1e-14));
    CHECK(std::abs(residual_at(d, {{"time", t}}, expected + 0.01)) == doctest::Approx(0.01));
  }
  CHECK_THROWS_WITH_AS(instantiate("signal.ExpSine", {{"f", -1.0}}, "e"),
                       "/components/e/params/f: f must not be negative, got -1", ModelError);
}

TEST_CASE("signal.TimeTable: linear between rows, a step where a time repeats, extrapolated through the end rows") {
  // MSL's TimeTable example: [0, 0; 1, 0; 1, 1; 2, 4; 3, 9; 4, 16]: y = 0 before the event at 1 s,
  // 1 after it, 2.5 at 1.5 s, 4 at 2 s, 23 at 5 s (extrapolated); here shifted by start_time = 0.5 s
  // with offset 10.
  const auto run = run_source(R"({ "type": "signal.TimeTable", "params": {
      "table": [[0, 0], [1, 0], [1, 1], [2, 4], [3, 9], [4, 16]], "offset": 10, "start_time": 0.5 } })",
                              6.0, 0.05);
  const std::vector<double> t = run->times(), y = run->column("source.y");
  const auto value_at = [&](double instant) {
    for (std::size_t k = 0; k < t.size(); ++k)
      if (std::abs(t[k] - instant) <= 1e-9) return y[k];
    FAIL("no output row at " << instant);
    return 0.0;
  };
  CHECK(value_at(0.25) == doctest::Approx(10.0).epsilon(1e-12));  // before start_time: offset
  CHECK(value_at(1.0) == doctest::Approx(10.0).epsilon(1e-12));   // table time 0.5: 0
  CHECK(value_at(2.0) == doctest::Approx(12.5).epsilon(1e-12));   // table time 1.5
  CHECK(value_at(2.5) == doctest::Approx(14.0).epsilon(1e-12));   // table time 2
  CHECK(value_at(5.5) == doctest::Approx(33.0).epsilon(1e-12));   // table time 5: 16 + 7
  // The step at table time 1 (1.5 s) is an event: two rows at 1.5 s, 10 before and 11 after.
  std::vector<double> at_step;
  for (std::size_t k = 0; k < t.size(); ++k)
    if (std::abs(t[k] - 1.5) <= 1e-9) at_step.push_back(y[k]);
  REQUIRE(at_step.size() >= 2);
  CHECK(at_step.front() == doctest::Approx(10.0).epsilon(1e-9));
  CHECK(at_step.back() == doctest::Approx(11.0).epsilon(1e-9));
  // The rows' times are events too, where the slope changes: 2.5 s and 3.5 s are output rows.
  CHECK(has_time(t, 3.5));
}

TEST_CASE("signal.TimeTable: time_scale stretches the table's times") {
  // The same table in minutes (time_scale 60 s) from start_time 30 s: the step at table time 1 is at
  // 90 s, and at 150 s (table time 2) the output is 4.
  const auto run = run_source(R"({ "type": "signal.TimeTable", "params": {
      "table": [[0, 0], [1, 0], [1, 1], [2, 4]], "start_time": 30, "time_scale": "1 min" } })",
                              200.0, 5.0);
  const std::vector<double> t = run->times(), y = run->column("source.y");
  for (std::size_t k = 0; k < t.size(); ++k) {
    CAPTURE(t[k]);
    const double tau = (t[k] - 30.0) / 60.0;
    const bool after_step = k + 1 < t.size() ? !(std::abs(t[k] - 90.0) <= 1e-9 && std::abs(t[k + 1] - 90.0) <= 1e-9) : true;
    const double expected = t[k] < 30.0 ? 0.0 : tau < 1.0 || !after_step ? 0.0 : 1.0 + 3.0 * (tau - 1.0);
    CHECK(y[k] == doctest::Approx(expected).epsilon(1e-12));
  }
  CHECK(has_time(t, 150.0));
}

TEST_CASE("signal.TimeTable: table errors name the row") {
  CHECK_THROWS_WITH_AS(instantiate("signal.TimeTable", nlohmann::json::object(), "tt"),
                       "/components/tt/params/table: signal.TimeTable needs a table: rows [time, y], e.g. [[0, 0], "
                       "[1, 1], [1, 2]]",
                       ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.TimeTable", {{"table", {{0.0, 0.0}, {2.0, 1.0}, {1.0, 2.0}}}}, "tt"),
                       "/components/tt/params/table/2/0: times must not decrease: row 2 has 1 s after 2 s", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.TimeTable", {{"table", {{0.0, 0.0}, {1.0, 1.0}, {1.0, 2.0}, {1.0, 3.0}}}}, "tt"),
                       "/components/tt/params/table/3/0: a time may be in two rows (a step), not three: 1 s", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.TimeTable", {{"table", {{1.0, 0.0}, {2.0, 1.0}}}}, "tt"),
                       "/components/tt/params/table/0/0: the first time must be 0 (shift the table with shift_time), got 1",
                       ModelError);
}

TEST_CASE("signal.Table1D: linear interpolation of the input and MSL's extrapolations") {
  // An engine map: torque 10, 50, 40, 0 N·m at 0, 100, 200, 300 rad/s.
  const nlohmann::json map = {{"u", {0.0, 100.0, 200.0, 300.0}}, {"y", {10.0, 50.0, 40.0, 0.0}}};
  const auto y_at = [](const Definition& d, double u, double y) { return residual_at(d, {{d.instance + ".u", u}}, y); };
  SUBCASE("last_two_points (the default): through the end segments") {
    const Definition d = instantiate("signal.Table1D", {{"table", map}}, "t");
    CHECK(y_at(d, 150.0, 45.0) == doctest::Approx(0.0).scale(1.0));
    CHECK(y_at(d, 25.0, 20.0) == doctest::Approx(0.0).scale(1.0));
    CHECK(y_at(d, 350.0, -20.0) == doctest::Approx(0.0).scale(1.0));
    CHECK(y_at(d, -50.0, -10.0) == doctest::Approx(0.0).scale(1.0));
    CHECK(y_at(d, 150.0, 46.0) == doctest::Approx(1.0));
  }
  SUBCASE("hold_last_point: the end values") {
    const Definition d = instantiate("signal.Table1D", {{"table", map}, {"extrapolation", "hold_last_point"}}, "t");
    CHECK(y_at(d, 150.0, 45.0) == doctest::Approx(0.0).scale(1.0));
    CHECK(y_at(d, 350.0, 0.0) == doctest::Approx(0.0).scale(1.0));
    CHECK(y_at(d, -50.0, 10.0) == doctest::Approx(0.0).scale(1.0));
  }
  SUBCASE("no_extrapolation: the run stops where the input leaves the table") {
    // u ramps from 0 to 400 over 4 s: it leaves the table at 3 s.
    CHECK_THROWS_WITH(simulate_netlist(R"({
      "format": "acausal/1", "name": "map",
      "components": {
        "speed": { "type": "signal.Ramp", "params": { "height": 400, "duration": 4 } },
        "map": { "type": "signal.Table1D", "params": { "extrapolation": "no_extrapolation",
                 "table": { "u": [0, 100, 200, 300], "y": [10, 50, 40, 0] } } },
        "lag": { "type": "signal.FirstOrder", "params": { "T": 0.1 } }
      },
      "connections": [["speed.y", "map.u"], ["map.y", "lag.u"]],
      "experiment": { "start": 0, "stop": 4, "interval": 0.01, "tolerance": 1e-8 }
    })"),
                      doctest::Contains("map: the input u is above the table's range [0, 300] (no_extrapolation)"));
  }
  SUBCASE("a simulated map follows the table through its kinks") {
    const auto run = simulate_netlist(R"({
      "format": "acausal/1", "name": "map",
      "components": {
        "speed": { "type": "signal.Ramp", "params": { "height": 400, "duration": 4 } },
        "map": { "type": "signal.Table1D", "params": { "table": { "u": [0, 100, 200, 300], "y": [10, 50, 40, 0] } } },
        "lag": { "type": "signal.FirstOrder", "params": { "T": 0.1 } }
      },
      "connections": [["speed.y", "map.u"], ["map.y", "lag.u"]],
      "experiment": { "start": 0, "stop": 4, "interval": 0.01, "tolerance": 1e-8 },
      "outputs": ["map.u", "map.y"]
    })");
    const std::vector<double> u = run->column("map.u"), y = run->column("map.y");
    const auto table = [](double x) {
      if (x < 100.0) return 10.0 + 0.4 * x;
      if (x < 200.0) return 50.0 - 0.1 * (x - 100.0);
      return 40.0 - 0.4 * (x - 200.0);
    };
    double largest = 0.0;
    for (std::size_t k = 0; k < u.size(); ++k) largest = std::max(largest, std::abs(y[k] - table(u[k])));
    CHECK(largest <= 1e-9);
  }
  CHECK_THROWS_WITH_AS(instantiate("signal.Table1D", nlohmann::json::object(), "t"),
                       "/components/t/params/table: signal.Table1D needs a table: { \"u\": [...], \"y\": [...] }",
                       ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.Table1D", {{"table", map}, {"extrapolation", "periodic"}}, "t"),
                       doctest::Contains("/components/t/params/extrapolation: extrapolation must be one of"),
                       ModelError);
}
