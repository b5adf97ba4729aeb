// Flattening subsystem instances (core/model/subsystems.hpp): full-path names, parameters with
// units and the locations they come from, exposed ports, initial targets set through an instance,
// outputs by full path, `--set` on a subsystem instance. The malformed cases are in
// malformed_subsystem_test.cpp; the simulations in tests/solver/subsystem_test.cpp.

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "components/registry.hpp"
#include "core/model/errors.hpp"
#include "core/model/model.hpp"
#include "core/model/netlist.hpp"
#include "core/model/subsystems.hpp"

using namespace acausal;

namespace {

const std::string kData = ACAUSAL_SOURCE_DIR "/tests/solver/data";

const NetlistComponent& component(const Netlist& n, const std::string& name) {
  for (const NetlistComponent& c : n.components)
    if (c.name == name) return c;
  FAIL("no component " << name);
  throw std::logic_error("unreachable");
}

/// A variable's initial target: how strongly, the value, where the netlist writes it.
struct Written {
  TargetPriority target;
  double target_value;
  std::string target_pointer;
};

Written variable(const Model& m, const std::string& name) {
  const std::size_t i = m.find_variable(name);
  REQUIRE(i != std::string::npos);
  REQUIRE(m.variables[i].target != TargetPriority::None);
  const InitialTarget& given = m.target(i);
  return {m.variables[i].target, given.value, m.target_pointer(given)};
}

/// A gearbox of a stage (from a section) and a spring, instantiated twice.
const char* const kNested = R"json({
  "format": "acausal/1",
  "subsystems": {
    "stage": {
      "parameters": { "J": { "unit": "kg*m^2", "default": "3 kg*m^2" } },
      "components": { "shaft": { "type": "rotational.Inertia", "params": { "J": { "param": "J" } } } },
      "ports": { "flange": "shaft.flange" }
    },
    "gearbox": {
      "parameters": { "J_stage": { "unit": "g*m^2", "default": "500 g*m^2" }, "ratio": { "unit": "1", "default": 2 } },
      "components": {
        "gear": { "type": "rotational.IdealGear", "params": { "ratio": { "param": "ratio" } } },
        "stage": { "type": "stage", "params": { "J": { "param": "J_stage" } }, "initial": { "shaft.w": 5 } }
      },
      "connections": [["gear.R", "stage.flange"]],
      "ports": { "input": "gear.C", "output": "stage.flange" }
    }
  },
  "components": {
    "g1": { "type": "gearbox", "initial": { "stage.shaft.phi": "90 deg" } },
    "g2": { "type": "gearbox", "params": { "ratio": 4 }, "initial": { "stage.shaft.w": { "value": 7, "priority": "low" } } },
    "ground": { "type": "rotational.Fixed" }
  },
  "connections": [["g1.output", "g2.input"], ["g2.output", "ground.flange"]],
  "outputs": ["g1.stage.shaft.w", "g2.gear.C.phi"]
})json";

}  // namespace

TEST_CASE("subsystems: flattening names the inner components by full path, in name order") {
  const Netlist n = parse_netlist(kNested);
  CHECK(has_subsystem_instances(n));
  const Netlist flat = expand_subsystems(n, builtin_registry());
  std::vector<std::string> names;
  for (const NetlistComponent& c : flat.components) names.push_back(c.name);
  CHECK(names == std::vector<std::string>{"g1.gear", "g1.stage.shaft", "g2.gear", "g2.stage.shaft", "ground"});
  CHECK(std::is_sorted(names.begin(), names.end()));
  // Each instance's connections (inner first), then the netlist's, with exposed ports resolved.
  REQUIRE(flat.connections.size() == 4);
  CHECK(flat.connections[0].ports == std::vector<std::string>{"g1.gear.R", "g1.stage.shaft.flange"});
  CHECK(flat.connections[0].pointer == "/subsystems/gearbox/connections/0");
  CHECK(flat.connections[2].ports == std::vector<std::string>{"g1.stage.shaft.flange", "g2.gear.C"});
  CHECK(flat.connections[2].pointer == "/connections/0");
  CHECK(flat.connections[3].ports == std::vector<std::string>{"g2.stage.shaft.flange", "ground.flange"});
  // The component ports the instances expose, for build_model to check.
  REQUIRE(flat.exposed_ports.size() == 4);
  CHECK(flat.exposed_ports[0].path == "g1.stage.shaft.flange");
  CHECK(flat.exposed_ports[0].pointer == "/subsystems/stage/ports/flange");
  // A component keeps the location of its definition.
  CHECK(component(flat, "g2.stage.shaft").pointer == "/subsystems/stage/components/shaft");
}

