// The catalog of malformed netlists (DESIGN §4.6): every bad input ends in a ModelError that names
// the culprit's place in the netlist (a JSON pointer) and says what is wrong, never in a crash or a
// silent fix. Each case is a minimal netlist with one defect; the test runs the whole pipeline
// (parse → build → analyze → compile → initialize) and checks the stage that rejects it, the exact
// pointer and the exact message.

#include <doctest/doctest.h>

#include "tests/support/malformed_netlist.hpp"

using namespace acausal::testing;

// ---- the base the cases start from --------------------------------------------------------------

TEST_CASE("malformed: (control) the minimal netlists the cases are cut from are valid") {
  CHECK(run_pipeline(R"json({ "format": "acausal/1", "components": { "mass": { "type": "translational.Mass" } } })json").stage ==
        "none");
  CHECK(run_pipeline(R"json({
    "format": "acausal/1",
    "components": {
      "mass": { "type": "translational.Mass", "initial": { "s": 0.1 } },
      "spring": { "type": "translational.Spring", "params": { "c": "100 N/m" } },
      "ground": { "type": "translational.Fixed" },
      "source": { "type": "signal.Constant" },
      "force": { "type": "translational.Force" }
    },
    "connections": [["mass.flange", "spring.R", "force.flange"], ["spring.C", "ground.flange"], ["source.y", "force.f"]],
    "experiment": { "start": 0, "stop": 1, "interval": 0.01, "tolerance": 1e-6 },
    "outputs": ["mass.s"]
  })json")
            .stage == "none");
}

TEST_CASE("malformed: (control) a model whose every variable is fixed initializes without a crash") {
  CHECK(run_pipeline(R"json({ "format": "acausal/1", "components": { "ground": { "type": "translational.Fixed" } } })json")
            .stage == "none");
}

// ---- JSON syntax --------------------------------------------------------------------------------

TEST_CASE("malformed: JSON syntax, a missing comma between members") {
  check_error(
      R"json({
  "format": "acausal/1"
  "components": {}
})json",
      "parse", "",
      R"msg(netlist: JSON syntax error at line 3, column 14: error while parsing object - unexpected string literal; expected '}')msg");
}

TEST_CASE("malformed: JSON syntax, a trailing comma in an array") {
  check_error(
      R"json({
  "format": "acausal/1",
  "components": { "mass": { "type": "translational.Mass" } },
  "outputs": ["mass.s",]
})json",
      "parse", "",
      R"msg(netlist: JSON syntax error at line 4, column 24: error while parsing value - unexpected ']'; expected '[', '{', or a literal)msg");
}

TEST_CASE("malformed: JSON syntax, the document ends early") {
  check_error(
      R"json({
  "format": "acausal/1",
  "components": { "mass": { "type": "translational.Mass" })json",
      "parse", "",
      R"msg(netlist: JSON syntax error at line 3, column 59: error while parsing object - unexpected end of input; expected '}')msg");
}

TEST_CASE("malformed: JSON syntax, an empty document") {
  check_error(
      "", "parse", "",
      R"msg(netlist: JSON syntax error at line 1, column 1: error while parsing value - unexpected end of input; expected '[', '{', or a literal)msg");
}

TEST_CASE("malformed: JSON syntax, a comment") {
  check_error(
      R"json({
  "format": "acausal/1", // version 1
  "components": {}
})json",
      "parse", "",
      R"msg(netlist: JSON syntax error at line 2, column 26: error while parsing object key - invalid literal; last read: '"acausal/1", /'; expected string literal)msg");
}

// ---- the top level ------------------------------------------------------------------------------

TEST_CASE("malformed: the netlist is not an object") {
  check_error(R"json([{ "format": "acausal/1" }])json", "parse", "",
              R"msg(the netlist must be an object, got array)msg");
}

TEST_CASE("malformed: missing \"format\"") {
  check_error(R"json({ "components": { "mass": { "type": "translational.Mass" } } })json", "parse", "/format",
              R"msg(missing "format": "acausal/1")msg");
}

TEST_CASE("malformed: wrong format version") {
  check_error(R"json({ "format": "acausal/2", "components": {} })json", "parse", "/format",
              R"msg(unsupported format "acausal/2"; this version reads "acausal/1")msg");
}

TEST_CASE("malformed: \"format\" is not a string") {
  check_error(R"json({ "format": 1, "components": {} })json", "parse", "/format",
              R"msg("format" must be a string, got number)msg");
}

TEST_CASE("malformed: unknown top-level key") {
  check_error(
      R"json({ "format": "acausal/1", "components": {}, "conections": [] })json", "parse", "/conections",
      R"msg(unknown key "conections"; valid keys: "format", "name", "description", "components", "connections", "experiment", "outputs", "inputs", "subsystems", "loop_cuts")msg");
}

TEST_CASE("malformed: missing \"components\"") {
  check_error(R"json({ "format": "acausal/1" })json", "parse", "/components", R"msg(missing "components")msg");
}

TEST_CASE("malformed: \"components\" is an array") {
  check_error(R"json({ "format": "acausal/1", "components": [{ "type": "translational.Mass" }] })json", "parse",
              "/components", R"msg("components" must be an object, got array)msg");
}

TEST_CASE("malformed: no components at all") {
  check_error(R"json({ "format": "acausal/1", "components": {} })json", "parse", "/components",
              R"msg("components" is empty: a netlist needs at least one component)msg");
}

// ---- components ---------------------------------------------------------------------------------

TEST_CASE("malformed: unknown key in a component") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "mass": { "type": "translational.Mass", "parameters": { "m": 1 } } }
  })json",
              "parse", "/components/mass/parameters",
              R"msg(unknown key "parameters"; valid keys: "type", "params", "initial", "nominal", "state_select")msg");
}

TEST_CASE("malformed: invalid instance name") {
  check_error(R"json({ "format": "acausal/1", "components": { "mass-1": { "type": "translational.Mass" } } })json",
              "parse", "/components/mass-1",
              R"msg(invalid instance name "mass-1": use letters, digits and _, not starting with a digit)msg");
}

TEST_CASE("malformed: an instance name with a slash is escaped in the pointer") {
  check_error(R"json({ "format": "acausal/1", "components": { "left/right": { "type": "translational.Mass" } } })json",
              "parse", "/components/left~1right",
              R"msg(invalid instance name "left/right": use letters, digits and _, not starting with a digit)msg");
}

