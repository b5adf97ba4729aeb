#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "components/registry.hpp"
#include "core/model/errors.hpp"
#include "core/expr/expr_walk.hpp"
#include "tests/support/component_harness.hpp"

using namespace acausal;
using namespace acausal::testing;

namespace {

constexpr double kPi = std::numbers::pi;

/// The single equation of a signal block holds at y = expected and fails at a wrong y.
void check_output(const Definition& d, Values values, double expected) {
  REQUIRE(d.equations.size() == 1);
  const std::string y = d.instance + ".y";
  values[y] = expected;
  CHECK(residuals(d, values)[0] == doctest::Approx(0.0).epsilon(1e-12));
  values[y] = expected + 0.1;
  CHECK(std::abs(residuals(d, values)[0]) == doctest::Approx(0.1));
}

/// Output of a source block at time t.
void check_at(const Definition& d, double t, double expected) {
  INFO("time = " << t);
  check_output(d, Values{{"time", t}}, expected);
}

bool has_indicator(const std::vector<Condition>& conditions, const Expr& indicator) {
  return std::any_of(conditions.begin(), conditions.end(),
                     [&](const Condition& c) { return c.indicator == indicator; });
}

void check_no_energy(const Definition& d) {
  CHECK(d.stored_energy == Expr(0.0));
  CHECK(d.loss_power == Expr(0.0));
  CHECK(d.injected_power == Expr(0.0));
}

void check_signal_port(const Definition& d, const char* name, SignalDirection direction) {
  const Port* p = d.find_port(name);
  REQUIRE(p != nullptr);
  CHECK(p->domain == &signal());
  CHECK(p->direction == direction);
  const Definition::Variable* v = d.find_variable(name);
  REQUIRE(v != nullptr);
  CHECK(v->unit == "1");
}

}  // namespace

TEST_CASE("signal.Constant: y = k") {
  Definition d = instantiate("signal.Constant", {{"k", 2.5}}, "c");
  check_signal_port(d, "y", SignalDirection::Output);
  CHECK(d.ports.size() == 1);
  check_output(d, {}, 2.5);
  check_no_energy(d);
  check_output(instantiate("signal.Constant", nlohmann::json::object(), "c"), {}, 1.0);  // default k = 1
}

TEST_CASE("signal.Step: offset before start_time, offset + height from start_time on") {
  Definition d = instantiate("signal.Step", {{"height", 3.0}, {"offset", -1.0}, {"start_time", 2.0}}, "st");
  check_signal_port(d, "y", SignalDirection::Output);
  check_at(d, 0.0, -1.0);
  check_at(d, 2.0 - 1e-9, -1.0);
  check_at(d, 2.0, 2.0);
  check_at(d, 2.0 + 1e-9, 2.0);
  check_at(d, 10.0, 2.0);
  check_no_energy(d);

  SUBCASE("the switch is a time event at start_time") {
    std::vector<Condition> c = conditions(d.equations[0].residual);
    REQUIRE(c.size() == 1);
    CHECK(c[0].indicator == Expr::time() - 2.0);
  }
  SUBCASE("defaults: a unit step at time 0") {
    Definition s = instantiate("signal.Step", nlohmann::json::object(), "st");
    check_at(s, -1e-9, 0.0);
    check_at(s, 0.0, 1.0);
  }
  SUBCASE("start_time takes a unit") {
    Definition s = instantiate("signal.Step", {{"start_time", "500 ms"}}, "st");
    check_at(s, 0.5 - 1e-9, 0.0);
    check_at(s, 0.5, 1.0);
  }
}