TEST_CASE("subsystems: parameters take their values in SI, and the location where they are given") {
  const Netlist flat = expand_subsystems(parse_netlist(kNested), builtin_registry());
  const NetlistComponent& shaft = component(flat, "g1.stage.shaft");
  CHECK(shaft.params["J"].get<double>() == doctest::Approx(0.5));  // gearbox's default, 500 g*m^2
  CHECK(shaft.param_pointers.at("J") == "/subsystems/gearbox/parameters/J_stage/default");
  CHECK(component(flat, "g1.gear").params["ratio"].get<double>() == 2.0);
  const NetlistComponent& gear2 = component(flat, "g2.gear");
  CHECK(gear2.params["ratio"].get<double>() == 4.0);
  CHECK(gear2.param_pointers.at("ratio") == "/components/g2/params/ratio");
}

TEST_CASE("subsystems: --set on a subsystem instance sets its subsystem's parameter") {
  Netlist n = parse_netlist(kNested);
  apply_override(n, "g1.J_stage=0.25 kg*m^2");
  const Netlist flat = expand_subsystems(n, builtin_registry());
  CHECK(component(flat, "g1.stage.shaft").params["J"].get<double>() == 0.25);
  CHECK(component(flat, "g2.stage.shaft").params["J"].get<double>() == doctest::Approx(0.5));
}

TEST_CASE("subsystems: initial targets set through instances, the outer one winning, with their locations") {
  const Model m = build_model(parse_netlist(kNested), builtin_registry());
  // g1: the definition's target on stage.shaft.w, and the instance's on its phi.
  const Written w1 = variable(m, "g1.stage.shaft.w");
  CHECK(w1.target == TargetPriority::High);
  CHECK(w1.target_value == 5.0);
  CHECK(w1.target_pointer == "/subsystems/gearbox/components/stage/initial/shaft.w");
  const Written phi1 = variable(m, "g1.stage.shaft.phi");
  CHECK(phi1.target_value == doctest::Approx(1.5707963267948966));
  CHECK(phi1.target_pointer == "/components/g1/initial/stage.shaft.phi");
  // g2 sets the same variable as its definition does: the instance's value wins.
  const Written w2 = variable(m, "g2.stage.shaft.w");
  CHECK(w2.target == TargetPriority::Low);
  CHECK(w2.target_value == 7.0);
  CHECK(w2.target_pointer == "/components/g2/initial/stage.shaft.w");
}

TEST_CASE("subsystems: the model names instances, variables, outputs and equations by full path") {
  const Model m = build_model(parse_netlist(kNested), builtin_registry());
  std::vector<std::string> instances;
  for (const ModelInstance& d : m.instances) instances.push_back(d.name());
  CHECK(instances == std::vector<std::string>{"g1.gear", "g1.stage.shaft", "g2.gear", "g2.stage.shaft", "ground"});
  CHECK(m.outputs == std::vector<std::string>{"g1.stage.shaft.w", "g2.gear.C.phi"});
  const auto origin = [&](const std::string& name) {
    for (std::size_t e = 0; e < m.equation_count(); ++e)
      if (m.origin(e) == name) return true;
    return false;
  };
  CHECK(origin("g2.stage.shaft"));
  for (std::size_t e = 0; e < m.equation_count(); ++e)
    if (m.origin(e) == "g2.stage.shaft") CHECK(m.pointer(e) == "/subsystems/stage/components/shaft");
}

TEST_CASE("subsystems: an output that names no variable names the instance it found") {
  Netlist n = parse_netlist(kNested);
  n.outputs = {"g1.stage.shaft.v"};
  try {
    build_model(n, builtin_registry());
    FAIL("no error");
  } catch (const ModelError& e) {
    CHECK(e.pointer() == "/outputs/0");
    CHECK(e.message() ==
          "unknown variable \"g1.stage.shaft.v\"; g1.stage.shaft has g1.stage.shaft.flange.phi, "
          "g1.stage.shaft.flange.tau, g1.stage.shaft.phi, g1.stage.shaft.w, g1.stage.shaft.a");
  }
}