TEST_CASE("malformed: instance name starting with a digit") {
  check_error(R"json({ "format": "acausal/1", "components": { "2mass": { "type": "translational.Mass" } } })json",
              "parse", "/components/2mass",
              R"msg(invalid instance name "2mass": use letters, digits and _, not starting with a digit)msg");
}

TEST_CASE("malformed: a component is not an object") {
  check_error(R"json({ "format": "acausal/1", "components": { "mass": "translational.Mass" } })json", "parse",
              "/components/mass", R"msg(a component must be an object, got string)msg");
}

TEST_CASE("malformed: missing type") {
  check_error(R"json({ "format": "acausal/1", "components": { "mass": { "params": { "m": 1 } } } })json", "parse",
              "/components/mass", R"msg(missing "type")msg");
}

TEST_CASE("malformed: type is not a string") {
  check_error(R"json({ "format": "acausal/1", "components": { "mass": { "type": ["translational.Mass"] } } })json",
              "parse", "/components/mass/type", R"msg("type" must be a string, got array)msg");
}

TEST_CASE("malformed: duplicate instance name") {
  check_error(R"json({
    "format": "acausal/1",
    "components": {
      "mass": { "type": "translational.Mass", "params": { "m": 1 } },
      "mass": { "type": "translational.Mass", "params": { "m": 2 } }
    }
  })json",
              "parse", "/components/mass", R"msg(duplicate key "mass")msg");
}

TEST_CASE("malformed: unknown type with a close match") {
  check_error(R"json({ "format": "acausal/1", "components": { "mass": { "type": "translational.Mas" } } })json",
              "build", "/components/mass/type",
              R"msg(unknown component type "translational.Mas" (did you mean translational.Mass?))msg");
}

TEST_CASE("malformed: a type from the wrong domain") {
  check_error(R"json({ "format": "acausal/1", "components": { "mass": { "type": "rotational.Mass" } } })json", "build",
              "/components/mass/type",
              R"msg(unknown component type "rotational.Mass" (did you mean translational.Mass?))msg");
}

TEST_CASE("malformed: unknown type with no close match") {
  check_error(R"json({ "format": "acausal/1", "components": { "pump": { "type": "hydraulic.Pump" } } })json", "build",
              "/components/pump/type",
              R"msg(unknown component type "hydraulic.Pump"; `acausal components` lists the known types, and a type from a component library needs the library loaded (--library FILE.so, or ACAUSAL_LIBRARIES))msg");
}

// ---- parameters ---------------------------------------------------------------------------------

TEST_CASE("malformed: unknown parameter") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "mass": { "type": "translational.Mass", "params": { "mass": 1 } } } })json",
      "build", "/components/mass/params/mass", R"msg(unknown parameter "mass" of translational.Mass; valid: m)msg");
}

TEST_CASE("malformed: a parameter of a type that has none") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "sensor": { "type": "translational.PositionSensor", "params": { "k": 1 } } } })json",
      "build", "/components/sensor/params/k",
      R"msg(unknown parameter "k" of translational.PositionSensor (it has no parameters))msg");
}

TEST_CASE("malformed: \"params\" is not an object") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "mass": { "type": "translational.Mass", "params": [1] } } })json",
      "parse", "/components/mass/params", R"msg("params" must be an object, got array)msg");
}

TEST_CASE("malformed: missing required parameter") {
  check_error(R"json({ "format": "acausal/1", "components": { "table": { "type": "signal.Table" } } })json", "build",
              "/components/table/params/table", R"msg(signal.Table needs a table: { "time": [...], "y": [...] })msg");
}

TEST_CASE("malformed: misspelled required parameter") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "table": { "type": "signal.Table", "params": { "tabel": { "time": [0, 1], "y": [0, 1] } } } }
  })json",
              "build", "/components/table/params/tabel",
              R"msg(unknown parameter "tabel" of signal.Table; valid: table)msg");
}

TEST_CASE("malformed: wrong unit dimension") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "spring": { "type": "translational.Spring", "params": { "c": "100 kg" } } } })json",
      "build", "/components/spring/params/c", R"msg(expected a value in N/m (kg/s^2), got '100 kg' (kg))msg");
}

TEST_CASE("malformed: unknown unit") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "spring": { "type": "translational.Spring", "params": { "c": "100 N/furlong" } } } })json",
      "build", "/components/spring/params/c", R"msg(unknown unit 'furlong' in 'N/furlong')msg");
}

TEST_CASE("malformed: a unit expression that ends early") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "spring": { "type": "translational.Spring", "params": { "c": "100 N/" } } } })json",
      "build", "/components/spring/params/c", R"msg(unexpected end of 'N/' (expected a unit))msg");
}

TEST_CASE("malformed: not a number") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "mass": { "type": "translational.Mass", "params": { "m": "heavy" } } } })json",
      "build", "/components/mass/params/m", R"msg(not a number: 'heavy')msg");
}

TEST_CASE("malformed: inf via a unit string") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "spring": { "type": "translational.Spring", "params": { "c": "inf N/m" } } } })json",
      "build", "/components/spring/params/c", R"msg(not a finite number: 'inf N/m')msg");
}

TEST_CASE("malformed: NaN via a unit string") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "mass": { "type": "translational.Mass", "params": { "m": "nan kg" } } } })json",
      "build", "/components/mass/params/m", R"msg(not a finite number: 'nan kg')msg");
}

TEST_CASE("malformed: a number too large for a double in a unit string") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "mass": { "type": "translational.Mass", "params": { "m": "1e400 kg" } } } })json",
      "build", "/components/mass/params/m", R"msg(number out of range: '1e400 kg')msg");
}

TEST_CASE("malformed: a JSON number too large for a double") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "mass": { "type": "translational.Mass", "params": { "m": 1e400 } } } })json",
      "parse", "", R"msg(netlist: JSON number out of range: 1e400)msg");
}

TEST_CASE("malformed: negative mass") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "mass": { "type": "translational.Mass", "params": { "m": -1 } } } })json",
      "build", "/components/mass/params/m", R"msg(m must be positive, got -1)msg");
}

TEST_CASE("malformed: zero mass in grams") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "mass": { "type": "translational.Mass", "params": { "m": "0 g" } } } })json",
      "build", "/components/mass/params/m", R"msg(m must be positive, got 0)msg");
}

TEST_CASE("malformed: negative mass in grams") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "mass": { "type": "translational.Mass", "params": { "m": "-500 g" } } } })json",
      "build", "/components/mass/params/m", R"msg(m must be positive, got -0.5)msg");
}

