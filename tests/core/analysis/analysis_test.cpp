#include <doctest/doctest.h>

#include "components/registry.hpp"
#include "core/analysis/analysis.hpp"
#include "core/model/errors.hpp"

#include <memory>

using namespace acausal;

namespace {

ReducedDae analyze_text(const char* text, const Registry& registry = builtin_registry()) {
  static Model model;  // the result refers to the model's symbols only; keep it for the test's duration
  model = build_model(parse_netlist(text), registry);
  return analyze(model);
}

/// An inertia whose angle and speed declare a given state priority.
class PriorityInertia final : public Component {
 public:
  PriorityInertia(std::string type, StatePriority priority) : type_(std::move(type)), priority_(priority) {}
  std::string_view type() const override { return type_; }
  std::string_view summary() const override { return "inertia with a chosen state priority"; }
  void define(ComponentBuilder& b) const override {
    Expr J = b.parameter("J", "kg*m^2", 1.0, "moment of inertia", positive());
    Port flange = b.port("flange", rotational(), "flange");
    Expr phi = b.variable("phi", "rad", "angle", {.priority = priority_});
    Expr w = b.variable("w", "rad/s", "speed", {.priority = priority_});
    b.equation(flange.potential() - phi, "the flange turns with the inertia");
    b.equation(w - der(phi), "angular velocity");
    b.equation(J * der(w) - flange.flow(), "Newton's law for rotation");
  }

 private:
  std::string type_;
  StatePriority priority_;
};

}  // namespace

TEST_CASE("analysis: a mass on a spring reduces to two differential unknowns") {
  ReducedDae r = analyze_text(R"({
    "format": "acausal/1",
    "components": { "wall": { "type": "translational.Fixed" }, "spring": { "type": "translational.Spring" },
                    "mass": { "type": "translational.Mass" } },
    "connections": [["wall.flange", "spring.C"], ["spring.R", "mass.flange"]]
  })");
  REQUIRE(r.size() == 2);
  CHECK(to_string(r.unknown(0)) == "mass.s");
  CHECK(to_string(r.unknown(1)) == "mass.v");
  CHECK(r.differential == std::vector<bool>{true, true});
  // every other variable is rebuilt from them: the spring force is c·s
  CHECK(to_string(r.in_unknowns(Expr::variable("spring.f"))) == "mass.s");
  CHECK(to_string(r.in_unknowns(Expr::variable("wall.flange.f"))) == "mass.s");
}

TEST_CASE("analysis: two inertias on an ideal gear are reduced to one degree of freedom") {
  ReducedDae r = analyze_text(R"({
    "format": "acausal/1",
    "components": { "a": { "type": "rotational.Inertia" }, "gear": { "type": "rotational.IdealGear", "params": { "ratio": 2 } },
                    "b": { "type": "rotational.Inertia" } },
    "connections": [["a.flange", "gear.C"], ["gear.R", "b.flange"]]
  })");
  CHECK(r.reduction.index == 3);
  // The gear kinematics a.phi = 2·b.phi is differentiated twice (speeds, accelerations).
  REQUIRE(r.reduction.differentiated.size() == 3);
  std::vector<std::string> differentiated;
  for (const auto& [equation, times] : r.reduction.differentiated) differentiated.push_back(std::to_string(times));
  CHECK(differentiated == std::vector<std::string>{"1", "1", "2"});  // both speed equations once, the gear twice
  // b's coefficient is the larger pivot: the gear is solved for b, whose derivatives become dummies;
  // der(a.phi) = a.w is solved for der(a.phi), so der(der(a.phi)) is one too. States: a.phi, a.w.
  CHECK(r.reduction.dummy_derivatives ==
        std::vector<std::string>{"der(der(a.phi))", "der(b.phi)", "der(der(b.phi))", "der(b.w)"});
  CHECK(r.reduction.pivots.empty());  // a constant gear ratio: nothing to check at run time
  // What is left: a's angle and speed, with the inertia of b reflected through the gear, J = 1 + 2²·1.
  REQUIRE(r.size() == 2);
  CHECK(to_string(r.unknown(0)) == "a.phi");
  CHECK(to_string(r.unknown(1)) == "a.w");
  CHECK(to_string(r.residual(1)) == "5*der(a.w)");
  // b's speed is read from the state a.w (der(a.phi) = a.w is a derivative alias), not from IDA's y′.
  CHECK(to_string(r.in_unknowns(Expr::variable("b.w"))) == "0.5*a.w");
}