TEST_CASE("signal.Ramp: Modelica's ramp") {
  // offset 0.5, height 4 from start_time 1 over 2 s
  Definition d =
      instantiate("signal.Ramp", {{"height", 4.0}, {"duration", 2.0}, {"offset", 0.5}, {"start_time", 1.0}}, "r");
  check_signal_port(d, "y", SignalDirection::Output);
  check_at(d, 0.0, 0.5);
  check_at(d, 1.0 - 1e-9, 0.5);
  check_at(d, 1.0, 0.5);
  check_at(d, 1.0 + 1e-6, 0.5 + 2e-6);
  check_at(d, 1.5, 1.5);
  check_at(d, 2.0, 2.5);
  check_at(d, 3.0 - 1e-6, 4.5 - 2e-6);
  check_at(d, 3.0, 4.5);
  check_at(d, 7.0, 4.5);
  check_no_energy(d);

  SUBCASE("time events at start_time and start_time + duration") {
    std::vector<Condition> c = conditions(d.equations[0].residual);
    CHECK(c.size() == 2);
    CHECK(has_indicator(c, Expr::time() - 1.0));
    CHECK(has_indicator(c, Expr::time() - 3.0));
  }
  SUBCASE("duration 0 is a step") {
    Definition s = instantiate("signal.Ramp", {{"height", 2.0}, {"duration", 0.0}, {"start_time", 1.0}}, "r");
    check_at(s, 1.0 - 1e-9, 0.0);
    check_at(s, 1.0, 2.0);
    check_at(s, 5.0, 2.0);
    std::vector<Condition> c = conditions(s.equations[0].residual);
    REQUIRE(c.size() == 1);
    CHECK(c[0].indicator == Expr::time() - 1.0);
  }
  SUBCASE("negative height ramps down") {
    Definition s = instantiate("signal.Ramp", {{"height", -1.0}, {"duration", 4.0}}, "r");
    check_at(s, 1.0, -0.25);
    check_at(s, 4.0, -1.0);
  }
}

TEST_CASE("signal.Sine: y = offset + (time < start_time ? 0 : amplitude·sin(2π f (time − start_time) + phase))") {
  Definition d = instantiate(
      "signal.Sine", {{"amplitude", 2.0}, {"frequency", 5.0}, {"phase", 0.3}, {"offset", 1.0}, {"start_time", 0.5}},
      "s");
  check_signal_port(d, "y", SignalDirection::Output);
  check_at(d, 0.0, 1.0);
  check_at(d, 0.5 - 1e-9, 1.0);
  check_at(d, 0.5, 1.0 + 2.0 * std::sin(0.3));
  check_at(d, 0.55, 1.0 + 2.0 * std::cos(0.3));  // a quarter period later
  check_at(d, 0.6, 1.0 - 2.0 * std::sin(0.3));   // half a period later
  check_at(d, 0.7, 1.0 + 2.0 * std::sin(0.3));   // one period later
  check_at(d, 0.5 + 0.0123, 1.0 + 2.0 * std::sin(2.0 * kPi * 5.0 * 0.0123 + 0.3));
  check_no_energy(d);

  SUBCASE("time event at start_time") {
    std::vector<Condition> c = conditions(d.equations[0].residual);
    REQUIRE(c.size() == 1);
    CHECK(c[0].indicator == Expr::time() - 0.5);
  }
  SUBCASE("defaults: amplitude 1, 1 Hz, phase 0, offset 0, from time 0") {
    Definition s = instantiate("signal.Sine", nlohmann::json::object(), "s");
    check_at(s, -0.1, 0.0);
    check_at(s, 0.25, 1.0);
    check_at(s, 0.75, -1.0);
  }
  SUBCASE("frequency and phase take units") {
    Definition s = instantiate("signal.Sine", {{"frequency", "2 kHz"}, {"phase", "90 deg"}}, "s");
    check_at(s, 1e-4, std::cos(2.0 * kPi * 2000.0 * 1e-4));
  }
}