TEST_CASE("malformed: a length for a dimensionless gain") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "gain": { "type": "signal.Gain", "params": { "k": "2 m" } } } })json",
      "build", "/components/gain/params/k", R"msg(expected a dimensionless value, got '2 m' (m))msg");
}

TEST_CASE("malformed: negative damping") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "damper": { "type": "translational.Damper", "params": { "d": "-0.5 N*s/m" } } } })json",
      "build", "/components/damper/params/d", R"msg(d must not be negative, got -0.5)msg");
}

TEST_CASE("malformed: negative rotational inertia") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "inertia": { "type": "rotational.Inertia", "params": { "J": -0.1 } } } })json",
      "build", "/components/inertia/params/J", R"msg(J must be positive, got -0.1)msg");
}

TEST_CASE("malformed: an array for a scalar parameter") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "mass": { "type": "translational.Mass", "params": { "m": [1, 2] } } } })json",
      "build", "/components/mass/params/m",
      R"msg(expected a number, a "<number> <unit>" string in kg or { "value": …, "fixed": false }, got [1,2])msg");
}

TEST_CASE("malformed: null for a scalar parameter") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "mass": { "type": "translational.Mass", "params": { "m": null } } } })json",
      "build", "/components/mass/params/m",
      R"msg(expected a number, a "<number> <unit>" string in kg or { "value": …, "fixed": false }, got null)msg");
}

TEST_CASE("malformed: a string for a boolean parameter") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "force": { "type": "translational.Force", "params": { "use_support": "yes" } } } })json",
      "build", "/components/force/params/use_support", R"msg(expected true or false, got "yes")msg");
}

TEST_CASE("malformed: table breakpoints not increasing") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "profile": { "type": "signal.Table", "params": { "table": { "time": [0, 2, 1], "y": [0, 1, 2] } } } }
  })json",
              "build", "/components/profile/params/table",
              R"msg(table profile.table: breakpoints must be strictly increasing (point 2))msg");
}

// ---- seed components: rotational.NonlinearSpring, NonlinearDamper, VariableDamper ---------------

TEST_CASE("malformed: (control) the seed components with valid parameters of each parameterization") {
  CHECK(run_pipeline(R"json({
    "format": "acausal/1",
    "components": {
      "ground": { "type": "rotational.Fixed" },
      "disk": { "type": "rotational.Inertia", "initial": { "w": 1 } },
      "symmetric": { "type": "rotational.NonlinearSpring", "params": { "k": ["1000 N*m/rad", 0, "500 N*m/rad^3", 0, 0] } },
      "two_sided": { "type": "rotational.NonlinearSpring",
                     "params": { "parameterization": "two_sided", "k_tension": [100, 0, 0, 0, 0], "k_compression": [50, 0, 0, 0, 0] } },
      "table": { "type": "rotational.NonlinearDamper",
                 "params": { "parameterization": "table", "table": { "w": [-1, 1], "torque": [-2, 2] },
                             "interpolation": "smooth", "extrapolation": "nearest" } },
      "brake": { "type": "rotational.VariableDamper", "params": { "b_min": "0.1 N*m*s/rad" } },
      "command": { "type": "signal.Constant", "params": { "k": 0.5 } }
    },
    "connections": [["disk.flange", "symmetric.R", "two_sided.R", "table.R", "brake.R"],
                    ["symmetric.C", "two_sided.C", "table.C", "brake.C", "ground.flange"],
                    ["command.y", "brake.B"]]
  })json")
            .stage == "none");
}

TEST_CASE("malformed: NonlinearSpring k with four coefficients") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "spring": { "type": "rotational.NonlinearSpring", "params": { "k": [1000, 0, 50, 0] } } } })json",
      "build", "/components/spring/params/k", R"msg(k must have 5 coefficients (k1..k5), got 4)msg");
}

TEST_CASE("malformed: NonlinearSpring k_tension with three coefficients") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "spring": { "type": "rotational.NonlinearSpring",
                                "params": { "parameterization": "two_sided", "k_tension": [1000, 0, 0] } } }
  })json",
              "build", "/components/spring/params/k_tension",
              R"msg(k_tension must have 5 coefficients (k_tension1..k_tension5), got 3)msg");
}

TEST_CASE("malformed: NonlinearSpring k_compression with six coefficients") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "spring": { "type": "rotational.NonlinearSpring",
                                "params": { "parameterization": "two_sided", "k_compression": [1000, 0, 0, 0, 0, 0] } } }
  })json",
              "build", "/components/spring/params/k_compression",
              R"msg(k_compression must have 5 coefficients (k_compression1..k_compression5), got 6)msg");
}

TEST_CASE("malformed: NonlinearDamper b_negative with two coefficients") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "damper": { "type": "rotational.NonlinearDamper",
                                "params": { "parameterization": "two_sided", "b_negative": [10, 1] } } }
  })json",
              "build", "/components/damper/params/b_negative",
              R"msg(b_negative must have 5 coefficients (b_negative1..b_negative5), got 2)msg");
}

TEST_CASE("malformed: NonlinearSpring k a single number, not an array") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "spring": { "type": "rotational.NonlinearSpring", "params": { "k": 5 } } } })json",
      "build", "/components/spring/params/k", R"msg(k must be an array of 5 coefficients (k1..k5), got 5)msg");
}

TEST_CASE("malformed: NonlinearDamper coefficients as an object") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "damper": { "type": "rotational.NonlinearDamper", "params": { "b": { "b1": 10 } } } } })json",
      "build", "/components/damper/params/b", R"msg(b must be an array of 5 coefficients (b1..b5), got {"b1":10})msg");
}

TEST_CASE("malformed: NonlinearDamper coefficient b2 in the unit of b1") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "damper": { "type": "rotational.NonlinearDamper",
                                "params": { "b": ["10 N*m*s/rad", "10 N*m*s/rad", 0, 0, 0] } } }
  })json",
              "build", "/components/damper/params/b/1",
              R"msg(b2: expected a value in N*m/(rad/s)^2 (kg*m^2), got '10 N*m*s/rad' (kg*m^2/s))msg");
}

TEST_CASE("malformed: NonlinearSpring coefficient k2 not finite") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "spring": { "type": "rotational.NonlinearSpring", "params": { "k": [1000, "nan N*m/rad^2", 0, 0, 0] } } }
  })json",
              "build", "/components/spring/params/k/1", R"msg(k2: not a finite number: 'nan N*m/rad^2')msg");
}

