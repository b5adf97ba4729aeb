// The netlist's `inputs` that are refused, each with the exact place and message (the runner of
// malformed_netlist_test.cpp: parse → build → analyze → compile → initialize).

#include <doctest/doctest.h>

#include <string>

#include "tests/support/malformed_netlist.hpp"

using namespace acausal::testing;

namespace {

/// An inertia driven by a torque source whose torque is the input `torque_cmd` written as `inputs`,
/// with a speed sensor and a constant source for the ports that cannot be fed.
std::string with_inputs(const std::string& inputs, const std::string& connections = "") {
  return R"({
  "format": "acausal/1",
  "components": {
    "torque": { "type": "rotational.Torque" },
    "inertia": { "type": "rotational.Inertia", "params": { "J": 0.1 } },
    "sensor": { "type": "rotational.SpeedSensor" },
    "source": { "type": "signal.Constant" }
  },
  "connections": [["torque.flange", "inertia.flange", "sensor.flange"])" +
         connections + R"(],
  "inputs": )" + inputs + R"(
})";
}

}  // namespace

TEST_CASE("malformed inputs: (control) a well-formed input goes through to the run, which needs its value") {
  check_error(with_inputs(R"({ "torque_cmd": { "unit": "N*m", "feeds": ["torque.tau"], "description": "command" } })"),
              "initialize", "/inputs/torque_cmd",
              "input \"torque_cmd\" has no value: set it (Simulator::set_input) or give it a function of time "
              "(Simulator::set_input_function) before the run starts");
}

TEST_CASE("malformed inputs: the section and its entries, when the netlist is read") {
  check_error(with_inputs(R"(["torque.tau"])"), "parse", "/inputs", "\"inputs\" must be an object, got array");
  check_error(with_inputs(R"({ "2nd": { "unit": "N*m", "feeds": ["torque.tau"] } })"), "parse", "/inputs/2nd",
              "invalid input name \"2nd\": use letters, digits and _, not starting with a digit");
  check_error(with_inputs(R"({ "torque_cmd": "torque.tau" })"), "parse", "/inputs/torque_cmd",
              "an input must be an object, got string");
  check_error(with_inputs(R"({ "torque_cmd": { "units": "N*m", "feeds": ["torque.tau"] } })"), "parse",
              "/inputs/torque_cmd/units", "unknown key \"units\"; valid keys: \"unit\", \"feeds\", \"description\"");
  check_error(with_inputs(R"({ "torque_cmd": { "feeds": ["torque.tau"] } })"), "parse", "/inputs/torque_cmd",
              "missing \"unit\" (the unit its values are given in; \"1\" for a number)");
  check_error(with_inputs(R"({ "torque_cmd": { "unit": "N*m" } })"), "parse", "/inputs/torque_cmd",
              "missing \"feeds\" (the signal input ports it drives, \"instance.port\")");
  check_error(with_inputs(R"({ "torque_cmd": { "unit": "N*m", "feeds": [] } })"), "parse", "/inputs/torque_cmd/feeds",
              "\"feeds\" must be a non-empty array of \"instance.port\" strings");
  check_error(with_inputs(R"({ "torque_cmd": { "unit": "N*m", "feeds": ["torque"] } })"), "parse",
              "/inputs/torque_cmd/feeds/0", "\"torque\" is not of the form \"instance.port\"");
  check_error(with_inputs(R"({ "a": { "unit": "N*m", "feeds": ["torque.tau"] },
                               "b": { "unit": "N*m", "feeds": ["torque.tau"] } })"),
              "parse", "/inputs/b/feeds/0",
              "torque.tau is fed already, at /inputs/a/feeds/0; a signal input reads one source");
}

TEST_CASE("malformed inputs: a unit that does not parse") {
  const Outcome o = run_pipeline(with_inputs(R"({ "torque_cmd": { "unit": "N*furlong", "feeds": ["torque.tau"] } })"));
  CHECK(o.stage == "parse");
  CHECK(o.pointer == "/inputs/torque_cmd/unit");
  CHECK(o.message.find("furlong") != std::string::npos);
}

TEST_CASE("malformed inputs: the ports an input feeds, when the model is built") {
  check_error(with_inputs(R"({ "torque_cmd": { "unit": "N*m", "feeds": ["motor.tau"] } })"), "build",
              "/inputs/torque_cmd/feeds/0", "no component named \"motor\" (components: inertia, sensor, source, torque)");
  check_error(with_inputs(R"({ "torque_cmd": { "unit": "N*m", "feeds": ["torque.f"] } })"), "build",
              "/inputs/torque_cmd/feeds/0", "\"f\" is not a port of torque (rotational.Torque); its ports: flange, tau");
  check_error(with_inputs(R"({ "torque_cmd": { "unit": "N*m", "feeds": ["inertia.flange"] } })"), "build",
              "/inputs/torque_cmd/feeds/0", "inertia.flange is a rotational port; an input feeds signal inputs");
  check_error(with_inputs(R"({ "speed": { "unit": "rad/s", "feeds": ["sensor.w"] } })"), "build",
              "/inputs/speed/feeds/0", "sensor.w is a signal output; an input feeds signal inputs");
  check_error(with_inputs(R"({ "torque_cmd": { "unit": "N*m", "feeds": ["torque.tau"] } })", R"(, ["source.y", "torque.tau"])"),
              "build", "/inputs/torque_cmd/feeds/0",
              "torque.tau is connected at /connections/1/1; a signal input reads one source, and an input's ports are "
              "in no connection");
  check_error(with_inputs(R"({ "torque_cmd": { "unit": "rad", "feeds": ["torque.tau"] } })"), "build",
              "/inputs/torque_cmd/feeds/0", "torque.tau is in N*m (kg*m^2/s^2), input torque_cmd in rad (1)");
}

TEST_CASE("malformed inputs: an input that index reduction would have to differentiate") {
  // An angle prescribed on an inertia: its speed and acceleration are the angle's derivatives.
  check_error(R"({
  "format": "acausal/1",
  "components": {
    "position": { "type": "rotational.Position" },
    "inertia": { "type": "rotational.Inertia", "params": { "J": 0.1 } }
  },
  "connections": [["position.flange", "inertia.flange"]],
  "inputs": { "angle": { "unit": "deg", "feeds": ["position.phi"] } }
})",
              "analyze", "/inputs/angle",
              "input angle would have to be differentiated, and an external input has no derivative: index "
              "reduction differentiates the equation that reads it (inputs: position.phi reads input angle, "
              "/inputs/angle/feeds/0); let it drive a torque or a force rather than a motion");
}
