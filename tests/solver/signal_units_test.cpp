// Signals carry units: a source's values written with a unit give its output that unit, and a
// connection checks that an input takes the signal's dimension (a dimensionless signal feeds any).

#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "core/model/errors.hpp"
#include "tests/support/simulation_run.hpp"

using namespace acausal;
using namespace acausal::testing;

namespace {

/// A constant k into `input` of `source_type` acting on `load_type`.
std::string driven(const std::string& k, const std::string& source_type, const std::string& input,
                   const std::string& load_type, const std::string& speed = "v") {
  return R"({ "format": "acausal/1", "components": {
    "c": { "type": "signal.Constant", "params": { "k": )" + k + R"( } },
    "f": { "type": ")" + source_type + R"(" },
    "m": { "type": ")" + load_type + R"(", "params": {} } },
    "connections": [["c.y", "f.)" + input + R"("], ["f.flange", "m.flange"]],
    "experiment": { "start": 0, "stop": 2, "interval": 0.5, "tolerance": 1e-10 },
    "outputs": ["m.)" + speed + R"(", "c.y"] })";
}

}  // namespace

TEST_CASE("signal units: a constant of 150 N drives a force input and its value is in SI") {
  // A 1 kg mass from rest under 0.15 kN: v = 150 m/s² · t.
  const auto run = simulate_netlist(driven("\"0.15 kN\"", "translational.Force", "f", "translational.Mass"));
  const std::vector<double> t = run->times(), v = run->column("m.v"), y = run->column("c.y");
  REQUIRE(t.size() == 5);
  for (std::size_t k = 0; k < t.size(); ++k) {
    CHECK(y[k] == 150.0);
    CHECK(std::abs(v[k] - 150.0 * t[k]) <= 1e-9 * (1.0 + 150.0 * t[k]));
  }
}

TEST_CASE("signal units: a force signal into a torque input is an error at the input naming both units") {
  CHECK_THROWS_WITH_AS(simulate_netlist(driven("\"150 N\"", "rotational.Torque", "tau", "rotational.Inertia", "w")),
                       "/connections/0/1: cannot connect c.y [kg*m/s^2] to f.tau [N*m]: the signal is in kg*m/s^2, "
                       "the input takes kg*m^2/s^2",
                       ModelError);
  // A plain number is dimensionless: it feeds either input, as a Modelica Real without a unit.
  CHECK_NOTHROW(simulate_netlist(driven("150", "rotational.Torque", "tau", "rotational.Inertia", "w")));
}

TEST_CASE("signal units: the values of one source have one dimension") {
  const std::string step = R"({ "format": "acausal/1", "components": {
    "s": { "type": "signal.Step", "params": { "height": "1 N", "offset": "2 m" } },
    "f": { "type": "translational.Force" }, "m": { "type": "translational.Mass" } },
    "connections": [["s.y", "f.f"], ["f.flange", "m.flange"]] })";
  CHECK_THROWS_WITH_AS(simulate_netlist(step),
                       "/components/s/params/offset: offset is in m but height in kg*m/s^2: the values of one signal "
                       "have one dimension",
                       ModelError);
}