TEST_CASE("malformed: NonlinearSpring unknown parameterization") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "spring": { "type": "rotational.NonlinearSpring", "params": { "parameterization": "polynomial" } } }
  })json",
              "build", "/components/spring/params/parameterization",
              R"msg(parameterization must be one of "symmetric", "two_sided", "table", got "polynomial")msg");
}

TEST_CASE("malformed: NonlinearDamper parameterization in the wrong case") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "damper": { "type": "rotational.NonlinearDamper", "params": { "parameterization": "Table" } } }
  })json",
              "build", "/components/damper/params/parameterization",
              R"msg(parameterization must be one of "symmetric", "two_sided", "table", got "Table")msg");
}

TEST_CASE("malformed: NonlinearSpring table with one point") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "spring": { "type": "rotational.NonlinearSpring",
                                "params": { "parameterization": "table", "table": { "theta": [0.1], "torque": [50] } } } }
  })json",
              "build", "/components/spring/params/table",
              R"msg(table spring.table: needs at least two points)msg");
}

TEST_CASE("malformed: NonlinearDamper table columns of unequal lengths") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "damper": { "type": "rotational.NonlinearDamper",
                                "params": { "parameterization": "table", "table": { "w": [-1, 0, 1], "torque": [-10, 0] } } } }
  })json",
              "build", "/components/damper/params/table",
              R"msg(table damper.table: breakpoints and values differ in length (3 and 2))msg");
}

TEST_CASE("malformed: NonlinearSpring table with an infinite breakpoint") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "spring": { "type": "rotational.NonlinearSpring",
                                "params": { "parameterization": "table",
                                            "table": { "theta": [-0.1, 0, "inf rad"], "torque": [-50, 0, 50] } } } }
  })json",
              "build", "/components/spring/params/table/theta/2", R"msg(not a finite number: 'inf rad')msg");
}

TEST_CASE("malformed: NonlinearDamper table with a NaN torque") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "damper": { "type": "rotational.NonlinearDamper",
                                "params": { "parameterization": "table",
                                            "table": { "w": [-1, 0, 1], "torque": [-10, "nan N*m", 10] } } } }
  })json",
              "build", "/components/damper/params/table/torque/1", R"msg(not a finite number: 'nan N*m')msg");
}

TEST_CASE("malformed: NonlinearSpring table breakpoints not increasing") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "spring": { "type": "rotational.NonlinearSpring",
                                "params": { "parameterization": "table",
                                            "table": { "theta": [-0.1, 0.2, 0.1], "torque": [-50, 50, 60] } } } }
  })json",
              "build", "/components/spring/params/table",
              R"msg(table spring.table: breakpoints must be strictly increasing (point 2))msg");
}

TEST_CASE("malformed: NonlinearDamper table with a repeated breakpoint") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "damper": { "type": "rotational.NonlinearDamper",
                                "params": { "parameterization": "table",
                                            "table": { "w": [-1, 0, 0, 1], "torque": [-10, 0, 0, 10] } } } }
  })json",
              "build", "/components/damper/params/table",
              R"msg(table damper.table: breakpoints must be strictly increasing (point 2))msg");
}

TEST_CASE("malformed: NonlinearSpring table with the damper's column name") {
  check_error(
      R"json({
    "format": "acausal/1",
    "components": { "spring": { "type": "rotational.NonlinearSpring",
                                "params": { "parameterization": "table", "table": { "w": [-1, 1], "torque": [-10, 10] } } } }
  })json",
      "build", "/components/spring/params/table/w",
      R"msg(unknown key "w" in "table"; valid: "theta", "torque" (interpolation and extrapolation are parameters of their own))msg");
}

TEST_CASE("malformed: NonlinearSpring interpolation inside the table object") {
  check_error(
      R"json({
    "format": "acausal/1",
    "components": { "spring": { "type": "rotational.NonlinearSpring",
                                "params": { "parameterization": "table",
                                            "table": { "theta": [-1, 1], "torque": [-10, 10], "interpolation": "smooth" } } } }
  })json",
      "build", "/components/spring/params/table/interpolation",
      R"msg(unknown key "interpolation" in "table"; valid: "theta", "torque" (interpolation and extrapolation are parameters of their own))msg");
}

TEST_CASE("malformed: NonlinearSpring interpolation not an allowed word") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "spring": { "type": "rotational.NonlinearSpring",
                                "params": { "parameterization": "table", "table": { "theta": [-1, 1], "torque": [-10, 10] },
                                            "interpolation": "cubic" } } }
  })json",
              "build", "/components/spring/params/interpolation",
              R"msg(interpolation must be one of "linear", "smooth", got "cubic")msg");
}

TEST_CASE("malformed: NonlinearDamper extrapolation not an allowed word") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "damper": { "type": "rotational.NonlinearDamper",
                                "params": { "parameterization": "table", "table": { "w": [-1, 1], "torque": [-10, 10] },
                                            "extrapolation": "constant" } } }
  })json",
              "build", "/components/damper/params/extrapolation",
              R"msg(extrapolation must be one of "linear", "nearest", got "constant")msg");
}

TEST_CASE("malformed: NonlinearSpring two-sided coefficients with the default symmetric parameterization") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "spring": { "type": "rotational.NonlinearSpring", "params": { "k_tension": [1000, 0, 0, 0, 0] } } }
  })json",
              "build", "/components/spring/params/k_tension",
              R"msg(k_tension belongs to parameterization "two_sided", but parameterization is "symmetric")msg");
}

TEST_CASE("malformed: NonlinearSpring symmetric coefficients with the two-sided parameterization") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "spring": { "type": "rotational.NonlinearSpring",
                                "params": { "parameterization": "two_sided", "k": [1000, 0, 0, 0, 0] } } }
  })json",
              "build", "/components/spring/params/k",
              R"msg(k belongs to parameterization "symmetric", but parameterization is "two_sided")msg");
}

TEST_CASE("malformed: NonlinearDamper table without parameterization \"table\"") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "damper": { "type": "rotational.NonlinearDamper", "params": { "table": { "w": [-1, 1], "torque": [-10, 10] } } } }
  })json",
              "build", "/components/damper/params/table",
              R"msg(table belongs to parameterization "table", but parameterization is "symmetric")msg");
}

TEST_CASE("malformed: NonlinearDamper interpolation with the two-sided parameterization") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "damper": { "type": "rotational.NonlinearDamper",
                                "params": { "parameterization": "two_sided", "interpolation": "smooth" } } }
  })json",
              "build", "/components/damper/params/interpolation",
              R"msg(interpolation belongs to parameterization "table", but parameterization is "two_sided")msg");
}