TEST_CASE("analysis: state priorities decide which side of a gear keeps the states") {
  Registry registry;
  register_rotational(registry);
  registry.add(std::make_unique<PriorityInertia>("test.AvoidInertia", StatePriority::Avoid));
  registry.add(std::make_unique<PriorityInertia>("test.PreferInertia", StatePriority::Prefer));
  // Without priorities the gear would be solved for b (the larger pivot, ratio 4); a's `avoid`
  // makes a the one the constraints fix instead.
  const char* text = R"({
    "format": "acausal/1",
    "components": { "a": { "type": "test.AvoidInertia" }, "gear": { "type": "rotational.IdealGear", "params": { "ratio": 4 } },
                    "b": { "type": "test.PreferInertia" } },
    "connections": [["a.flange", "gear.C"], ["gear.R", "b.flange"]]
  })";
  ReducedDae r = analyze_text(text, registry);
  REQUIRE(r.size() == 2);
  CHECK(to_string(r.unknown(0)) == "b.phi");
  CHECK(to_string(r.unknown(1)) == "b.w");
  CHECK(r.reduction.dummy_derivatives ==
        std::vector<std::string>{"der(a.phi)", "der(der(a.phi))", "der(a.w)", "der(der(b.phi))"});
}

namespace {

/// A rotational damper that forgot its law: one equation short of balanced.
class LawlessDamper final : public Component {
 public:
  std::string_view type() const override { return "test.LawlessDamper"; }
  std::string_view summary() const override { return "test: a damper without its law"; }
  void define(ComponentBuilder& b) const override { define_compliant(b, rotational()); }
};

}  // namespace

TEST_CASE("analysis: an under-determined model blames the component short of equations on its own") {
  Registry registry;
  register_rotational(registry);
  registry.add(std::make_unique<LawlessDamper>());
  const char* text = R"({
    "format": "acausal/1",
    "components": { "ground": { "type": "rotational.Fixed" }, "d": { "type": "test.LawlessDamper" },
                    "j": { "type": "rotational.Inertia" } },
    "connections": [["ground.flange", "d.C"], ["d.R", "j.flange"]]
  })";
  try {
    analyze_text(text, registry);
    FAIL("no error");
  } catch (const ModelError& e) {
    CHECK(e.pointer() == "/components/d");
    CHECK(e.message().find("\n  d (test.LawlessDamper) is short of 1 equation on its own: its equations, with one per "
                           "through variable of its ports and per signal input, do not match its variables") !=
          std::string::npos);
  }
}

TEST_CASE("analysis: a pivot with only a massless rod beyond it is named as the joint nothing with mass turns") {
  const char* text = R"({
    "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World" },
      "pivot": { "type": "multibody.Revolute", "params": { "n": [0, 0, 1] }, "initial": { "phi": 0.3 } },
      "arm": { "type": "multibody.FixedTranslation", "params": { "r": [0.5, 0, 0] } } },
    "connections": [["world.frame_b", "pivot.frame_a"], ["pivot.frame_b", "arm.frame_a"]]
  })";
  try {
    analyze_text(text, builtin_registry());
    FAIL("no error");
  } catch (const ModelError& e) {
    CHECK(e.pointer() == "/components/pivot");
    CHECK(e.message().ends_with("\n  pivot (multibody.Revolute) moves with nothing that has mass or inertia (only "
                                "massless parts: arm), so no law sets its motion (pivot.phi, pivot.w, pivot.a): attach a "
                                "body beyond it, or drive or lock the joint"));
  }
  // With a body on the arm's end the same pivot is a pendulum.
  const char* pendulum = R"({
    "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World" },
      "pivot": { "type": "multibody.Revolute", "params": { "n": [0, 0, 1] }, "initial": { "phi": 0.3 } },
      "arm": { "type": "multibody.FixedTranslation", "params": { "r": [0.5, 0, 0] } },
      "bob": { "type": "multibody.Body", "params": { "m": 1 } } },
    "connections": [["world.frame_b", "pivot.frame_a"], ["pivot.frame_b", "arm.frame_a"], ["arm.frame_b", "bob.frame_a"]]
  })";
  CHECK_NOTHROW(analyze_text(pendulum, builtin_registry()));
}
