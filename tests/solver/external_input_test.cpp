// External inputs (the netlist's `inputs`): values set from outside the model, per step or as a
// function of time, that drive signal input ports.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <numbers>
#include <string>
#include <vector>

#include "components/registry.hpp"
#include "core/analysis/program.hpp"
#include "core/model/errors.hpp"
#include "core/model/model.hpp"
#include "solver/input_table.hpp"
#include "solver/simulation.hpp"
#include "solver/simulator.hpp"
#include "tests/support/compiled_netlist.hpp"
#include "tests/support/scratch_directory.hpp"

using namespace acausal;
using acausal::testing::compile_netlist;
using Compiled = acausal::testing::CompiledNetlist;

namespace {

/// The torque of netlists/rotational_chain.json's signal.Sine: 10 N·m at 2 Hz.
double sine_torque(double t) { return 10.0 * std::sin(2.0 * std::numbers::pi * 2.0 * t); }

/// Per output of `reference`: max |run − reference| over the output grid / the reference's range.
std::vector<double> relative_errors(const MemoryWriter& run, const MemoryWriter& reference) {
  std::vector<double> errors;
  for (const std::string& name : reference.names()) {
    const std::vector<double> a = run.grid_column(name), b = reference.grid_column(name);
    REQUIRE(a.size() == b.size());
    const auto [low, high] = std::minmax_element(b.begin(), b.end());
    double worst = 0.0;
    for (std::size_t k = 0; k < a.size(); ++k) worst = std::max(worst, std::fabs(a[k] - b[k]));
    errors.push_back(worst / (*high - *low));
  }
  return errors;
}

/// At the netlist's tolerance (1e-6) the Sine run is off the exact solution by up to 1.6e-6 of a
/// speed's range, and a run driven by an input as much along a step sequence of its own: the runs
/// compared here are at 1e-7, where that is below 4e-7.
constexpr double kTolerance = 1e-7;

MemoryWriter sine_netlist_run() {
  const Compiled c = compile_netlist(load_netlist(ACAUSAL_SOURCE_DIR "/netlists/rotational_chain.json"));
  SimulationOptions options = options_from(c.netlist.experiment);
  options.tolerance = kTolerance;
  MemoryWriter w;
  simulate(*c.program, options, w);
  return w;
}

/// Position, speed and acceleration of an inertia (J = 0.1 kg·m²) on a spring to ground
/// (c = 10 N·m/rad, ω = 10 rad/s), at rest, driven by the torque `torque_cmd` given in `unit`.
Compiled spring_inertia(const std::string& unit) {
  return compile_netlist(parse_netlist(R"({
    "format": "acausal/1",
    "components": {
      "torque": { "type": "rotational.Torque" },
      "inertia": { "type": "rotational.Inertia", "params": { "J": 0.1 }, "initial": { "phi": 0, "w": 0 } },
      "spring": { "type": "rotational.Spring", "params": { "c": 10 } },
      "ground": { "type": "rotational.Fixed" }
    },
    "inputs": { "torque_cmd": { "unit": ")" + unit + R"(", "feeds": ["torque.tau"] } },
    "connections": [["torque.flange", "inertia.flange", "spring.R"], ["spring.C", "ground.flange"]],
    "experiment": { "stop": 2, "interval": 0.01, "tolerance": 1e-8 },
    "outputs": ["inertia.phi", "inertia.w", "inertia.a", "torque.tau"]
  })"));
}

}  // namespace