TEST_CASE("signal.Table: y = table(time)") {
  const nlohmann::json linear = {{"time", {0.0, 1.0, 3.0}}, {"y", {1.0, 3.0, -1.0}}};

  SUBCASE("linear interpolation, linear extrapolation (the defaults)") {
    Definition d = instantiate("signal.Table", {{"table", linear}}, "tab");
    check_signal_port(d, "y", SignalDirection::Output);
    check_no_energy(d);
    check_at(d, 0.0, 1.0);
    check_at(d, 0.5, 2.0);
    check_at(d, 1.0, 3.0);
    check_at(d, 2.0, 1.0);
    check_at(d, 3.0, -1.0);
    check_at(d, -1.0, -1.0);  // slope 2 continued to the left
    check_at(d, 4.0, -3.0);   // slope −2 continued to the right
  }
  SUBCASE("nearest extrapolation holds the end values") {
    nlohmann::json table = linear;
    table["extrapolation"] = "nearest";
    Definition d = instantiate("signal.Table", {{"table", table}}, "tab");
    check_at(d, -1.0, 1.0);
    check_at(d, 0.5, 2.0);
    check_at(d, 4.0, -1.0);
  }
  SUBCASE("smooth interpolation (monotone cubic), linear and nearest extrapolation") {
    // Points (0, 0), (1, 1), (2, 0): Fritsch–Carlson slopes 1, 0, −1; the cubic is 0.625 at the midpoints.
    nlohmann::json table = {{"time", {0.0, 1.0, 2.0}}, {"y", {0.0, 1.0, 0.0}}, {"interpolation", "smooth"}};
    Definition d = instantiate("signal.Table", {{"table", table}}, "tab");
    check_at(d, 0.0, 0.0);
    check_at(d, 0.5, 0.625);
    check_at(d, 1.0, 1.0);
    check_at(d, 1.5, 0.625);
    check_at(d, 2.0, 0.0);
    check_at(d, -1.0, -1.0);
    check_at(d, 3.0, -1.0);
    table["extrapolation"] = "nearest";
    Definition n = instantiate("signal.Table", {{"table", table}}, "tab");
    check_at(n, -1.0, 0.0);
    check_at(n, 0.5, 0.625);
    check_at(n, 3.0, 0.0);
  }
  SUBCASE("one time event per breakpoint where the slope jumps") {
    // Linear extrapolation continues the end slopes: only the interior point is a kink.
    Definition d = instantiate("signal.Table", {{"table", linear}}, "tab");
    std::vector<Condition> c = conditions(d.equations[0].residual);
    CHECK(c.size() == 1);
    CHECK(has_indicator(c, Expr::time() - 1.0));
    // Holding the end values makes both ends kinks.
    nlohmann::json held = linear;
    held["extrapolation"] = "nearest";
    c = conditions(instantiate("signal.Table", {{"table", held}}, "tab").equations[0].residual);
    CHECK(c.size() == 3);
    CHECK(has_indicator(c, Expr::time()));
    CHECK(has_indicator(c, Expr::time() - 1.0));
    CHECK(has_indicator(c, Expr::time() - 3.0));
  }
  SUBCASE("times take units") {
    nlohmann::json table = {{"time", {"0 ms", "500 ms"}}, {"y", {0.0, 1.0}}};
    Definition d = instantiate("signal.Table", {{"table", table}}, "tab");
    check_at(d, 0.25, 0.5);
  }
  SUBCASE("a missing table is an error at the table parameter") {
    CHECK_THROWS_WITH_AS(instantiate("signal.Table", nlohmann::json::object(), "tab"),
                         "/components/tab/params/table: signal.Table needs a table: { \"time\": [...], \"y\": [...] }",
                         ModelError);
  }
  SUBCASE("a bad table is an error at the table parameter") {
    CHECK_THROWS_WITH_AS(instantiate("signal.Table", {{"table", {{"time", {0.0, 1.0}}}}}, "tab"),
                         "/components/tab/params/table: \"table\" needs a column \"y\"", ModelError);
    CHECK_THROWS_AS(instantiate("signal.Table", {{"table", {{"time", {1.0, 0.0}}, {"y", {0.0, 1.0}}}}}, "tab"),
                    ModelError);
  }
}

TEST_CASE("signal.Gain: y = k·u") {
  Definition d = instantiate("signal.Gain", {{"k", -3.0}}, "g");
  check_signal_port(d, "u", SignalDirection::Input);
  check_signal_port(d, "y", SignalDirection::Output);
  check_output(d, {{"g.u", 0.0}}, 0.0);
  check_output(d, {{"g.u", 2.0}}, -6.0);
  check_output(d, {{"g.u", -0.5}}, 1.5);
  check_no_energy(d);
  check_output(instantiate("signal.Gain", nlohmann::json::object(), "g"), {{"g.u", 7.0}}, 7.0);  // default k = 1
}

