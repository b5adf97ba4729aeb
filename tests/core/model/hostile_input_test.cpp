// Netlists made to break the loader: values nested tens of thousands of levels deep, huge arrays,
// subsystems that multiply into billions of components, subsystem files outside the netlist's
// directory. Each is an error at its place with a bounded message, found quickly, never a crash.
// The inputs are generated here (the deep ones are a few hundred kB).

#include <doctest/doctest.h>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>

#include "core/model/errors.hpp"
#include "core/model/json_checks.hpp"
#include "core/model/netlist.hpp"
#include "core/model/units.hpp"
#include "tests/support/malformed_netlist.hpp"
#include "tests/support/scratch_directory.hpp"

using namespace acausal;
using namespace acausal::testing;
namespace fs = std::filesystem;

namespace {

/// `depth` arrays inside each other around `inner`.
std::string nested(std::size_t depth, const std::string& inner = "1") {
  return std::string(depth, '[') + inner + std::string(depth, ']');
}

/// A netlist of one mass whose parameter `m` is `value` (JSON text).
std::string mass_with(const std::string& value) {
  return R"({ "format": "acausal/1", "components": { "a": { "type": "translational.Mass", "params": { "m": )" + value +
         " } } } }";
}

/// `/0` repeated `n` times.
std::string zeros(std::size_t n) {
  std::string s;
  for (std::size_t i = 0; i < n; ++i) s += "/0";
  return s;
}

const std::string kTooDeep = "arrays and objects nested more than 64 levels deep; a netlist needs only a few levels";

fs::path write(const std::string& name, const std::string& text) {
  const fs::path p = test_support::scratch_directory() / name;
  fs::create_directories(p.parent_path());
  std::ofstream(p) << text;
  return p;
}

/// A netlist in `directory` of the scratch directory with one instance of `file:<written>`.
std::string uses_file(const std::string& written) {
  return R"({ "format": "acausal/1", "components": { "s": { "type": "file:)" + written + R"(" } } })";
}

const char* const kStageFile = R"({ "format": "acausal/1", "components": { "shaft": { "type": "rotational.Inertia" } } })";

}  // namespace

TEST_CASE("a parameter nested 50000 levels deep is an error at the value that opens level 65") {
  // The document is level 1, "components" 2, "a" 3, "params" 4, "m" 5: level 65 is 60 arrays into m.
  check_error(mass_with(nested(50000)), "parse", "/components/a/params/m" + zeros(60), kTooDeep);
  // A string with an escape is not plain JSON: nlohmann's parser reads it, with the same limit.
  check_error(mass_with(nested(50000, "\"\\u0041\"")), "parse", "/components/a/params/m" + zeros(60), kTooDeep);
}

TEST_CASE("64 levels of nesting are read") {
  // Level 64 at the innermost array of m: a value of the wrong type, reported shortened.
  const Outcome o = run_pipeline(mass_with(nested(60)));
  CHECK(o.stage == "build");
  CHECK(o.pointer == "/components/a/params/m");
  CHECK(o.message == "expected a number, a \"<number> <unit>\" string in kg or { \"value\": …, \"fixed\": false }, got " +
                     std::string(60, '[') + "1" + std::string(18, ']') + "…");  // 79 characters and "…"
}

TEST_CASE("deep nesting in an initial priority or a subsystem parameter default is refused when read") {
  check_error(R"({ "format": "acausal/1", "components": { "a": { "type": "translational.Mass",
                   "initial": { "s": { "value": 0, "priority": )" + nested(50000) + " } } } } }",
              "parse", "/components/a/initial/s/priority" + zeros(59), kTooDeep);
  check_error(R"({ "format": "acausal/1", "subsystems": { "st": { "parameters": { "J": { "unit": "kg*m^2",
                   "default": )" + nested(50000) + R"( } }, "components": { "x": { "type": "rotational.Inertia" } } } },
                   "components": { "s": { "type": "st" } } })",
              "parse", "/subsystems/st/parameters/J/default" + zeros(59), kTooDeep);
}

TEST_CASE("deep nesting in a subsystem file is an error at its place in the file") {
  const fs::path file = write("deep/lib.json", R"({ "format": "acausal/1", "components": { "x": { "type": "rotational.Inertia",
    "params": { "J": )" + nested(50000) + " } } } }");
  const fs::path netlist = write("deep/netlist.json", uses_file("lib.json"));
  check_error(uses_file("lib.json"), "parse", "file:" + file.string() + "#/components/x/params/J" + zeros(60), kTooDeep,
              netlist.string());
}

