// The Simulator: a compiled program run step by step, with both sides of its events
// (tests/threads/ runs one program in many threads at once).

#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "components/registry.hpp"
#include "core/analysis/program.hpp"
#include "core/model/model.hpp"
#include "solver/simulation.hpp"
#include "solver/simulator.hpp"
#include "tests/support/compiled_netlist.hpp"

using namespace acausal;

namespace {

using Compiled = acausal::testing::CompiledNetlist;

Compiled compile_file(const std::string& path) { return acausal::testing::compile_netlist(load_netlist(path)); }

Compiled compile_text(const std::string& text) { return acausal::testing::compile_netlist(parse_netlist(text)); }

/// The position of unknown `name` among a program's unknowns.
std::size_t unknown(const Program& p, const std::string& name) {
  const std::optional<std::size_t> k = p.unknown_index(name);
  REQUIRE(k.has_value());
  CHECK(p.name(*k) == name);
  return *k;
}

}  // namespace

TEST_CASE("simulator: stepped to any times, an undamped oscillator follows s = 0.1·cos(10 t)") {
  const Compiled c = compile_file(ACAUSAL_SOURCE_DIR "/netlists/oscillator.json");
  SimulationOptions options = options_from(c.netlist.experiment);
  Simulator sim(*c.program, options);
  const std::size_t s = unknown(*c.program, "mass.s"), v = unknown(*c.program, "mass.v");
  for (double t : {0.0, 0.013, 0.5, 0.5, 1.7, 3.14159, 6.283185307179586}) {
    CAPTURE(t);
    sim.step_to(t);
    CHECK(sim.time() == t);
    CHECK(sim.y()[s] == doctest::Approx(0.1 * std::cos(10 * t)).epsilon(1e-6).scale(0.1));
    CHECK(sim.y()[v] == doctest::Approx(-std::sin(10 * t)).epsilon(1e-6).scale(1.0));
    std::vector<double> out(c.program->outputs().output_count());
    sim.outputs(out.data());
    CHECK(out[0] == sim.y()[s]);  // mass.s
  }
  CHECK_THROWS_WITH_AS(sim.step_to(1.0), "step_to: 1 is before the current time 6.283185307", std::invalid_argument);
}

TEST_CASE("simulator: a state set between steps is where the motion goes on from") {
  const Compiled c = compile_file(ACAUSAL_SOURCE_DIR "/netlists/oscillator.json");
  Simulator sim(*c.program, options_from(c.netlist.experiment));
  const std::size_t s = unknown(*c.program, "mass.s"), v = unknown(*c.program, "mass.v");
  sim.step_to(1.0);
  // Hold the mass at 0.2 m, at rest: from there s = 0.2·cos(10 (t − 1)).
  std::vector<double> y = sim.y();
  y[s] = 0.2;
  y[v] = 0.0;
  sim.set_state(y);
  CHECK(sim.y()[s] == 0.2);
  CHECK(sim.yp()[v] == doctest::Approx(-100 * 0.2).epsilon(1e-8));  // the acceleration made consistent
  for (double t : {1.05, 1.5, 2.0}) {
    CAPTURE(t);
    sim.step_to(t);
    CHECK(sim.y()[s] == doctest::Approx(0.2 * std::cos(10 * (t - 1.0))).epsilon(1e-6).scale(0.2));
  }
  CHECK_THROWS_WITH_AS(sim.set_state(std::vector<double>(1)), "set_state: 1 values for 2 unknowns",
                       std::invalid_argument);
}

