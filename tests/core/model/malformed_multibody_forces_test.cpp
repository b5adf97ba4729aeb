// The malformed-netlist catalog (malformed_netlist_test.cpp) continued for the 3D force elements,
// the free joint and the relative sensors of issue 11: each case is a minimal netlist with one
// defect, run through the whole pipeline; the test checks the stage that rejects it, the exact JSON
// pointer and the exact message.

#include <doctest/doctest.h>

#include <string>

#include "tests/support/malformed_netlist.hpp"

using namespace acausal::testing;

namespace {

/// A body hung from the World by `element` (its JSON) between world.frame_b and body.frame_a.
std::string hung_by(const std::string& element) {
  return R"({ "format": "acausal/1", "components": { "world": { "type": "multibody.World" },
      "body": { "type": "multibody.Body" }, "element": )" +
         element + R"( },
      "connections": [["world.frame_b", "element.frame_a"], ["element.frame_b", "body.frame_a"]] })";
}

}  // namespace

TEST_CASE("malformed: (control) the 3D force netlists the cases are cut from are valid") {
  CHECK(run_pipeline(hung_by(R"({ "type": "multibody.Spring", "params": { "c": 10, "m": 0.5, "length_fraction": 0.3 } })"))
            .stage == "none");
  CHECK(run_pipeline(hung_by(R"({ "type": "multibody.SpringDamperSeries", "params": { "d": 2 } })")).stage == "none");
  CHECK(run_pipeline(hung_by(R"({ "type": "multibody.FreeMotion", "params": { "phi_start": [0, 0, 1] } })")).stage == "none");
  // Without its point mass a spring between two Fixed frames needs no World.
  CHECK(run_pipeline(R"({ "format": "acausal/1", "components": { "a": { "type": "multibody.Fixed" },
      "b": { "type": "multibody.Fixed", "params": { "r": [1, 0, 0] } }, "spring": { "type": "multibody.Spring" } },
      "connections": [["a.frame_b", "spring.frame_a"], ["spring.frame_b", "b.frame_b"]] })")
            .stage == "none");
}

TEST_CASE("malformed: a line spring with a negative point mass") {
  check_error(hung_by(R"({ "type": "multibody.Spring", "params": { "m": -0.5 } })"), "build",
              "/components/element/params/m", "m must not be negative, got -0.5");
}

TEST_CASE("malformed: a point mass placed beyond the end of the line") {
  check_error(hung_by(R"({ "type": "multibody.SpringDamperParallel", "params": { "m": 1, "length_fraction": -0.1 } })"),
              "build", "/components/element/params/length_fraction", "length_fraction must lie in [0, 1], got -0.1");
}

TEST_CASE("malformed: a line spring with a point mass and no World to weigh it") {
  check_error(R"({ "format": "acausal/1", "components": { "a": { "type": "multibody.Fixed" },
      "b": { "type": "multibody.Fixed", "params": { "r": [1, 0, 0] } },
      "spring": { "type": "multibody.Spring", "params": { "m": 0.2 } } },
      "connections": [["a.frame_b", "spring.frame_a"], ["spring.frame_b", "b.frame_b"]] })",
              "build", "/components/spring",
              "multibody.Spring spring needs a multibody.World in the netlist (it sets gravity and the inertial frame)");
}

TEST_CASE("malformed: a series spring and damper without damping") {
  check_error(hung_by(R"({ "type": "multibody.SpringDamperSeries", "params": { "d": 0 } })"), "build",
              "/components/element/params/d", "d must be positive, got 0");
}

TEST_CASE("malformed: ForceAndTorque resolved in a frame that does not exist") {
  check_error(hung_by(R"({ "type": "multibody.ForceAndTorque", "params": { "resolve_in_frame": "body" } })"), "build",
              "/components/element/params/resolve_in_frame",
              R"(resolve_in_frame must be one of "world", "frame_a", "frame_b", "frame_resolve", got "body")");
}

TEST_CASE("malformed: Modelica's camelCase resolveInFrame is not the parameter's name") {
  check_error(hung_by(R"({ "type": "multibody.RelativeVelocitySensor", "params": { "resolveInFrame": "world" } })"),
              "build", "/components/element/params/resolveInFrame",
              R"(unknown parameter "resolveInFrame" of multibody.RelativeVelocitySensor; valid: resolve_in_frame)");
}

TEST_CASE("malformed: FreeMotion start angles that are not three") {
  check_error(hung_by(R"({ "type": "multibody.FreeMotion", "params": { "phi_start": [0.1, 0.2] } })"), "build",
              "/components/element/params/phi_start", "expected 3 values, got 2");
}

TEST_CASE("malformed: a sensor resolving in frame_resolve with frame_resolve left open") {
  // Nothing would set the open port's orientation: named as such, not a structurally singular model.
  CHECK(run_pipeline(R"({ "format": "acausal/1", "components": { "world": { "type": "multibody.World" },
      "body": { "type": "multibody.Body" }, "joint": { "type": "multibody.Revolute" },
      "speed": { "type": "multibody.RelativeAngularVelocitySensor", "params": { "resolve_in_frame": "frame_resolve" } } },
      "connections": [["world.frame_b", "joint.frame_a", "speed.frame_a", "speed.frame_resolve"],
                      ["joint.frame_b", "body.frame_a", "speed.frame_b"]] })")
            .stage == "none");
  check_error(R"({ "format": "acausal/1", "components": { "world": { "type": "multibody.World" },
      "body": { "type": "multibody.Body" }, "joint": { "type": "multibody.Revolute" },
      "speed": { "type": "multibody.RelativeAngularVelocitySensor", "params": { "resolve_in_frame": "frame_resolve" } } },
      "connections": [["world.frame_b", "joint.frame_a", "speed.frame_a"], ["joint.frame_b", "body.frame_a", "speed.frame_b"]] })",
              "build", "/components/speed",
              "speed.frame_resolve is not connected to the World, a Fixed frame or a free body: nothing sets its "
              "orientation");
}