TEST_CASE("signal.Add: y = k1·u1 + k2·u2") {
  Definition d = instantiate("signal.Add", {{"k1", 2.0}, {"k2", -0.5}}, "a");
  check_signal_port(d, "u1", SignalDirection::Input);
  check_signal_port(d, "u2", SignalDirection::Input);
  check_signal_port(d, "y", SignalDirection::Output);
  check_output(d, {{"a.u1", 3.0}, {"a.u2", 4.0}}, 4.0);
  check_output(d, {{"a.u1", -1.0}, {"a.u2", 2.0}}, -3.0);
  check_no_energy(d);
  // defaults k1 = k2 = 1
  check_output(instantiate("signal.Add", nlohmann::json::object(), "a"), {{"a.u1", 3.0}, {"a.u2", 4.0}}, 7.0);
}

TEST_CASE("signal.Product: y = u1·u2") {
  Definition d = instantiate("signal.Product", nlohmann::json::object(), "p");
  check_signal_port(d, "u1", SignalDirection::Input);
  check_signal_port(d, "u2", SignalDirection::Input);
  check_signal_port(d, "y", SignalDirection::Output);
  check_output(d, {{"p.u1", 3.0}, {"p.u2", 4.0}}, 12.0);
  check_output(d, {{"p.u1", -1.5}, {"p.u2", 2.0}}, -3.0);
  check_output(d, {{"p.u1", 0.0}, {"p.u2", 5.0}}, 0.0);
  check_no_energy(d);
}

TEST_CASE("signal blocks: parameter validation names the parameter") {
  CHECK_THROWS_WITH_AS(instantiate("signal.Ramp", {{"duration", -1.0}}, "r"),
                       "/components/r/params/duration: duration must not be negative, got -1", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.Sine", {{"frequency", -1.0}}, "s"),
                       "/components/s/params/frequency: frequency must not be negative, got -1", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.Gain", {{"K", 1.0}}, "g"),
                       "/components/g/params/K: unknown parameter \"K\" of signal.Gain; valid: k", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.Step", {{"start_time", "1 m"}}, "st"),
                       doctest::Contains("/components/st/params/start_time: "), ModelError);
}

TEST_CASE("signal blocks: registered, with a one-line summary, and describable") {
  for (const char* type :
       {"signal.Constant", "signal.Step", "signal.Ramp", "signal.Sine", "signal.Table", "signal.Gain", "signal.Add",
        "signal.Product"}) {
    INFO(type);
    Definition d = described_catalog_entry(type);
    CHECK(d.equations.size() == 1);
    CHECK(d.find_port("y") != nullptr);
  }
}

TEST_CASE("signal blocks: described laws read as the documentation") {
  auto law = [](const char* type) {
    ComponentBuilder b(ComponentBuilder::Mode::Describe, "", type, "", nullptr);
    builtin_registry().find(type)->define(b);
    return to_string(b.finish().equations.at(0).residual);
  };
  CHECK(law("signal.Table") == "y - table(table, time)");
  CHECK(law("signal.Constant") == "y - k");
  CHECK(law("signal.Step") == "y - offset - (if time >= start_time then height else 0)");
  CHECK(law("signal.Ramp") ==
        "y - offset - (if time < start_time then 0 else if time < start_time + duration then "
        "height*(time - start_time) / duration else height)");
  CHECK(law("signal.Sine") ==
        "y - offset - (if time < start_time then 0 else "
        "amplitude*sin(6.283185307179586*frequency*(time - start_time) + phase))");
  CHECK(law("signal.Gain") == "y - k*u");
  CHECK(law("signal.Add") == "y - k1*u1 - k2*u2");
  CHECK(law("signal.Product") == "y - u1*u2");
}
