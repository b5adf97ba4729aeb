// The linear model of a run (solver/linearization.hpp) against closed forms: a mass on a
// spring-damper pushed by an external input, at rest and later in its motion.

#include <doctest/doctest.h>

#include <cmath>

#include "core/model/netlist.hpp"
#include "solver/linearization.hpp"
#include "solver/simulator.hpp"
#include "tests/support/compiled_netlist.hpp"

using namespace acausal;

namespace {

const char* const kPushedOscillator = R"({
  "format": "acausal/1",
  "components": {
    "ground": { "type": "translational.Fixed" },
    "spring": { "type": "translational.SpringDamper", "params": { "c": 100, "d": 2 } },
    "mass": { "type": "translational.Mass", "params": { "m": 4 }, "initial": { "s": 0.1, "v": 0 } },
    "push": { "type": "translational.Force" }
  },
  "inputs": { "f": { "unit": "N", "feeds": ["push.f"] } },
  "connections": [["ground.flange", "spring.C"], ["spring.R", "mass.flange", "push.flange"]],
  "outputs": ["mass.s", "spring.f"]
})";

}  // namespace

TEST_CASE("linearization: m s'' + d s' + c s = f gives A = [0 1; -c/m -d/m], B = [0; 1/m] anywhere on its motion") {
  const testing::CompiledNetlist c = testing::compile_netlist(parse_netlist(kPushedOscillator));
  Simulator sim(*c.program, {.stop = 1.0});
  sim.set_input("f", 3.0);
  for (double t : {0.0, 0.37}) {
    if (t > 0.0) sim.step_to(t);
    const Linearization lin = linearize(sim);
    CHECK(lin.time == t);
    REQUIRE(lin.states == std::vector<std::string>{"mass.s", "mass.v"});
    CHECK(lin.inputs == std::vector<std::string>{"f"});
    CHECK(lin.A(0, 0) == 0.0);
    CHECK(lin.A(0, 1) == 1.0);
    CHECK(lin.A(1, 0) == doctest::Approx(-25.0).epsilon(1e-15));
    CHECK(lin.A(1, 1) == doctest::Approx(-0.5).epsilon(1e-15));
    CHECK(lin.B(0, 0) == 0.0);
    CHECK(lin.B(1, 0) == doctest::Approx(0.25).epsilon(1e-9));  // ∂F/∂u: central differences
    // Outputs s and the spring-damper's force c·s + d·v, by central differences.
    CHECK(lin.C(0, 0) == doctest::Approx(1.0).epsilon(1e-9));
    CHECK(lin.C(1, 0) == doctest::Approx(100.0).epsilon(1e-9));
    CHECK(lin.C(1, 1) == doctest::Approx(2.0).epsilon(1e-9));
    CHECK(std::fabs(lin.D(0, 0)) < 1e-12);
  }
  CHECK_THROWS_WITH_AS(linearize(sim, {"g"}), "linearize: no input \"g\"; the model's: f", std::invalid_argument);
  CHECK_THROWS_WITH_AS(linearize(sim, {}, {"mass.q"}), "linearize: no output \"mass.q\"; the model's: mass.s, spring.f",
                       std::invalid_argument);
}