TEST_CASE("a --set value nested 50000 levels deep is an error naming the assignment shortened") {
  Netlist n = parse_netlist(mass_with("1"));
  const std::string assignment = "a.m=" + nested(50000);
  try {
    apply_override(n, assignment);
    FAIL("no error");
  } catch (const ModelError& e) {
    CHECK(std::string(e.what()) == "--set " + assignment.substr(0, 79) + "…: arrays and objects nested more than 64 levels deep");
  }
  apply_override(n, "a.m=" + nested(60));  // 61 levels: read, for build_model to refuse as a value
  CHECK(n.components[0].params["m"].is_array());
}

TEST_CASE("a unit with 40000 nested parentheses is an error at the value") {
  const std::string open(40000, '(');
  const std::string message = "parentheses nested more than 32 deep in '" + open.substr(0, 79) + "…'";
  check_error(mass_with("\"1 " + open + "kg" + std::string(40000, ')') + "\""), "build", "/components/a/params/m", message);
  check_error(R"({ "format": "acausal/1", "subsystems": { "st": { "parameters": { "J": { "unit": ")" + open + R"(" } },
                   "components": { "x": { "type": "rotational.Inertia" } } } }, "components": { "s": { "type": "st" } } })",
              "parse", "/subsystems/st/parameters/J/unit", message);
  // 32 levels are read.
  CHECK(units::to_si("2 " + std::string(32, '(') + "kg" + std::string(32, ')'), "kg") == 2.0);
}

TEST_CASE("a million elements of the wrong type print as 80 characters") {
  std::string zeros_array = "[0";
  for (int i = 1; i < 1000000; ++i) zeros_array += ",0";
  zeros_array += "]";
  std::string start = "[";
  for (int i = 0; i < 39; ++i) start += "0,";
  check_error(mass_with(zeros_array), "build", "/components/a/params/m",
              "expected a number, a \"<number> <unit>\" string in kg or { \"value\": …, \"fixed\": false }, got " +
                  start + "…");
}

TEST_CASE("json_excerpt shortens without recursion and keeps whole UTF-8 characters") {
  nlohmann::json deep = 1;
  for (int i = 0; i < 100000; ++i) {
    nlohmann::json outer = nlohmann::json::array();
    outer.push_back(std::move(deep));  // moved: a copy would recurse
    deep = std::move(outer);
  }
  CHECK(json_checks::json_excerpt(deep) == std::string(79, '[') + "…");
  CHECK(json_checks::json_excerpt(nlohmann::json{{"key", "value"}}) == R"({"key":"value"})");
  CHECK(json_checks::json_excerpt(std::string(200, 'x'), 10) == "\"xxxxxxxx…");
  CHECK(json_checks::json_excerpt("ααααα", 6) == "\"αα…");  // α is 2 bytes: never cut in half
  json_checks::release_json(deep);
  CHECK(deep.is_null());
  nlohmann::json mixed = nlohmann::json::parse(R"({"a": [1, [2, {"b": [], "c": "x"}], {}], "d": {"e": [[[3]]]}, "f": 4})");
  json_checks::release_json(mixed);
  CHECK(mixed.is_null());
}

TEST_CASE("nine levels of ten subsystem instances are refused before they are expanded") {
  // L0 holds ten inertias, L<k> ten instances of L<k-1>; the netlist one L8 and one inertia: 10⁹ + 1.
  std::string subsystems;
  for (int level = 0; level <= 8; ++level) {
    std::string components;
    for (int i = 0; i < 10; ++i)
      components += std::string(i ? ", " : "") + "\"a" + std::to_string(i) + "\": { \"type\": \"" +
                    (level == 0 ? std::string("rotational.Inertia") : "L" + std::to_string(level - 1)) + "\" }";
    subsystems += std::string(level ? ", " : "") + "\"L" + std::to_string(level) + "\": { \"components\": { " + components + " } }";
  }
  check_error(R"({ "format": "acausal/1", "subsystems": { )" + subsystems + R"( },
                   "components": { "big": { "type": "L8" }, "x": { "type": "rotational.Inertia" } } })",
              "parse", "/components/big/type",
              "the netlist has more than 10000000 components once its subsystem instances are expanded; a netlist may "
              "have at most 10000000. Most come from big (subsystem L8: more than 10000000 components) → big.a0 "
              "(subsystem L7: more than 10000000 components) → big.a0.a0 (subsystem L6: 10000000 components) → "
              "big.a0.a0.a0 (subsystem L5: 1000000 components) → big.a0.a0.a0.a0 (subsystem L4: 100000 components) → "
              "big.a0.a0.a0.a0.a0 (subsystem L3: 10000 components) → big.a0.a0.a0.a0.a0.a0 (subsystem L2: 1000 "
              "components) → big.a0.a0.a0.a0.a0.a0.a0 (subsystem L1: 100 components)");
}

