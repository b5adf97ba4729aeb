// The catalog of malformed netlists, continued: subsystems (docs/netlist-format.md, "Subsystems").
// Each case is a minimal netlist with one defect, run through the whole pipeline; the check is the
// stage that rejects it, the exact location and the exact message. A place in a subsystem file is
// `file:<file>#<JSON pointer>`; the files are in tests/core/model/data/subsystems/, and the inline
// netlists are given a source file name in that directory so that `file:` types resolve there.

#include <doctest/doctest.h>

#include <string>

#include "tests/support/malformed_netlist.hpp"

using namespace acausal::testing;

namespace {

const std::string kData = ACAUSAL_SOURCE_DIR "/tests/core/model/data/subsystems";
/// The inline netlists' file name: `file:` types resolve in kData.
const std::string kSource = kData + "/netlist.json";

/// A netlist with one subsystem, "stage": parameters `parameters`, one inertia "shaft" with params
/// `shaft`; and its instance s1, with `instance` after its type (`"params": { "J": 2 }`).
std::string stage_netlist(const std::string& parameters, const std::string& shaft, const std::string& instance = "") {
  return R"({
    "format": "acausal/1",
    "subsystems": {
      "stage": { "parameters": )" +
         parameters + R"(, "components": { "shaft": { "type": "rotational.Inertia", "params": )" + shaft + R"( } } }
    },
    "components": { "s1": { "type": "stage")" +
         (instance.empty() ? "" : ", " + instance) + R"( } }
  })";
}

/// Parameter J with a default, and an inertia that reads it.
const char* const kJ = R"({ "J": { "unit": "kg*m^2", "default": 1 } })";
const char* const kReadsJ = R"({ "J": { "param": "J" } })";

}  // namespace

// ---- the base the cases start from --------------------------------------------------------------

TEST_CASE("malformed subsystem: (control) the netlists the cases are cut from are valid") {
  CHECK(run_pipeline(R"json({
    "format": "acausal/1",
    "subsystems": {
      "stage": {
        "parameters": { "J": { "unit": "kg*m^2", "default": 1 } },
        "components": { "shaft": { "type": "rotational.Inertia", "params": { "J": { "param": "J" } } } },
        "ports": { "flange": "shaft.flange" }
      },
      "outer": {
        "parameters": { "J": { "unit": "kg*m^2" } },
        "components": { "inner": { "type": "stage", "params": { "J": { "param": "J" } } } },
        "ports": { "a": "inner.flange" }
      }
    },
    "components": {
      "s1": { "type": "stage", "params": { "J": "2 kg*m^2" }, "initial": { "shaft.w": 1 } },
      "o1": { "type": "outer", "params": { "J": 3 } }
    },
    "connections": [["s1.flange", "o1.a"]]
  })json",
                     kSource)
            .stage == "none");
}

// ---- cycles -------------------------------------------------------------------------------------

TEST_CASE("malformed subsystem: a cycle of two subsystems names it") {
  check_error(R"json({
    "format": "acausal/1",
    "subsystems": {
      "gearbox": { "components": { "stage": { "type": "stage" } } },
      "stage": { "components": { "inner": { "type": "gearbox" } } }
    },
    "components": { "g": { "type": "gearbox" } }
  })json",
              "build", "/subsystems/stage/components/inner/type", "subsystem cycle: gearbox → stage → gearbox");
}

TEST_CASE("malformed subsystem: a subsystem that contains itself") {
  check_error(R"json({
    "format": "acausal/1",
    "subsystems": { "a": { "components": { "again": { "type": "a" } } } },
    "components": { "x": { "type": "a" } }
  })json",
              "build", "/subsystems/a/components/again/type", "subsystem cycle: a → a");
}

TEST_CASE("malformed subsystem: a cycle through files names the files, in the file that closes it") {
  check_error(R"json({ "format": "acausal/1", "components": { "x": { "type": "file:cycle_a.json" } } })json", "build",
              "file:" + kData + "/cycle_b.json#/components/back/type",
              "subsystem cycle: file:" + kData + "/cycle_a.json → file:" + kData + "/cycle_b.json → file:" + kData +
                  "/cycle_a.json",
              kSource);
}