TEST_CASE("malformed: NonlinearSpring parameterization \"table\" without a table") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "spring": { "type": "rotational.NonlinearSpring", "params": { "parameterization": "table" } } }
  })json",
              "build", "/components/spring/params/table",
              R"msg(parameterization "table" needs a table: { "theta": [...], "torque": [...] })msg");
}

TEST_CASE("malformed: NonlinearDamper parameterization \"table\" without a table") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "damper": { "type": "rotational.NonlinearDamper", "params": { "parameterization": "table" } } }
  })json",
              "build", "/components/damper/params/table",
              R"msg(parameterization "table" needs a table: { "w": [...], "torque": [...] })msg");
}

TEST_CASE("malformed: VariableDamper negative b_min") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "brake": { "type": "rotational.VariableDamper", "params": { "b_min": -0.1 } } } })json",
      "build", "/components/brake/params/b_min", R"msg(b_min must not be negative, got -0.1)msg");
}

TEST_CASE("malformed: VariableDamper negative b_min with a unit") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "brake": { "type": "rotational.VariableDamper", "params": { "b_min": "-0.5 N*m*s/rad" } } }
  })json",
              "build", "/components/brake/params/b_min", R"msg(b_min must not be negative, got -0.5)msg");
}

// ---- connections --------------------------------------------------------------------------------

TEST_CASE("malformed: \"connections\" is not an array") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "mass": { "type": "translational.Mass" }, "ground": { "type": "translational.Fixed" } },
    "connections": { "mass.flange": "ground.flange" }
  })json",
              "parse", "/connections", R"msg("connections" must be an array, got object)msg");
}

TEST_CASE("malformed: a connection with one end") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "mass": { "type": "translational.Mass" } },
    "connections": [["mass.flange"]]
  })json",
              "parse", "/connections/0",
              R"msg(a connection joins two or more ports, this one has only "mass.flange" (a port left out of every connection is open))msg");
}

TEST_CASE("malformed: a connection that is a string, not an array") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "mass": { "type": "translational.Mass" }, "ground": { "type": "translational.Fixed" } },
    "connections": ["mass.flange, ground.flange"]
  })json",
              "parse", "/connections/0", R"msg(a connection is an array of two or more "instance.port" strings)msg");
}

TEST_CASE("malformed: a connection end that is not a string") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "mass": { "type": "translational.Mass" } },
    "connections": [["mass.flange", 3]]
  })json",
              "parse", "/connections/0/1", R"msg(a connection end must be a string, got number)msg");
}

TEST_CASE("malformed: a connection end not of the form instance.port") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "mass": { "type": "translational.Mass" }, "ground": { "type": "translational.Fixed" } },
    "connections": [["mass.flange", "groundflange"]]
  })json",
              "parse", "/connections/0/1", R"msg("groundflange" is not of the form "instance.port")msg");
}

TEST_CASE("malformed: connection to an unknown instance") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "mass": { "type": "translational.Mass" }, "ground": { "type": "translational.Fixed" } },
    "connections": [["mass.flange", "grund.flange"]]
  })json",
              "build", "/connections/0/1", R"msg(no component named "grund" (components: ground, mass))msg");
}

TEST_CASE("malformed: connection to an unknown port") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "mass": { "type": "translational.Mass" }, "spring": { "type": "translational.Spring" } },
    "connections": [["mass.flange", "spring.flange_a"]]
  })json",
              "build", "/connections/0/1",
              R"msg("flange_a" is not a port of spring (translational.Spring); its ports: R, C)msg");
}

TEST_CASE("malformed: connection to a variable instead of a port") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "mass": { "type": "translational.Mass" }, "ground": { "type": "translational.Fixed" } },
    "connections": [["mass.flange.s", "ground.flange"]]
  })json",
              "build", "/connections/0/0",
              R"msg("flange.s" is not a port of mass (translational.Mass); its ports: flange)msg");
}

TEST_CASE("malformed: rotational connected to translational") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "inertia": { "type": "rotational.Inertia" }, "mass": { "type": "translational.Mass" } },
    "connections": [["inertia.flange", "mass.flange"]]
  })json",
              "build", "/connections/0/1",
              R"msg(cannot connect inertia.flange (rotational) with mass.flange (translational))msg");
}

TEST_CASE("malformed: signal connected to translational") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "source": { "type": "signal.Constant" }, "mass": { "type": "translational.Mass" } },
    "connections": [["mass.flange", "source.y"]]
  })json",
              "build", "/connections/0/1",
              R"msg(cannot connect mass.flange (translational) with source.y (signal))msg");
}

TEST_CASE("malformed: a signal node with two outputs") {
  check_error(R"json({
    "format": "acausal/1",
    "components": {
      "one": { "type": "signal.Constant" },
      "two": { "type": "signal.Constant" },
      "force": { "type": "translational.Force" }
    },
    "connections": [["one.y", "force.f"], ["force.f", "two.y"]]
  })json",
              "build", "/connections/1/1", R"msg(signal node has two outputs: one.y and two.y)msg");
}

TEST_CASE("malformed: a signal node with no output") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "gain": { "type": "signal.Gain" }, "force": { "type": "translational.Force" } },
    "connections": [["gain.u", "force.f"]]
  })json",
              "build", "/connections/0", R"msg(signal node gain.u, force.f has no output to drive it)msg");
}

TEST_CASE("malformed: an unconnected signal input") {
  check_error(R"json({ "format": "acausal/1", "components": { "force": { "type": "translational.Force" } } })json",
              "build", "/components/force", R"msg(signal input force.f is not connected)msg");
}

TEST_CASE("malformed: a port connected to itself") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "mass": { "type": "translational.Mass" } },
    "connections": [["mass.flange", "mass.flange"]]
  })json",
              "parse", "/connections/0/1", R"msg(mass.flange appears twice in this connection)msg");
}

// ---- outputs ------------------------------------------------------------------------------------

TEST_CASE("malformed: unknown output variable") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "mass": { "type": "translational.Mass" } },
    "outputs": ["mass.x"]
  })json",
              "build", "/outputs/0",
              R"msg(unknown variable "mass.x"; mass has mass.flange.s, mass.flange.f, mass.s, mass.v, mass.a)msg");
}

