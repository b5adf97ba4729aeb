// Subsystems (docs/netlist-format.md, "Subsystems"), simulated: a netlist built from subsystem
// instances is the same circuit as the one written flat, trajectory for trajectory, and its results
// and energy report name the components by their full path.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "core/model/netlist.hpp"
#include "tests/support/simulation_run.hpp"

using namespace acausal;
using namespace acausal::testing;

namespace {

const std::string kData = ACAUSAL_SOURCE_DIR "/tests/solver/data";

/// Simulates the netlist file with every variable as an output.
std::unique_ptr<SimulationRun> run_all(const std::string& path) {
  Netlist n = load_netlist(path);
  n.outputs.clear();
  return simulate_netlist(n);
}

/// A full path as the flat netlist names it: the first matching prefix replaced
/// (`gearbox1.shaft.w` → `gearbox1_shaft.w`).
using Renames = std::vector<std::pair<std::string, std::string>>;
std::string flat_name(const std::string& path, const Renames& renames) {
  for (const auto& [from, to] : renames)
    if (path.starts_with(from)) return to + path.substr(from.size());
  return path;
}

/// The largest |difference| between any output of `a` and the same output of `b` (named through
/// `renames`) at any time; every output of either run has its counterpart.
double max_difference(const SimulationRun& a, const SimulationRun& b, const Renames& renames) {
  REQUIRE(a.writer.names().size() == b.writer.names().size());
  REQUIRE(a.times() == b.times());
  double worst = 0.0;
  for (const std::string& name : a.writer.names()) {
    INFO(name);
    const std::vector<double> x = a.column(name);
    const std::vector<double> y = b.column(flat_name(name, renames));  // throws if b has no such output
    for (std::size_t k = 0; k < x.size(); ++k) worst = std::max(worst, std::abs(x[k] - y[k]));
  }
  return worst;
}

const ComponentEnergy* account(const EnergyReport& r, const std::string& instance) {
  for (const ComponentEnergy& c : r.components)
    if (c.instance == instance) return &c;
  return nullptr;
}

const Renames kTwoGearboxes = {{"gearbox1.", "gearbox1_"}, {"gearbox2.", "gearbox2_"}};

}  // namespace

TEST_CASE("subsystems: two gearboxes from one definition equal the circuit written flat, bit for bit") {
  const auto sub = run_all(ACAUSAL_SOURCE_DIR "/netlists/two_gearboxes.json");
  const auto flat = run_all(kData + "/two_gearboxes_flat.json");
  // The results name the components inside the instances by their full path.
  const auto& names = sub->writer.names();
  for (const char* path : {"gearbox1.shaft.w", "gearbox2.shaft.w", "gearbox1.gear.C.phi", "gearbox2.coupling.tau"})
    CHECK(std::find(names.begin(), names.end(), path) != names.end());
  const double difference = max_difference(*sub, *flat, kTwoGearboxes);
  MESSAGE("two gearboxes, subsystem vs flat: max |difference| over all ", names.size(), " outputs and ",
          sub->times().size(), " times = ", difference);
  CHECK(difference <= 1e-12);
  // The run is not trivial: the load turns, the second gearbox's shaft turns 2.5 times as fast.
  const std::vector<double> load = sub->column("load.w"), shaft2 = sub->column("gearbox2.shaft.w");
  CHECK(std::abs(load.back()) > 0.01);
  CHECK(sub->column("gearbox2.gear.C.phi").back() == doctest::Approx(2.5 * sub->column("gearbox2.gear.R.phi").back()));
}