// ---- ports --------------------------------------------------------------------------------------

TEST_CASE("malformed subsystem: a connection to a port the subsystem does not expose names its ports") {
  check_error(R"json({
    "format": "acausal/1",
    "subsystems": {
      "stage": { "components": { "shaft": { "type": "rotational.Inertia" } }, "ports": { "flange": "shaft.flange" } }
    },
    "components": { "s1": { "type": "stage" }, "ground": { "type": "rotational.Fixed" } },
    "connections": [["ground.flange", "s1.flange_x"]]
  })json",
              "build", "/connections/0/1", R"msg(s1 (subsystem stage) has no port "flange_x"; its ports: flange)msg");
}

TEST_CASE("malformed subsystem: a connection with one port inside a definition quotes that port") {
  check_error(R"json({
    "format": "acausal/1",
    "subsystems": {
      "stage": { "components": { "shaft": { "type": "rotational.Inertia" } }, "connections": [["shaft.flange"]],
                 "ports": { "flange": "shaft.flange" } }
    },
    "components": { "s1": { "type": "stage" } }
  })json",
              "parse", "/subsystems/stage/connections/0",
              R"msg(a connection joins two or more ports, this one has only "shaft.flange" (a port left out of every connection is open))msg");
}

TEST_CASE("malformed subsystem: reaching past the ports into an instance is an unknown port") {
  check_error(R"json({
    "format": "acausal/1",
    "subsystems": {
      "stage": { "components": { "shaft": { "type": "rotational.Inertia" } }, "ports": { "flange": "shaft.flange" } }
    },
    "components": { "s1": { "type": "stage" }, "ground": { "type": "rotational.Fixed" } },
    "connections": [["ground.flange", "s1.shaft.flange"]]
  })json",
              "build", "/connections/0/1", R"msg(s1 (subsystem stage) has no port "shaft.flange"; its ports: flange)msg");
}

TEST_CASE("malformed subsystem: an exposed port of a nested instance that it does not have") {
  check_error(R"json({
    "format": "acausal/1",
    "subsystems": {
      "stage": { "components": { "shaft": { "type": "rotational.Inertia" } }, "ports": { "flange": "shaft.flange" } },
      "outer": { "components": { "inner": { "type": "stage" } }, "ports": { "a": "inner.x" } }
    },
    "components": { "o1": { "type": "outer" } }
  })json",
              "build", "/subsystems/outer/ports/a", R"msg(o1.inner (subsystem stage) has no port "x"; its ports: flange)msg");
}

TEST_CASE("malformed subsystem: an exposed port that its component does not have, even if nothing connects to it") {
  check_error(R"json({
    "format": "acausal/1",
    "subsystems": {
      "stage": { "components": { "shaft": { "type": "rotational.Inertia" } }, "ports": { "flange": "shaft.flang" } }
    },
    "components": { "s1": { "type": "stage" } }
  })json",
              "build", "/subsystems/stage/ports/flange",
              R"msg("flang" is not a port of s1.shaft (rotational.Inertia); its ports: flange)msg");
}

TEST_CASE("malformed subsystem: an exposed port of an instance the subsystem does not have") {
  check_error(R"json({
    "format": "acausal/1",
    "subsystems": {
      "stage": { "components": { "shaft": { "type": "rotational.Inertia" } }, "ports": { "flange": "shft.flange" } }
    },
    "components": { "s1": { "type": "stage" } }
  })json",
              "parse", "/subsystems/stage/ports/flange",
              R"msg(no component named "shft" in subsystem stage (components: shaft))msg");
}

TEST_CASE("malformed subsystem: a connection inside a subsystem to an instance it does not have") {
  check_error(R"json({
    "format": "acausal/1",
    "subsystems": {
      "stage": {
        "components": { "shaft": { "type": "rotational.Inertia" }, "spring": { "type": "rotational.Spring" } },
        "connections": [["spring.R", "shft.flange"]]
      }
    },
    "components": { "s1": { "type": "stage" } }
  })json",
              "build", "/subsystems/stage/connections/0/1",
              R"msg(no component named "shft" in subsystem stage (components: shaft, spring))msg");
}