TEST_CASE("simulator: a force step into a spring shows both sides of its event, at one time") {
  // Mass 1 kg on a 100 N/m spring at rest; 5 N from t = 0.25 s (between grid points): the force
  // jumps, the position and speed do not; the spring force follows s.
  const Compiled c = compile_text(R"({
    "format": "acausal/1",
    "components": {
      "ground": { "type": "translational.Fixed" },
      "mass": { "type": "translational.Mass", "params": { "m": 1 }, "initial": { "s": 0, "v": 0 } },
      "spring": { "type": "translational.Spring", "params": { "c": 100 } },
      "step": { "type": "signal.Step", "params": { "height": 5, "start_time": 0.25 } },
      "force": { "type": "translational.Force" }
    },
    "connections": [["mass.flange", "spring.R", "force.flange"], ["spring.C", "ground.flange"], ["step.y", "force.f"]],
    "experiment": { "stop": 1, "interval": 0.1, "tolerance": 1e-8 },
    "outputs": ["force.f", "mass.s", "mass.a"]
  })");
  Simulator sim(*c.program, options_from(c.netlist.experiment));
  std::vector<SimulatorEvent> seen;
  std::vector<std::vector<double>> before, after;
  sim.on_event = [&](const SimulatorEvent& e) {
    seen.push_back(e);
    before.emplace_back(e.outputs_before.begin(), e.outputs_before.end());
    after.emplace_back(e.outputs_after.begin(), e.outputs_after.end());
  };
  sim.step_to(0.2);
  CHECK(seen.empty());
  sim.step_to(0.3);
  REQUIRE(seen.size() == 1);
  CHECK(seen[0].time == doctest::Approx(0.25).epsilon(1e-12));
  CHECK(before[0][0] == 0.0);  // force.f
  CHECK(after[0][0] == 5.0);
  CHECK(before[0][1] == after[0][1]);  // mass.s
  CHECK(before[0][2] == doctest::Approx(0.0).scale(1.0));  // mass.a: at rest until the step
  CHECK(after[0][2] == doctest::Approx(5.0).epsilon(1e-9));  // a = f/m
  // After it, s = 0.05·(1 − cos(10 (t − 0.25))).
  std::vector<double> out(3);
  sim.outputs(out.data());
  CHECK(out[1] == doctest::Approx(0.05 * (1 - std::cos(10 * 0.05))).epsilon(1e-6).scale(0.05));

  // simulate() writes the event as two rows at its time, between the grid points around it.
  MemoryWriter w;
  simulate(*c.program, options_from(c.netlist.experiment), w);
  REQUIRE(w.times().size() == 11 + 2);
  CHECK(w.times()[3] == doctest::Approx(0.25).epsilon(1e-12));
  CHECK(w.times()[4] == w.times()[3]);
  CHECK(w.rows()[3][0] == 0.0);
  CHECK(w.rows()[4][0] == 5.0);
  CHECK(w.grid_times().size() == 11);
}

TEST_CASE("simulator: initial values set for one run replace the netlist's, without compiling again") {
  // The oscillator released from 0.1 m; one run of the same program from 0.3 m with 2 m/s.
  const Compiled c = compile_file(ACAUSAL_SOURCE_DIR "/netlists/oscillator.json");
  const std::size_t s = unknown(*c.program, "mass.s"), v = unknown(*c.program, "mass.v");
  Simulator moved(*c.program, options_from(c.netlist.experiment));
  moved.set_initial("mass.s", 0.3);
  moved.set_initial("mass.v", 2.0);
  // s = 0.3·cos(10 t) + 0.2·sin(10 t)
  for (double t : {0.0, 0.4, 1.3}) {
    CAPTURE(t);
    moved.step_to(t);
    CHECK(moved.y()[s] == doctest::Approx(0.3 * std::cos(10 * t) + 0.2 * std::sin(10 * t)).epsilon(1e-6).scale(0.36));
  }
  CHECK_THROWS_WITH_AS(moved.set_initial("mass.s", 0.0), "set_initial: the run is initialized already", std::logic_error);
  // Another run of the same program keeps the netlist's 0.1 m.
  Simulator plain(*c.program, options_from(c.netlist.experiment));
  plain.step_to(0.4);
  CHECK(plain.y()[s] == doctest::Approx(0.1 * std::cos(4.0)).epsilon(1e-6).scale(0.1));
  CHECK(plain.y()[v] == doctest::Approx(-std::sin(4.0)).epsilon(1e-6).scale(1.0));
  Simulator fresh(*c.program, options_from(c.netlist.experiment));
  CHECK_THROWS_WITH_AS(fresh.set_initial("mass.x", 0.0), "set_initial: the model has no unknown named mass.x; unknowns of mass: mass.s, mass.v",
                       std::invalid_argument);
}