TEST_CASE("subsystems: a subsystem file is read once, its components located in it") {
  const Netlist n = load_netlist(kData + "/nested_gearboxes.json");
  CHECK(n.subsystems.size() == 2);  // the section's gearbox and gear_stage.json
  const Subsystem* stage = n.find_subsystem(n.source, "file:gear_stage.json");
  REQUIRE(stage != nullptr);
  CHECK(stage->name == "file:" + kData + "/gear_stage.json");
  CHECK(stage->pointer == "file:" + kData + "/gear_stage.json#");
  const Netlist flat = expand_subsystems(n, builtin_registry());
  const NetlistComponent& gear = component(flat, "gearbox2.stage.gear");
  CHECK(gear.pointer == "file:" + kData + "/gear_stage.json#/components/gear");
  CHECK(gear.params["ratio"].get<double>() == 2.5);
  CHECK(gear.param_pointers.at("ratio") == "/components/gearbox2/params/ratio");
}

TEST_CASE("subsystems: a netlist without subsystem instances is not flattened") {
  const Netlist n = parse_netlist(R"json({
    "format": "acausal/1",
    "subsystems": { "unused": { "components": { "m": { "type": "translational.Mass" } } } },
    "components": { "mass": { "type": "translational.Mass" } }
  })json");
  CHECK(n.subsystems.size() == 1);
  CHECK_FALSE(has_subsystem_instances(n));
}

TEST_CASE("subsystems: split_instance_path finds the instance whose name holds dots") {
  const std::vector<std::string> names = {"a", "g.stage.shaft", "g.gear"};
  const auto index_of = [&](std::string_view name) {
    const auto at = std::find(names.begin(), names.end(), name);
    return at == names.end() ? static_cast<std::size_t>(-1) : static_cast<std::size_t>(at - names.begin());
  };
  CHECK(split_instance_path("g.stage.shaft.flange.phi", index_of) == std::pair<std::size_t, std::size_t>{1, 13});
  CHECK(split_instance_path("a.flange", index_of) == std::pair<std::size_t, std::size_t>{0, 1});
  CHECK(split_instance_path("x.y.z", index_of) == std::pair<std::size_t, std::size_t>{static_cast<std::size_t>(-1), 1});
}

TEST_CASE("subsystems: loop_cuts name a port inside a subsystem instance by its flat path") {
  // A four-bar inside a subsystem, cut where the netlist says (without it: at fb.rev1.frame_a).
  const Netlist n = parse_netlist(R"json({
  "format": "acausal/1",
  "subsystems": {
    "fourbar": {
      "ports": { "ground": "rev1.frame_a" },
      "components": {
        "rev1": { "type": "multibody.Revolute", "initial": { "phi": 0, "w": 1 } },
        "crank": { "type": "multibody.BodyBox", "params": { "r": [0.2, 0, 0] } },
        "rev2": { "type": "multibody.Revolute" },
        "coupler": { "type": "multibody.BodyBox", "params": { "r": [0, 0.5, 0] } },
        "rev3": { "type": "multibody.Revolute" },
        "rocker": { "type": "multibody.BodyBox", "params": { "r": [-0.2, 0, 0] } },
        "rev4": { "type": "multibody.Revolute" },
        "base": { "type": "multibody.FixedTranslation", "params": { "r": [0, 0.5, 0] } }
      },
      "connections": [["rev1.frame_b", "crank.frame_a"], ["crank.frame_b", "rev2.frame_a"], ["rev2.frame_b", "coupler.frame_a"],
        ["coupler.frame_b", "rev3.frame_a"], ["rev3.frame_b", "rocker.frame_a"], ["rocker.frame_b", "rev4.frame_a"],
        ["rev4.frame_b", "base.frame_b"], ["base.frame_a", "rev1.frame_a"]]
    }
  },
  "components": {
    "world": { "type": "multibody.World", "params": { "g": 0 } },
    "fb": { "type": "fourbar" }
  },
  "connections": [["world.frame_b", "fb.ground"]],
  "loop_cuts": ["fb.rev3.frame_a"],
  "experiment": { "stop": 1 },
  "outputs": ["fb.rev1.phi"]
})json");
  const Model m = build_model(n, builtin_registry());
  REQUIRE(m.loop_cuts.size() == 1);
  CHECK(m.loop_cuts[0].port == "fb.rev3.frame_a");
}