TEST_CASE("subsystem instances nested 101 deep are refused") {
  std::string subsystems = R"("L0": { "components": { "x": { "type": "rotational.Inertia" } } })";
  for (int level = 1; level <= 100; ++level)
    subsystems += ", \"L" + std::to_string(level) + "\": { \"components\": { \"x\": { \"type\": \"L" +
                  std::to_string(level - 1) + "\" } } }";
  check_error(R"({ "format": "acausal/1", "subsystems": { )" + subsystems + R"( },
                   "components": { "s": { "type": "L100" } } })",
              "parse", "/components/s/type", "subsystem instances nested more than 100 deep in s (subsystem L100)");
  // 100 levels (L99 holds 99 levels of instances, the netlist's instance one more) are expanded.
  CHECK(run_pipeline(R"({ "format": "acausal/1", "subsystems": { )" + subsystems + R"( },
                          "components": { "s": { "type": "L99" } } })")
            .stage != "parse");
}

TEST_CASE("a subsystem file outside the netlist's directory is refused unless a subsystem path holds it") {
  const fs::path root = test_support::scratch_directory() / "confined";
  write("confined/project/netlist.json", "");
  write("confined/project/sub/stage.json", kStageFile);
  write("confined/lib/stage.json", kStageFile);
  const std::string source = (root / "project/netlist.json").string();
  const std::string project = fs::canonical(root / "project").string();
  const std::string lib = fs::canonical(root / "lib").string();

  CHECK_NOTHROW(parse_netlist(uses_file("sub/stage.json"), source));
  check_error(uses_file("../lib/stage.json"), "parse", "/components/s/type",
              "cannot read subsystem file \"../lib/stage.json\" (looked for " + (root / "lib/stage.json").string() +
                  "): it is " + lib + "/stage.json, outside the directories subsystem files may be in (" + project +
                  "); a netlist may name only files in its own directory or below, or in a directory given with "
                  "--subsystem-path",
              source);
  CHECK(parse_netlist(uses_file("../lib/stage.json"), source, {(root / "lib").string()}).subsystems.size() == 1);

  // A link inside the tree to a file outside it: the file's real path counts.
  fs::create_symlink(root / "lib/stage.json", root / "project/link.json");
  check_error(uses_file("link.json"), "parse", "/components/s/type",
              "cannot read subsystem file \"link.json\" (looked for " + (root / "project/link.json").string() +
                  "): it is " + lib + "/stage.json, outside the directories subsystem files may be in (" + project +
                  "); a netlist may name only files in its own directory or below, or in a directory given with "
                  "--subsystem-path",
              source);
  // An absolute path to a file anywhere, /etc/passwd: refused before it is opened.
  const Outcome passwd = run_pipeline(uses_file("/etc/passwd"), source);
  CHECK(passwd.pointer == "/components/s/type");
  CHECK(passwd.message.find("cannot read subsystem file \"/etc/passwd\" (looked for /etc/passwd): it is /etc/passwd, "
                            "outside the directories") == 0);
  // A directory named like the tree but beside it is outside it.
  write("confined/project_other/stage.json", kStageFile);
  CHECK(run_pipeline(uses_file("../project_other/stage.json"), source).message.find("outside the directories") !=
        std::string::npos);
}