TEST_CASE("malformed subsystem: a port in a subsystem file's own section, named in that file") {
  check_error(R"json({ "format": "acausal/1", "components": { "x": { "type": "file:section_in_file.json" } } })json",
              "build", "file:" + kData + "/section_in_file.json#/ports/flange",
              "x.s (subsystem stage of file:" + kData + "/section_in_file.json) has no port \"flange_x\"; its ports: flange",
              kSource);
}

// ---- parameters ---------------------------------------------------------------------------------

TEST_CASE("malformed subsystem: a parameter value in the wrong unit at an instance") {
  check_error(stage_netlist(kJ, kReadsJ, R"("params": { "J": "3 kg" })"),
              "build", "/components/s1/params/J",
              R"msg(parameter J of s1 (subsystem stage): expected a value in kg*m^2 (kg*m^2), got '3 kg' (kg))msg");
}

TEST_CASE("malformed subsystem: a parameter's default in the wrong unit") {
  check_error(stage_netlist(R"({ "J": { "unit": "kg*m^2", "default": "1 kg" } })", kReadsJ),
              "parse", "/subsystems/stage/parameters/J/default",
              R"msg(expected a value in kg*m^2 (kg*m^2), got '1 kg' (kg))msg");
}

TEST_CASE("malformed subsystem: a parameter used where its dimension does not fit") {
  check_error(stage_netlist(R"({ "c": { "unit": "N*m/rad", "default": 1 } })", R"({ "J": { "param": "c" } })"),
              "build", "/subsystems/stage/components/shaft/params/J",
              R"msg(subsystem parameter c of stage is in N*m/rad (kg*m^2/s^2), but J of s1.shaft (rotational.Inertia) is in kg*m^2 (kg*m^2))msg");
}

TEST_CASE("malformed subsystem: an outer parameter passed to an inner subsystem's parameter of another dimension") {
  check_error(R"json({
    "format": "acausal/1",
    "subsystems": {
      "stage": {
        "parameters": { "J": { "unit": "kg*m^2", "default": 1 } },
        "components": { "shaft": { "type": "rotational.Inertia", "params": { "J": { "param": "J" } } } }
      },
      "outer": {
        "parameters": { "m": { "unit": "kg", "default": 1 } },
        "components": { "inner": { "type": "stage", "params": { "J": { "param": "m" } } } }
      }
    },
    "components": { "o1": { "type": "outer" } }
  })json",
              "build", "/subsystems/outer/components/inner/params/J",
              R"msg(subsystem parameter m of outer is in kg (kg), but parameter J of o1.inner (subsystem stage) is in kg*m^2 (kg*m^2))msg");
}

TEST_CASE("malformed subsystem: an unknown parameter given at an instance") {
  check_error(stage_netlist(kJ, kReadsJ, R"("params": { "K": 2 })"), "build", "/components/s1/params/K",
              R"msg(unknown parameter "K" of subsystem stage; valid: J)msg");
}

TEST_CASE("malformed subsystem: a parameter without a default that an instance does not give") {
  check_error(stage_netlist(R"({ "J": { "unit": "kg*m^2" } })", kReadsJ),
              "build", "/components/s1", R"msg(s1 (subsystem stage) needs a value for parameter J (it has no default))msg");
}

TEST_CASE("malformed subsystem: a component reads a parameter its subsystem does not have") {
  check_error(stage_netlist(kJ, R"({ "J": { "param": "Jx" } })"),
              "build", "/subsystems/stage/components/shaft/params/J",
              R"msg(no parameter "Jx" in subsystem stage; its parameters: J)msg");
}

TEST_CASE("malformed subsystem: a parameter reference outside any subsystem") {
  check_error(stage_netlist(kJ, kReadsJ, R"("params": { "J": { "param": "J" } })"),
              "build", "/components/s1/params/J",
              R"msg({"param": "J"} names a subsystem parameter, but s1 is not inside a subsystem)msg");
}