TEST_CASE("subsystems: the energy report of two gearboxes lists the components by full path and balances") {
  const auto sub = run_all(ACAUSAL_SOURCE_DIR "/netlists/two_gearboxes.json");
  const auto flat = run_all(kData + "/two_gearboxes_flat.json");
  REQUIRE(sub->result.energy);
  REQUIRE(flat->result.energy);
  const EnergyReport& e = *sub->result.energy;
  CHECK(e.relative_balance() < 1e-6);
  CHECK(e.work_injected > 1.0);
  CHECK(e.work_lost > 0.1);
  REQUIRE(e.components.size() == flat->result.energy->components.size());
  for (const ComponentEnergy& c : e.components) {
    INFO(c.instance);
    CHECK(c.relative_audit() < 1e-6);
    const ComponentEnergy* same = account(*flat->result.energy, flat_name(c.instance, kTwoGearboxes));
    REQUIRE(same != nullptr);
    CHECK(c.stored_end == same->stored_end);
    CHECK(c.work_lost == same->work_lost);
    CHECK(c.work_injected == same->work_injected);
  }
  for (const char* instance : {"gearbox1.gear", "gearbox1.shaft", "gearbox1.coupling", "gearbox2.gear",
                               "gearbox2.shaft", "gearbox2.coupling"})
    CHECK(account(e, instance) != nullptr);
  CHECK(account(e, "gearbox1.coupling")->work_lost > 0.0);
  CHECK(account(e, "gearbox2.shaft")->stored_end > 0.0);
}

TEST_CASE("subsystems: a gearbox made of a stage from another file, nested, equals the flat circuit") {
  const auto nested = run_all(kData + "/nested_gearboxes.json");
  const auto flat = run_all(kData + "/two_gearboxes_flat.json");
  const auto& names = nested->writer.names();
  CHECK(std::find(names.begin(), names.end(), "gearbox1.stage.shaft.w") != names.end());
  CHECK(std::find(names.begin(), names.end(), "gearbox2.stage.gear.R.tau") != names.end());
  const double difference = max_difference(*nested, *flat,
                                           {{"gearbox1.stage.", "gearbox1_"},
                                            {"gearbox1.", "gearbox1_"},
                                            {"gearbox2.stage.", "gearbox2_"},
                                            {"gearbox2.", "gearbox2_"}});
  MESSAGE("nested gearboxes vs flat: max |difference| = ", difference);
  CHECK(difference <= 1e-12);
  REQUIRE(nested->result.energy);
  CHECK(account(*nested->result.energy, "gearbox2.stage.shaft") != nullptr);
  CHECK(nested->result.energy->relative_balance() < 1e-6);
}

TEST_CASE("outputs: a pattern with * names every matching variable and a subsystem port reads the flat port it stands for") {
  Netlist n = load_netlist(ACAUSAL_SOURCE_DIR "/netlists/two_gearboxes.json");
  n.outputs = {"gearbox1.flange_a.phi", "gearbox1.flange_b.tau", "gearbox*.shaft.w", "rotor.*"};
  const std::unique_ptr<SimulationRun> run = simulate_netlist(n);
  const std::vector<std::string> expected = {"gearbox1.flange_a.phi", "gearbox1.flange_b.tau", "gearbox1.shaft.w",
                                             "gearbox2.shaft.w",      "rotor.flange.phi",      "rotor.flange.tau",
                                             "rotor.phi",             "rotor.w",               "rotor.a"};
  CHECK(run->writer.names() == expected);
  // gearbox1.flange_a is the gear's input flange, on the rotor's shaft: the same angle at every row.
  const std::vector<double> input = run->column("gearbox1.flange_a.phi"), rotor = run->column("rotor.phi");
  double worst = 0.0;
  for (std::size_t k = 0; k < input.size(); ++k) worst = std::max(worst, std::abs(input[k] - rotor[k]));
  CHECK(worst == 0.0);
  CHECK(std::abs(rotor.back()) > 1.0);
  // flange_b is the coupling's R flange: the torque it passes to gearbox2.
  const std::vector<double> coupling = run_all(ACAUSAL_SOURCE_DIR "/netlists/two_gearboxes.json")->column("gearbox1.coupling.R.tau");
  CHECK(run->column("gearbox1.flange_b.tau") == coupling);
}