TEST_CASE("a subsystem file must be a regular file of at most 1 GiB and its text is never quoted") {
  const fs::path root = test_support::scratch_directory() / "kinds";
  const std::string source = (root / "netlist.json").string();
  write("kinds/netlist.json", "");
  REQUIRE(::mkfifo((root / "fifo.json").c_str(), 0600) == 0);
  check_error(uses_file("fifo.json"), "parse", "/components/s/type",
              "cannot read subsystem file \"fifo.json\" (looked for " + (root / "fifo.json").string() +
                  "): not a regular file (a device, a pipe or a socket)",
              source);
  // A sparse file one byte over the limit: refused by its size, unread.
  fs::resize_file(write("kinds/huge.json", ""), kMaxFileBytes + 1);
  check_error(uses_file("huge.json"), "parse", "/components/s/type",
              "cannot read subsystem file \"huge.json\" (looked for " + (root / "huge.json").string() +
                  "): 1073741825 bytes, more than the 1 GiB (1073741824 bytes) a netlist or subsystem file may have",
              source);
  // A file that is not JSON, such as a password file: where, and what was expected, without its text.
  const fs::path secret = write("kinds/secret.json", "root:$6$secret:19000:0:99999:7:::\n");
  check_error(uses_file("secret.json"), "parse", "",
              secret.string() + ": JSON syntax error at line 1, column 1: error while parsing value - invalid literal",
              source);
}

TEST_CASE("a netlist file must be a regular file or a pipe") {
  const fs::path root = test_support::scratch_directory();
  try {
    load_netlist("/dev/zero");
    FAIL("no error");
  } catch (const FileError& e) {
    CHECK(std::string(e.what()) == "cannot read netlist file /dev/zero: not a regular file or a pipe (a device or a socket)");
  }
  // A FIFO without a writer reads as empty: a syntax error, not a wait for a writer.
  fs::remove(root / "netlist_fifo");
  REQUIRE(::mkfifo((root / "netlist_fifo").c_str(), 0600) == 0);
  CHECK_THROWS_AS(load_netlist((root / "netlist_fifo").string()), ModelError);
  try {
    load_netlist((root / "none.json").string());
    FAIL("no error");
  } catch (const FileError& e) {
    CHECK(std::string(e.what()) == "cannot read netlist file " + (root / "none.json").string() + ": No such file or directory");
  }
}

TEST_CASE("a free body without inertia is refused at I_11, a body on a joint may have none") {
  const std::string free_body = R"({ "format": "acausal/1", "components": {
    "world": { "type": "multibody.World" },
    "body": { "type": "multibody.Body", "params": { "I_11": 0, "I_22": 0, "I_33": 0 } } } })";
  check_error(free_body, "build", "/components/body/params/I_11",
              "nothing orients frame_a (the body is free, or on joints that leave it free to turn, such as "
              "multibody.Spherical): it needs inertia about every axis, but its inertia tensor about frame_a "
              "(I_11 … I_33 about the center of mass, moved to frame_a by r_CM) has principal moments 0.000000, "
              "0.000000, 0.000000 kg·m²: give I_11, I_22 and I_33 positive values, or connect the body through a "
              "joint that orients it");
  // Its center of mass off frame_a, the body has inertia about frame_a about two axes, not about r_CM.
  std::string offset = free_body;
  offset.replace(offset.find("\"I_11\""), 0, R"("r_CM": [1, 0, 0], )");
  CHECK(run_pipeline(offset).message.find("has principal moments 0.000000, 1.000000, 1.000000 kg·m²") != std::string::npos);
  // A pendulum on a revolute joint: no inertia of its own about its center of mass is fine.
  const Outcome pendulum = run_pipeline(R"({ "format": "acausal/1", "components": {
    "world": { "type": "multibody.World" },
    "joint": { "type": "multibody.Revolute", "initial": { "phi": 0.1 } },
    "body": { "type": "multibody.Body", "params": { "r_CM": [1, 0, 0], "I_11": 0, "I_22": 0, "I_33": 0 } } },
    "connections": [["world.frame_b", "joint.frame_a"], ["joint.frame_b", "body.frame_a"]] })");
  CHECK(pendulum.stage == "none");
  // On a spherical joint the body turns freely about frame_a: a point mass has no inertia about its arm.
  const Outcome spherical = run_pipeline(R"({ "format": "acausal/1", "components": {
    "world": { "type": "multibody.World" },
    "joint": { "type": "multibody.Spherical" },
    "body": { "type": "multibody.Body", "params": { "r_CM": [0.5, 0, 0], "I_11": 0, "I_22": 0, "I_33": 0 } } },
    "connections": [["world.frame_b", "joint.frame_a"], ["joint.frame_b", "body.frame_a"]] })");
  CHECK(spherical.stage == "build");
  CHECK(spherical.message.find("nothing orients frame_a (the body is free, or on joints "
                               "that leave it free to turn, such as multibody.Spherical)") != std::string::npos);
  CHECK(spherical.message.find("has principal moments 0.000000, 0.250000, 0.250000 kg·m²") != std::string::npos);
}