TEST_CASE("external input: rotational_chain driven through set_input_function reproduces its Sine source") {
  const MemoryWriter reference = sine_netlist_run();
  const Compiled c = compile_netlist(load_netlist(ACAUSAL_SOURCE_DIR "/netlists/rotational_chain_input.json"));
  REQUIRE(c.program->input_names() == std::vector<std::string>{"torque_cmd"});
  SimulationOptions options = options_from(c.netlist.experiment);
  options.tolerance = kTolerance;
  Simulator sim(*c.program, options);
  sim.set_input_function(0, sine_torque);
  // The rows of the output grid, as simulate() writes them.
  MemoryWriter run;
  run.begin(c.program->output_names());
  std::vector<double> out(c.program->outputs().output_count());
  const auto points = static_cast<std::size_t>(std::llround((options.stop - options.start) / options.interval));
  for (std::size_t k = 0; k <= points; ++k) {
    const double t = k == points ? options.stop : options.start + static_cast<double>(k) * options.interval;
    sim.step_to(t);
    sim.outputs(out.data());
    run.row(t, out);
  }
  const std::vector<double> errors = relative_errors(run, reference);
  for (std::size_t k = 0; k < errors.size(); ++k) {
    CAPTURE(reference.names()[k]);
    MESSAGE(reference.names()[k] << ": " << errors[k] << " of its range");
    CHECK(errors[k] < 1e-6);
  }
}

TEST_CASE("external input: rotational_chain driven from a CSV file reproduces its Sine source") {
  // Samples every 0.1 ms: linear interpolation is off by at most h²/8·max|τ''| = 1e-8/8·10·(4π)²
  // ≈ 2e-7 N·m, 1e-8 of the torque's range — far below the integration's 1e-6.
  const std::string path = (test_support::scratch_directory() / "sine_torque.csv").string();
  {
    std::ofstream csv(path);
    csv << "time,torque_cmd\n";
    char line[64];
    for (int k = 0; k <= 30000; ++k) {
      const double t = k * 1e-4;
      std::snprintf(line, sizeof line, "%.17g,%.17g\n", t, sine_torque(t));
      csv << line;
    }
  }
  const MemoryWriter reference = sine_netlist_run();
  const Compiled c = compile_netlist(load_netlist(ACAUSAL_SOURCE_DIR "/netlists/rotational_chain_input.json"));
  const InputTable table = read_input_csv(path, "torque_cmd");
  SimulationOptions options = options_from(c.netlist.experiment);
  options.tolerance = kTolerance;
  options.inputs = {[&table](double t) { return table(t); }};
  MemoryWriter run;
  simulate(*c.program, options, run);
  const std::vector<double> errors = relative_errors(run, reference);
  for (std::size_t k = 0; k < errors.size(); ++k) {
    CAPTURE(reference.names()[k]);
    MESSAGE(reference.names()[k] << ": " << errors[k] << " of its range");
    CHECK(errors[k] < 1e-6);
  }
}

TEST_CASE("external input: a step set between two step_to calls starts the response at its time") {
  // At rest until t1 = 0.5 (the integrator, with nothing moving, has long run ahead), then T = 2 N·m:
  // phi = T/c·(1 − cos ω(t − t1)); the acceleration jumps from 0 to T/J, the angle and speed do not.
  const Compiled c = spring_inertia("N*m");
  Simulator sim(*c.program, options_from(c.netlist.experiment));
  sim.set_input("torque_cmd", 0.0);
  std::vector<double> before(4), after(4), out(4);
  sim.step_to(0.5);
  sim.outputs(before.data());
  sim.set_input("torque_cmd", 2.0);
  sim.outputs(after.data());
  CHECK(before[0] == 0.0);
  CHECK(after[0] == 0.0);
  CHECK(after[1] == 0.0);
  CHECK(before[2] == 0.0);
  CHECK(after[2] == doctest::Approx(20.0).epsilon(1e-12));  // T/J
  CHECK(after[3] == 2.0);
  for (double t : {0.6, 0.8257, 1.0, 1.5}) {
    CAPTURE(t);
    sim.step_to(t);
    sim.outputs(out.data());
    CHECK(out[0] == doctest::Approx(0.2 * (1.0 - std::cos(10.0 * (t - 0.5)))).epsilon(1e-6).scale(0.4));
    CHECK(out[1] == doctest::Approx(2.0 * std::sin(10.0 * (t - 0.5))).epsilon(1e-6).scale(2.0));
  }
  // Released at t2 = 1.5: free vibration about 0 from where it was.
  const double phi2 = out[0], w2 = out[1];
  sim.set_input(0, 0.0);
  sim.step_to(1.7);
  sim.outputs(out.data());
  CHECK(out[0] == doctest::Approx(phi2 * std::cos(2.0) + w2 / 10.0 * std::sin(2.0)).epsilon(1e-6).scale(0.4));
}