TEST_CASE("outputs: a pattern that matches nothing and a path into a subsystem instance say what there is") {
  Netlist n = load_netlist(ACAUSAL_SOURCE_DIR "/netlists/two_gearboxes.json");
  n.outputs = {"clutch*.w"};
  CHECK_THROWS_WITH_AS(simulate_netlist(n), "/outputs/0: no variable matches \"clutch*.w\" (* stands for any characters)",
                       ModelError);
  n.outputs = {"gearbox1.input.phi"};
  CHECK_THROWS_WITH_AS(simulate_netlist(n),
                       "/outputs/0: unknown variable \"gearbox1.input.phi\": gearbox1 is an instance of subsystem gearbox; "
                       "its components: gearbox1.coupling, gearbox1.gear, gearbox1.shaft; its ports: flange_a, flange_b",
                       ModelError);
}

TEST_CASE("subsystems: a subsystem parameter stands for an element of an array parameter or for a whole one") {
  // An arm whose centre of mass is at [L, 0, 0]: the instance's L = 0.7 m swings as the flat pendulum with r_CM = [0.7, 0, 0].
  const std::string arm = R"({ "format": "acausal/1",
    "subsystems": { "arm": {
      "parameters": { "L": { "unit": "m", "default": 0.5 }, "axis": { "unit": "1", "default": [0, 0, 1] } },
      "components": {
        "joint": { "type": "multibody.Revolute", "params": { "n": { "param": "axis" } }, "initial": { "phi": 0.3 } },
        "body": { "type": "multibody.Body", "params": { "m": 1, "r_CM": [{ "param": "L" }, 0, 0] } } },
      "connections": [["joint.frame_b", "body.frame_a"]],
      "ports": { "frame_a": "joint.frame_a" } } },
    "components": { "world": { "type": "multibody.World" }, "a1": { "type": "arm", "params": { "L": "70 cm" } } },
    "connections": [["world.frame_b", "a1.frame_a"]],
    "experiment": { "stop": 2, "interval": 0.1 }, "outputs": ["a1.joint.phi"] })";
  const std::string flat = R"({ "format": "acausal/1",
    "components": { "world": { "type": "multibody.World" },
      "joint": { "type": "multibody.Revolute", "params": { "n": [0, 0, 1] }, "initial": { "phi": 0.3 } },
      "body": { "type": "multibody.Body", "params": { "m": 1, "r_CM": [0.7, 0, 0] } } },
    "connections": [["world.frame_b", "joint.frame_a"], ["joint.frame_b", "body.frame_a"]],
    "experiment": { "stop": 2, "interval": 0.1 }, "outputs": ["joint.phi"] })";
  const std::vector<double> a = simulate_netlist(arm)->column("a1.joint.phi"), b = simulate_netlist(flat)->column("joint.phi");
  // Equal to the solver's tolerance (70 cm is 0.7 m to rounding, and the instance names order the unknowns differently).
  REQUIRE(a.size() == b.size());
  double worst = 0.0;
  for (std::size_t k = 0; k < a.size(); ++k) worst = std::max(worst, std::abs(a[k] - b[k]));
  CHECK(worst <= 1e-5);
  CHECK(std::abs(a.back() - 0.3) > 0.1);  // it swings
  // The axis given by the instance: about −z the same pendulum swings the other way.
  std::string reversed = arm, flat_reversed = flat;
  reversed.replace(reversed.find("\"70 cm\""), 7, "\"70 cm\", \"axis\": [0, 0, -1]");
  flat_reversed.replace(flat_reversed.find("\"n\": [0, 0, 1]"), 14, "\"n\": [0, 0, -1]");
  const std::vector<double> c = simulate_netlist(reversed)->column("a1.joint.phi"),
                            d = simulate_netlist(flat_reversed)->column("joint.phi");
  REQUIRE(c.size() == d.size());
  worst = 0.0;
  for (std::size_t k = 0; k < c.size(); ++k) worst = std::max(worst, std::abs(c[k] - d[k]));
  CHECK(worst <= 1e-5);
  CHECK(std::abs(c.back() - a.back()) > 0.1);
  // An element in the wrong unit is refused where it is given.
  std::string wrong = arm;
  wrong.replace(wrong.find("\"70 cm\""), 7, "\"70 kg\"");
  CHECK_THROWS_AS(simulate_netlist(wrong), ModelError);
}