TEST_CASE("malformed: output of an unknown instance") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "mass": { "type": "translational.Mass" } },
    "outputs": ["mass.s", "body.s"]
  })json",
              "build", "/outputs/1", R"msg(unknown variable "body.s" (no component named "body"))msg");
}

TEST_CASE("malformed: \"outputs\" is a string") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "mass": { "type": "translational.Mass" } },
    "outputs": "mass.s"
  })json",
              "parse", "/outputs", R"msg("outputs" must be an array of variable paths)msg");
}

// ---- initial targets ----------------------------------------------------------------------------

TEST_CASE("malformed: unknown variable in \"initial\"") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "mass": { "type": "translational.Mass", "initial": { "x": 0.1 } } } })json",
      "build", "/components/mass/initial/x",
      R"msg("x" is not a variable of translational.Mass; valid: flange.s, flange.f, s, v, a)msg");
}

TEST_CASE("malformed: wrong priority") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "mass": { "type": "translational.Mass", "initial": { "s": { "value": 0.1, "priority": "medium" } } } }
  })json",
              "build", "/components/mass/initial/s/priority",
              R"msg(priority must be "high" or "low", got "medium")msg");
}

TEST_CASE("malformed: an initial target without a value") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "mass": { "type": "translational.Mass", "initial": { "s": { "priority": "low" } } } }
  })json",
              "build", "/components/mass/initial/s", R"msg(missing "value")msg");
}

TEST_CASE("malformed: unknown key in an initial target") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "mass": { "type": "translational.Mass", "initial": { "s": { "value": 0.1, "unit": "m" } } } }
  })json",
              "build", "/components/mass/initial/s/unit",
              R"msg(unknown key "unit"; valid keys: "value", "priority")msg");
}

TEST_CASE("malformed: an initial value with the wrong unit dimension") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "mass": { "type": "translational.Mass", "initial": { "v": "2 m" } } } })json",
      "build", "/components/mass/initial/v", R"msg(expected a value in m/s (m/s), got '2 m' (m))msg");
}

TEST_CASE("malformed: an infinite initial value") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "mass": { "type": "translational.Mass", "initial": { "s": "-inf m" } } } })json",
      "build", "/components/mass/initial/s", R"msg(not a finite number: '-inf m')msg");
}

TEST_CASE("malformed: a boolean initial value") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "mass": { "type": "translational.Mass", "initial": { "s": true } } } })json",
      "build", "/components/mass/initial/s", R"msg(expected a number or a "<number> <unit>" string, got boolean)msg");
}

TEST_CASE("malformed: a high initial position against a Fixed flange") {
  check_error(R"json({
    "format": "acausal/1",
    "components": {
      "mass": { "type": "translational.Mass", "initial": { "s": 0.1 } },
      "ground": { "type": "translational.Fixed" }
    },
    "connections": [["mass.flange", "ground.flange"]]
  })json",
              "analyze", "/components/mass/initial/s",
              R"msg(initial value 0.1 of mass.s cannot hold: the model fixes it at 0)msg");
}

TEST_CASE("malformed: two rigidly connected masses with different initial positions") {
  check_error(
      R"json({
    "format": "acausal/1",
    "components": {
      "left": { "type": "translational.Mass", "initial": { "s": 0 } },
      "right": { "type": "translational.Mass", "initial": { "s": 0.1 } }
    },
    "connections": [["left.flange", "right.flange"]]
  })json",
      "analyze", "/components/right/initial/s",
      R"msg(initial value 0.1 of right.s conflicts with left.s = 0 (/components/left/initial/s): they are the same quantity; free one of: left.s, right.s)msg");
}

TEST_CASE("malformed: three high targets tied by a spring's geometry") {
  check_error(
      R"json({
    "format": "acausal/1",
    "components": {
      "left": { "type": "translational.Mass", "initial": { "s": 0 } },
      "right": { "type": "translational.Mass", "initial": { "s": 1 } },
      "spring": { "type": "translational.Spring", "initial": { "s_rel": 0.5 } }
    },
    "connections": [["left.flange", "spring.C"], ["spring.R", "right.flange"]]
  })json",
      "initialize", "/components/spring/initial/s_rel",
      R"msg(initial values over-specify the model: spring.s_rel = 0.5 (/components/spring/initial/s_rel) cannot hold together with left.s = 0 (/components/left/initial/s), right.s = 1 (/components/right/initial/s); free one of: spring.s_rel, left.s, right.s)msg");
}

TEST_CASE("malformed: a high initial target on a port variable over-specifies") {
  check_error(
      R"json({
    "format": "acausal/1",
    "components": {
      "left": { "type": "translational.Mass", "initial": { "s": 0 } },
      "right": { "type": "translational.Mass", "initial": { "flange.s": 1 } },
      "spring": { "type": "translational.Spring", "initial": { "s_rel": 0.5 } }
    },
    "connections": [["left.flange", "spring.C"], ["spring.R", "right.flange"]]
  })json",
      "initialize", "/components/spring/initial/s_rel",
      R"msg(initial values over-specify the model: spring.s_rel = 0.5 (/components/spring/initial/s_rel) cannot hold together with left.s = 0 (/components/left/initial/s), right.flange.s = 1 (/components/right/initial/flange.s); free one of: spring.s_rel, left.s, right.flange.s)msg");
}

// ---- nominals ------------------------------------------------------------------------------------

TEST_CASE("malformed: unknown variable in \"nominal\"") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "mass": { "type": "translational.Mass", "nominal": { "x": 1e-3 } } } })json",
      "build", "/components/mass/nominal/x",
      R"msg("x" is not a variable of translational.Mass; valid: flange.s, flange.f, s, v, a)msg");
}

TEST_CASE("malformed: a zero nominal") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "mass": { "type": "translational.Mass", "nominal": { "v": 0 } } } })json",
      "build", "/components/mass/nominal/v", R"msg(a nominal must be a positive number, got 0)msg");
}

TEST_CASE("malformed: a negative nominal, also with a unit") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "mass": { "type": "translational.Mass", "nominal": { "v": -0.001 } } } })json",
      "build", "/components/mass/nominal/v", R"msg(a nominal must be a positive number, got -0.001)msg");
  check_error(
      R"json({ "format": "acausal/1", "components": { "mass": { "type": "translational.Mass", "nominal": { "s": "-2 mm" } } } })json",
      "build", "/components/mass/nominal/s", R"msg(a nominal must be a positive number, got "-2 mm")msg");
}