TEST_CASE("malformed subsystem: a parameter without a unit") {
  check_error(stage_netlist(R"({ "J": { "default": 1 } })", "{}"), "parse", "/subsystems/stage/parameters/J",
              R"msg(missing "unit" ("1" for a dimensionless parameter))msg");
}

TEST_CASE("malformed subsystem: a value out of range given at an instance is reported where it is given") {
  check_error(stage_netlist(kJ, kReadsJ, R"("params": { "J": "-2 kg*m^2" })"),
              "build", "/components/s1/params/J", R"msg(J must be positive, got -2)msg");
}

// ---- initial targets, definitions, files --------------------------------------------------------

TEST_CASE("malformed subsystem: an initial target of an instance that names nothing inside it") {
  check_error(stage_netlist("{}", "{}", R"("initial": { "shft.w": 1 })"), "build", "/components/s1/initial/shft.w",
              R"msg("shft.w" is not "<instance>.<variable>" with an instance inside s1 (subsystem stage); its instances: shaft)msg");
}

TEST_CASE("malformed subsystem: an initial target of an instance that its component does not have") {
  check_error(stage_netlist("{}", "{}", R"("initial": { "shaft.v": 1 })"), "build", "/components/s1/initial/shaft.v",
              R"msg("v" is not a variable of rotational.Inertia; valid: flange.phi, flange.tau, phi, w, a)msg");
}

TEST_CASE("malformed subsystem: a nominal of an instance that names nothing inside it") {
  check_error(stage_netlist("{}", "{}", R"("nominal": { "shft.w": 1e-3 })"), "build", "/components/s1/nominal/shft.w",
              R"msg("shft.w" is not "<instance>.<variable>" with an instance inside s1 (subsystem stage); its instances: shaft)msg");
}

TEST_CASE("malformed subsystem: a nominal of an instance that its component does not have, or not positive") {
  check_error(stage_netlist("{}", "{}", R"("nominal": { "shaft.v": 1e-3 })"), "build", "/components/s1/nominal/shaft.v",
              R"msg("v" is not a variable of rotational.Inertia; valid: flange.phi, flange.tau, phi, w, a)msg");
  check_error(stage_netlist("{}", "{}", R"("nominal": { "shaft.w": -1 })"), "build", "/components/s1/nominal/shaft.w",
              R"msg(a nominal must be a positive number, got -1)msg");
}

TEST_CASE("malformed subsystem: an unknown key in a definition") {
  check_error(R"json({
    "format": "acausal/1",
    "subsystems": { "stage": { "components": { "shaft": { "type": "rotational.Inertia" } }, "conections": [] } },
    "components": { "s1": { "type": "stage" } }
  })json",
              "parse", "/subsystems/stage/conections",
              R"msg(unknown key "conections"; valid keys: "description", "parameters", "components", "connections", "ports")msg");
}

TEST_CASE("malformed subsystem: a subsystem file that does not exist") {
  check_error(R"json({ "format": "acausal/1", "components": { "s1": { "type": "file:missing.json" } } })json", "parse",
              "/components/s1/type",
              "cannot read subsystem file \"missing.json\" (looked for " + kData + "/missing.json)", kSource);
}

TEST_CASE("malformed subsystem: a wrong value in a subsystem file is reported in that file") {
  check_error(R"json({ "format": "acausal/1", "components": { "s1": { "type": "file:bad_value.json" } } })json",
              "build", "file:" + kData + "/bad_value.json#/components/shaft/params/J",
              R"msg(expected a value in kg*m^2 (kg*m^2), got '3 kg' (kg))msg", kSource);
}

TEST_CASE("malformed subsystem: a JSON syntax error in a subsystem file names the file, line and column") {
  check_error(R"json({ "format": "acausal/1", "components": { "s1": { "type": "file:broken.json" } } })json", "parse",
              "",
              kData + "/broken.json: JSON syntax error at line 4, column 9: error while parsing object - unexpected "
                      "string literal; expected '}'",
              kSource);
}