TEST_CASE("external input: values in the input's unit, one input feeding two ports") {
  const Compiled c = compile_netlist(parse_netlist(R"({
    "format": "acausal/1",
    "components": {
      "torque1": { "type": "rotational.Torque" },
      "torque2": { "type": "rotational.Torque" },
      "light": { "type": "rotational.Inertia", "params": { "J": 0.1 } },
      "heavy": { "type": "rotational.Inertia", "params": { "J": 0.4 } }
    },
    "inputs": { "drive": { "unit": "kN*m", "feeds": ["torque1.tau", "torque2.tau"] } },
    "connections": [["torque1.flange", "light.flange"], ["torque2.flange", "heavy.flange"]],
    "experiment": { "stop": 1 },
    "outputs": ["light.a", "heavy.a", "torque1.tau"]
  })"));
  Simulator sim(*c.program, options_from(c.netlist.experiment));
  sim.set_input("drive", 0.002);  // 2 N·m
  sim.step_to(0.5);
  std::vector<double> out(3);
  sim.outputs(out.data());
  CHECK(out[0] == doctest::Approx(20.0).epsilon(1e-12));  // 2 N·m / 0.1 kg·m²
  CHECK(out[1] == doctest::Approx(5.0).epsilon(1e-12));
  CHECK(out[2] == doctest::Approx(2.0).epsilon(1e-15));
}

TEST_CASE("external input: a run without its value, and the wrong names and values, are errors") {
  const Compiled c = spring_inertia("N*m");
  Simulator sim(*c.program, options_from(c.netlist.experiment));
  CHECK_THROWS_WITH_AS(sim.step_to(0.1),
                       "/inputs/torque_cmd: input \"torque_cmd\" has no value: set it (Simulator::set_input) or give it "
                       "a function of time (Simulator::set_input_function) before the run starts",
                       ModelError);
  CHECK_THROWS_WITH_AS(sim.set_input("torque", 1.0), "set_input: no input \"torque\"; the program's inputs: torque_cmd",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(sim.set_input(1, 1.0), "set_input: no input 1; the program has 1", std::out_of_range);
  CHECK_THROWS_WITH_AS(sim.set_input(0, std::nan("")), "set_input: the value of input \"torque_cmd\" is not finite",
                       std::invalid_argument);
}

TEST_CASE("external input: a port inside a subsystem instance is fed by its full path") {
  const Compiled c = compile_netlist(parse_netlist(R"({
    "format": "acausal/1",
    "subsystems": {
      "drive": {
        "components": { "torque": { "type": "rotational.Torque" }, "rotor": { "type": "rotational.Inertia", "params": { "J": 0.1 } } },
        "connections": [["torque.flange", "rotor.flange"]],
        "ports": { "flange": "rotor.flange" }
      }
    },
    "components": {
      "drive1": { "type": "drive" },
      "load": { "type": "rotational.Inertia", "params": { "J": 0.3 } }
    },
    "inputs": { "torque_cmd": { "unit": "N*m", "feeds": ["drive1.torque.tau"] } },
    "connections": [["drive1.flange", "load.flange"]],
    "outputs": ["load.a"]
  })"));
  Simulator sim(*c.program, options_from(c.netlist.experiment));
  sim.set_input("torque_cmd", 2.0);
  sim.step_to(0.5);
  std::vector<double> out(1);
  sim.outputs(out.data());
  CHECK(out[0] == doctest::Approx(5.0).epsilon(1e-12));  // 2 N·m on 0.1 + 0.3 kg·m²
}