TEST_CASE("malformed: an infinite nominal") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "mass": { "type": "translational.Mass", "nominal": { "s": "inf m" } } } })json",
      "build", "/components/mass/nominal/s", R"msg(not a finite number: 'inf m')msg");
}

TEST_CASE("malformed: a nominal with the wrong unit dimension") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "mass": { "type": "translational.Mass", "nominal": { "v": "2 m" } } } })json",
      "build", "/components/mass/nominal/v", R"msg(expected a value in m/s (m/s), got '2 m' (m))msg");
}

TEST_CASE("malformed: a nominal that is not a number") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "mass": { "type": "translational.Mass", "nominal": { "v": { "value": 1 } } } } })json",
      "build", "/components/mass/nominal/v", R"msg(expected a number or a "<number> <unit>" string, got object)msg");
}

TEST_CASE("malformed: \"nominal\" is not an object") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "mass": { "type": "translational.Mass", "nominal": [1e-3] } } })json",
      "parse", "/components/mass/nominal", R"msg("nominal" must be an object, got array)msg");
}

TEST_CASE("malformed: a vector nominal of the wrong length") {
  check_error(R"json({
    "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World" },
      "body": { "type": "multibody.Body", "params": { "m": 1 }, "nominal": { "r_0": [1e-3, 1e-3] } }
    }
  })json",
              "build", "/components/body/nominal/r_0", R"msg(r_0 has 3 elements, got 2)msg");
}

// ---- structure ----------------------------------------------------------------------------------

TEST_CASE("malformed: two Fixed flanges connected (over-determined)") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "left": { "type": "translational.Fixed" }, "right": { "type": "translational.Fixed", "params": { "s0": 1 } } },
    "connections": [["left.flange", "right.flange"]]
  })json",
              "analyze", "/connections/0",
              "these parts contradict each other: the connection (right.flange and left.flange share left.flange.s)\n"
              "  0 = right.flange.s - left.flange.s\n"
              "cannot hold: it becomes 0 = 1 because\n"
              "  right.flange.s = 1 is fixed by right (/components/right)\n"
              "  left.flange.s = 0 is fixed by left (/components/left)\n"
              "  remove or change one of these parts");
}

TEST_CASE("malformed: a position source driving a fixed flange (over-determined)") {
  check_error(R"json({
    "format": "acausal/1",
    "components": {
      "source": { "type": "signal.Constant" },
      "drive": { "type": "translational.Position" },
      "ground": { "type": "translational.Fixed" }
    },
    "connections": [["source.y", "drive.s"], ["drive.flange", "ground.flange"]]
  })json",
              "analyze", "/connections/1",
              "these parts contradict each other: the connection (ground.flange and drive.flange share drive.flange.s)\n"
              "  0 = ground.flange.s - drive.flange.s\n"
              "cannot hold: it becomes 0 = -1 because\n"
              "  ground.flange.s = 0 is fixed by ground (/components/ground)\n"
              "  drive.flange.s = 1 is fixed by source (/components/source) through drive\n"
              "  remove or change one of these parts");
}

TEST_CASE("malformed: two fixed flanges rigidly joined by a gear at conflicting angles") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "left": { "type": "rotational.Fixed", "params": { "phi0": 0 } },
                    "gear": { "type": "rotational.IdealGear", "params": { "ratio": 2 } },
                    "right": { "type": "rotational.Fixed", "params": { "phi0": 1 } } },
    "connections": [["left.flange", "gear.C"], ["gear.R", "right.flange"]]
  })json",
              "analyze", "/components/gear",
              "these parts contradict each other: gear's equation (gear kinematics)\n"
              "  0 = gear.C.phi - 2*gear.R.phi\n"
              "cannot hold: it becomes 0 = -2 because\n"
              "  gear.C.phi = 0 is fixed by left (/components/left)\n"
              "  gear.R.phi = 1 is fixed by right (/components/right)\n"
              "  remove or change one of these parts");
}

TEST_CASE("malformed: a rotational position source following a sine on a fixed flange") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "ground": { "type": "rotational.Fixed" },
                    "sine": { "type": "signal.Sine", "params": { "amplitude": 1, "frequency": "1 Hz" } },
                    "pos": { "type": "rotational.Position" } },
    "connections": [["sine.y", "pos.phi"], ["pos.flange", "ground.flange"]]
  })json",
              "analyze", "/components/sine",
              "these parts contradict each other: sine's equation (sine wave)\n"
              "  0 = sine.y - (if time < 0 then 0 else sin(6.283185307179586*time))\n"
              "cannot hold: it becomes 0 = -(if time < 0 then 0 else sin(6.283185307179586*time)) because\n"
              "  sine.y = 0 is fixed by ground (/components/ground) through pos\n"
              "  remove or change one of these parts");
}

TEST_CASE("malformed: initial angles on both sides of a gear over-specify the model") {
  // The gear makes b.phi a function of a.phi: index reduction keeps one of them as a state.
  check_error(R"json({
    "format": "acausal/1",
    "components": { "a": { "type": "rotational.Inertia", "initial": { "phi": 1 } },
                    "gear": { "type": "rotational.IdealGear", "params": { "ratio": 2 } },
                    "b": { "type": "rotational.Inertia", "initial": { "phi": 1 } } },
    "connections": [["a.flange", "gear.C"], ["gear.R", "b.flange"]]
  })json",
              "initialize", "/components/b/initial/phi",
              "initial values over-specify the model: b.phi = 1 (/components/b/initial/phi) cannot hold together "
              "with a.phi = 1 (/components/a/initial/phi); free one of: b.phi, a.phi");
}

TEST_CASE("malformed: initial speeds of two directly connected inertias disagree") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "a": { "type": "rotational.Inertia", "initial": { "w": 1 } },
                    "b": { "type": "rotational.Inertia", "initial": { "w": 2 } } },
    "connections": [["a.flange", "b.flange"]]
  })json",
              "initialize", "/components/b/initial/w",
              "initial values over-specify the model: b.w = 2 (/components/b/initial/w) cannot hold together "
              "with a.w = 1 (/components/a/initial/w); free one of: b.w, a.w");
}

TEST_CASE("malformed: a spring connected to nothing (under-determined)") {
  check_error(
      R"json({ "format": "acausal/1", "components": { "spring": { "type": "translational.Spring" } } })json", "analyze",
      "/components/spring",
      "the model is structurally singular\n"
      "under-determined: 3 unknowns (spring.R.s, spring.C.s, spring.v_rel) appear in only 2 equations (1 missing):\n"
      "  /components/spring (spring: relative position): 0 = -spring.R.s + spring.C.s\n"
      "  /components/spring (spring: relative rate): 0 = spring.v_rel - der(spring.R.s) + der(spring.C.s)\n"
      "  components involved: spring");
}

