// The malformed-netlist catalog (malformed_netlist_test.cpp) continued for the 3D force elements,
// the free joint and the relative sensors of issue 11: each case is a minimal netlist with one
// defect, run through the whole pipeline; the test checks the stage that rejects it, the exact JSON
// pointer and the exact message.

#include <doctest/doctest.h>

#include <exception>
#include <memory>
#include <string>
#include <string_view>

#include "components/registry.hpp"
#include "core/analysis/analysis.hpp"
#include "core/analysis/program.hpp"
#include "core/model/errors.hpp"
#include "core/model/model.hpp"
#include "core/model/netlist.hpp"
#include "solver/initialization.hpp"

using namespace acausal;

namespace {

/// Where the pipeline stopped ("parse", "build", "analyze", "compile", "initialize", or "none").
struct Outcome {
  std::string stage = "none";
  std::string pointer;
  std::string message;
};

Outcome run(std::string_view text) {
  Outcome o;
  std::string stage = "parse";
  try {
    Netlist n = parse_netlist(text);
    stage = "build";
    Model m = build_model(n, builtin_registry());
    stage = "analyze";
    analyze(m);
    stage = "compile";
    std::unique_ptr<Program> p = compile(m);
    stage = "initialize";
    initialize(*p, m.experiment.start);
  } catch (const ModelError& e) {
    o.stage = stage;
    o.pointer = e.pointer();
    o.message = e.message();
  } catch (const std::exception& e) {
    o.stage = stage + ", not as a ModelError: " + e.what();
  }
  return o;
}

void check_error(std::string_view text, const std::string& stage, const std::string& pointer,
                 const std::string& message) {
  const Outcome o = run(text);
  CHECK(o.stage == stage);
  CHECK(o.pointer == pointer);
  CHECK(o.message == message);
}

/// A body hung from the World by `element` (its JSON) between world.frame_b and body.frame_a.
std::string hung_by(const std::string& element) {
  return R"({ "format": "acausal/1", "components": { "world": { "type": "multibody.World" },
      "body": { "type": "multibody.Body" }, "element": )" +
         element + R"( },
      "connections": [["world.frame_b", "element.frame_a"], ["element.frame_b", "body.frame_a"]] })";
}

}  // namespace

TEST_CASE("malformed: (control) the 3D force netlists the cases are cut from are valid") {
  CHECK(run(hung_by(R"({ "type": "multibody.Spring", "params": { "c": 10, "m": 0.5, "length_fraction": 0.3 } })"))
            .stage == "none");
  CHECK(run(hung_by(R"({ "type": "multibody.SpringDamperSeries", "params": { "d": 2 } })")).stage == "none");
  CHECK(run(hung_by(R"({ "type": "multibody.FreeMotion", "params": { "phi_start": [0, 0, 1] } })")).stage == "none");
  // Without its point mass a spring between two Fixed frames needs no World.
  CHECK(run(R"({ "format": "acausal/1", "components": { "a": { "type": "multibody.Fixed" },
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