TEST_CASE("an axis of huge components is the same axis, not an overflow") {
  // |[1e308, 1e308, 0]| overflows a double: scaled first, it is the axis [1, 1, 0]/√2.
  const Outcome huge = run_pipeline(R"({ "format": "acausal/1", "components": {
    "world": { "type": "multibody.World" },
    "joint": { "type": "multibody.Revolute", "params": { "n": [1e308, 1e308, 0] }, "initial": { "phi": 0.1 } },
    "body": { "type": "multibody.Body", "params": { "r_CM": [0, 0, 1] } } },
    "connections": [["world.frame_b", "joint.frame_a"], ["joint.frame_b", "body.frame_a"]] })");
  CHECK(huge.stage == "none");
  CHECK(huge.message.empty());
}

TEST_CASE("an unknown type close to none suggests loading its component library") {
  check_error(R"({ "format": "acausal/1", "components": { "drag": { "type": "maglev.QuadraticDrag" } } })", "build",
              "/components/drag/type",
              "unknown component type \"maglev.QuadraticDrag\"; `acausal components` lists the known types, and a "
              "type from a component library needs the library loaded (--library FILE.so, or ACAUSAL_LIBRARIES)");
  check_error(R"({ "format": "acausal/1", "components": { "s": { "type": "translational.Sprign" } } })", "build",
              "/components/s/type",
              "unknown component type \"translational.Sprign\" (did you mean translational.Spring?)");
}

TEST_CASE("a type name of 300000 characters is an unknown type with the name shortened") {
  const Outcome o = run_pipeline(R"({ "format": "acausal/1", "components": { "a": { "type": ")" +
                                 std::string(300000, 'x') + R"(" } } })");
  CHECK(o.stage == "build");
  CHECK(o.pointer == "/components/a/type");
  CHECK(o.message.starts_with("unknown component type \"xxxx"));
  CHECK(o.message.size() < 400);
}

TEST_CASE("a connection end or a format of a million characters is quoted shortened") {
  const std::string huge(1000000, 'x');
  const std::string shown = std::string(79, 'x') + "…";
  check_error(R"({ "format": ")" + huge + R"(", "components": {} })", "parse", "/format",
              "unsupported format \"" + shown + "\"; this version reads \"acausal/1\"");
  check_error(R"({ "format": "acausal/1", "components": { "a": { "type": "translational.Mass" } },
                   "connections": [["a.flange", ")" + huge + R"("]] })",
              "parse", "/connections/0/1", "\"" + shown + "\" is not of the form \"instance.port\"");
  check_error(R"({ "format": "acausal/1", "components": { "a": { "type": "translational.Mass" } },
                   "connections": [["a.flange", ")" + huge + R"(.port"]] })",
              "build", "/connections/0/1",
              "no component named \"" + std::string(79, 'x') + "…\" (components: a)");
}

TEST_CASE("an engine with a crank journal connected twice is refused without blaming balanced bodies") {
  // Found by the fuzzer: the loops of this model cannot close, and their assembly used to factor a
  // dense matrix fifty times; a body whose orientation the graph did not root was called short of
  // 9 equations.
  std::ifstream in(ACAUSAL_SOURCE_DIR "/tests/fuzz/regressions/model/inline_four_wrong_journal.json");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  REQUIRE(!text.empty());
  const Outcome o = run_pipeline(text);
  CHECK(o.stage == "analyze");
  CHECK(o.message.starts_with("the model is structurally singular\nunder-determined: "));
  CHECK(o.message.find("short of") == std::string::npos);
}

TEST_CASE("a subsystem parameter reference of 100000 characters is quoted shortened") {
  const std::string name(100000, 'x');
  const Outcome o = run_pipeline(R"({ "format": "acausal/1",
    "subsystems": { "box": { "parameters": { "d": { "unit": "N*m*s/rad", "default": 1 } },
      "components": { "damper": { "type": "rotational.Damper", "params": { "d": { "param": ")" + name + R"(" } } } },
      "ports": { "a": "damper.R", "b": "damper.C" } } },
    "components": { "b1": { "type": "box" } } })");
  CHECK(o.stage != "none");
  CHECK(o.message.size() < 400);
  CHECK(o.message.starts_with("no parameter \"xxxx"));
  CHECK(o.message.find("\" in subsystem box; its parameters: d") != std::string::npos);
}