// ---- experiment ---------------------------------------------------------------------------------

TEST_CASE("malformed: experiment stop before start") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "mass": { "type": "translational.Mass" } },
    "experiment": { "start": 1, "stop": 0.5 }
  })json",
              "parse", "/experiment/stop", R"msg(stop must be after start)msg");
}

TEST_CASE("malformed: experiment stop equal to start") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "mass": { "type": "translational.Mass" } },
    "experiment": { "start": 2, "stop": 2 }
  })json",
              "parse", "/experiment/stop", R"msg(stop must be after start)msg");
}

TEST_CASE("malformed: experiment with a negative interval") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "mass": { "type": "translational.Mass" } },
    "experiment": { "stop": 1, "interval": -0.01 }
  })json",
              "parse", "/experiment/interval", R"msg(interval must be positive)msg");
}

TEST_CASE("malformed: experiment with a tolerance of 1") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "mass": { "type": "translational.Mass" } },
    "experiment": { "tolerance": 1 }
  })json",
              "parse", "/experiment/tolerance", R"msg(tolerance must lie in (0, 1))msg");
}

TEST_CASE("malformed: experiment with a zero tolerance") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "mass": { "type": "translational.Mass" } },
    "experiment": { "tolerance": 0 }
  })json",
              "parse", "/experiment/tolerance", R"msg(tolerance must lie in (0, 1))msg");
}

TEST_CASE("malformed: experiment with an infinite stop") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "mass": { "type": "translational.Mass" } },
    "experiment": { "stop": 1e400 }
  })json",
              "parse", "", R"msg(netlist: JSON number out of range: 1e400)msg");
}

TEST_CASE("malformed: experiment with a unit string") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "mass": { "type": "translational.Mass" } },
    "experiment": { "stop": "10 s" }
  })json",
              "parse", "/experiment/stop", R"msg(stop must be a number, got string)msg");
}

TEST_CASE("malformed: unknown key in the experiment") {
  check_error(R"json({
    "format": "acausal/1",
    "components": { "mass": { "type": "translational.Mass" } },
    "experiment": { "start": 0, "end": 10 }
  })json",
              "parse", "/experiment/end",
              R"msg(unknown key "end"; valid keys: "start", "stop", "interval", "tolerance")msg");
}

// ---- 3D multibody ---------------------------------------------------------------------------------

TEST_CASE("malformed: a frame that nothing orients (not connected to the World, a Fixed frame or a free body)") {
  check_error(R"json({ "format": "acausal/1", "components": { "world": { "type": "multibody.World" },
      "bar": { "type": "multibody.FixedTranslation", "params": { "r": [1, 0, 0] } } }, "connections": [] })json",
              "build", "/components/bar",
              "bar.frame_a, bar.frame_b are not connected to the World, a Fixed frame or a free body: nothing sets "
              "their orientation");
}

TEST_CASE("malformed: two roots of orientation joined rigidly") {
  check_error(R"json({ "format": "acausal/1", "components": { "world": { "type": "multibody.World" },
      "fixed": { "type": "multibody.Fixed" } }, "connections": [["world.frame_b", "fixed.frame_b"]] })json",
              "build", "/components/fixed",
              "world.frame_b and fixed.frame_b both fix the orientation (World, Fixed) and are joined rigidly: "
              "remove one of them");
}

TEST_CASE("malformed: a frame port connected to a rotational flange") {
  check_error(R"json({ "format": "acausal/1", "components": { "world": { "type": "multibody.World" },
      "inertia": { "type": "rotational.Inertia" } }, "connections": [["world.frame_b", "inertia.flange"]] })json",
              "build", "/connections/0/1", "cannot connect world.frame_b (frame) with inertia.flange (rotational)");
}

TEST_CASE("malformed: an inertia tensor that breaks the triangle inequality") {
  check_error(R"json({ "format": "acausal/1", "components": { "world": { "type": "multibody.World" },
      "body": { "type": "multibody.Body", "params": { "I_11": 1, "I_22": 0.1, "I_33": 0.1 } } },
      "connections": [["world.frame_b", "body.frame_a"]] })json",
              "build", "/components/body/params/I_11",
              "the inertia tensor [I_11 … I_33] is not physical: principal moments 0.100000, 0.100000, 1.000000 "
              "must be ≥ 0 with each at most the sum of the others");
}

TEST_CASE("malformed: a joint with a zero-length axis") {
  check_error(R"json({ "format": "acausal/1", "components": { "world": { "type": "multibody.World" },
      "rev": { "type": "multibody.Revolute", "params": { "n": [0, 0, 0] } } },
      "connections": [["world.frame_b", "rev.frame_a"]] })json",
              "build", "/components/rev/params/n", "n must not be a zero-length axis");
}

TEST_CASE("malformed: a body without a World") {
  check_error(R"json({ "format": "acausal/1", "components": { "body": { "type": "multibody.Body" } } })json", "build",
              "/components/body",
              "multibody.Body body needs a multibody.World in the netlist (it sets gravity and the inertial frame)");
}

TEST_CASE("malformed: a vector initial value of the wrong length") {
  check_error(R"json({ "format": "acausal/1", "components": { "world": { "type": "multibody.World" },
      "body": { "type": "multibody.Body", "initial": { "r_0": [1, 2] } } } })json",
              "build", "/components/body/initial/r_0", "r_0 has 3 elements, got 2");
}

TEST_CASE("malformed: a negative natural length of a Body Spring & Damper") {
  check_error(R"json({ "format": "acausal/1", "components": { "world": { "type": "multibody.World" },
      "spring": { "type": "multibody.BodySpringDamper", "params": { "r0": -1 } } } })json",
              "build", "/components/spring/params/r0", "r0 must not be negative, got -1");
}

TEST_CASE("malformed: a force element's frame left open is not connected, not a structural dump") {
  check_error(R"json({ "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World" },
      "body": { "type": "multibody.Body" },
      "damper": { "type": "multibody.Damper", "params": { "d": 1 } }
    },
    "connections": [["body.frame_a", "damper.frame_a"]] })json",
              "build", "/components/damper",
              "damper.frame_b is not connected: nothing sets its position and orientation (connect it to a body, a "
              "joint, a fixed frame or the World)");
}
