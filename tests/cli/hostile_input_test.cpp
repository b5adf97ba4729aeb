// `acausal` on inputs made to break it: what a fuzzer found crashing (a segmentation fault, an
// abort, an unbounded read) or misreported (exit 4 for a full disk). Each is a message and exit 1.

#include <doctest/doctest.h>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support/cli_run.hpp"

using namespace cli_run;

namespace {

const char* const kMass = R"({ "format": "acausal/1", "components": { "a": { "type": "translational.Mass" } },
  "experiment": { "stop": 0.1, "interval": 0.05 } })";

/// Two masses joined by a rigid rod, both given a speed: the initialization finds them
/// over-specified, after the result file is opened.
const char* const kOverSpecified = R"({
  "format": "acausal/1",
  "components": {
    "m1": { "type": "translational.Mass", "initial": { "s": 0, "v": 0 } },
    "rod": { "type": "translational.Rod", "params": { "L": 1 } },
    "m2": { "type": "translational.Mass", "initial": { "v": 1 } }
  },
  "connections": [["m1.flange", "rod.R"], ["rod.C", "m2.flange"]]
})";

std::string zeros(std::size_t n) {
  std::string s;
  for (std::size_t i = 0; i < n; ++i) s += "/0";
  return s;
}

}  // namespace

TEST_CASE("a netlist nested 50000 levels deep is exit 1 with the place, not a crash") {
  netlist("deep.json", R"({ "format": "acausal/1", "components": { "a": { "type": "translational.Mass", "params": { "m": )" +
                           std::string(50000, '[') + std::string(50000, ']') + " } } } }");
  Run r = acausal("check deep.json");
  CHECK(r.code == 1);
  CHECK(r.err == "error: deep.json: /components/a/params/m" + zeros(60) +
                     ": arrays and objects nested more than 64 levels deep; a netlist needs only a few levels\n");
}

TEST_CASE("a --set value nested 50000 levels deep or with 40000 nested parentheses is exit 1") {
  netlist("mass.json", kMass);
  Run deep = acausal("check mass.json --set 'a.m=" + std::string(50000, '[') + "'");
  CHECK(deep.code == 1);
  CHECK(deep.err == "error: mass.json: --set a.m=" + std::string(75, '[') +
                        "…: arrays and objects nested more than 64 levels deep\n");
  Run unit = acausal("check mass.json --set 'a.m=1 " + std::string(40000, '(') + "'");
  CHECK(unit.code == 1);
  CHECK(unit.err == "error: mass.json: /components/a/params/m: parentheses nested more than 32 deep in '" +
                        std::string(79, '(') + "…'\n");
}

TEST_CASE("a device is not read as a netlist and a pipe is read to its end") {
  Run zero = acausal("check /dev/zero");
  CHECK(zero.code == 1);
  CHECK(zero.err == "error: cannot read netlist file /dev/zero: not a regular file or a pipe (a device or a socket)\n");
  Run device = acausal("check /dev/stdin < /dev/zero");
  CHECK(device.code == 1);
  CHECK(device.err ==
        "error: cannot read netlist file /dev/stdin: not a regular file or a pipe (a device or a socket)\n");
  netlist("mass.json", kMass);
  Run piped = acausal("check /dev/stdin", "cat mass.json |");
  CHECK(piped.code == 0);
  CHECK(contains(piped.out, "balanced: yes"));
  // A FIFO nobody writes to is an empty netlist, not a wait.
  fs::remove(scratch() / "fifo.json");
  REQUIRE(::mkfifo((scratch() / "fifo.json").c_str(), 0600) == 0);
  Run fifo = acausal("check fifo.json");
  CHECK(fifo.code == 1);
  CHECK(contains(fifo.err, "fifo.json"));
}

TEST_CASE("a netlist too large for the memory limit is exit 1 saying so, not an abort") {
#if defined(__SANITIZE_ADDRESS__)
  // AddressSanitizer reserves terabytes of address space: the program cannot start under a limit.
  return;
#endif
  // A parameter array of 10⁷ numbers (20 MB of text, more than 160 MB as JSON values) under a
  // 150 MB limit of address space. The values were freed by nlohmann's destructor, which allocates
  // and threw std::bad_alloc again while the first unwound the stack: the program aborted (134).
  std::string text = R"({ "format": "acausal/1", "components": { "a": { "type": "translational.Mass", "params": { "m": [0)";
  text.reserve(text.size() + 20000000 + 16);
  for (int i = 1; i < 10000000; ++i) text += ",0";
  text += "] } } } }";
  netlist("big.json", text);
  Run r = acausal("check big.json", "ulimit -v 150000 &&");
  CHECK(r.code == 1);
  CHECK(r.err == "error: big.json: not enough memory to read the netlist (20.0001 MB of JSON)\n");
}

TEST_CASE("a full disk is exit 1 naming the file and the reason") {
  netlist("mass.json", kMass);
  Run full = acausal("simulate mass.json -o /dev/full");
  CHECK(full.code == 1);
  CHECK(full.err == "error: writing results to /dev/full failed: No space left on device\n");
  Run nowhere = acausal("simulate mass.json -o no/such/dir/out.csv");
  CHECK(nowhere.code == 1);
  CHECK(nowhere.err == "error: cannot write results to no/such/dir/out.csv: No such file or directory\n");
  Run linearized = acausal("linearize mass.json -o /dev/full");
  CHECK(linearized.code == 1);
  CHECK(linearized.err == "error: cannot write /dev/full: No space left on device\n");
}

TEST_CASE("a model error at the initialization leaves no file and an earlier MAT result as it was") {
  netlist("over.json", kOverSpecified);
  for (const char* name : {"fresh.csv", "fresh.mat"}) {
    Run r = acausal(std::string("simulate over.json -o ") + name);
    CHECK(r.code == 1);
    CHECK(contains(r.err, "initial values over-specify the model"));
    CHECK(!fs::exists(scratch() / name));  // not even an empty one
    CHECK(!fs::exists(scratch() / (std::string(name) + ".partial")));
  }
  {
    std::ofstream earlier(scratch() / "kept.mat");
    earlier << "an earlier result";
  }
  Run r = acausal("simulate over.json -o kept.mat");
  CHECK(r.code == 1);
  CHECK(read(scratch() / "kept.mat") == "an earlier result");
  CHECK(!fs::exists(scratch() / "kept.mat.partial"));
}

TEST_CASE("--subsystem-path allows subsystem files outside the netlist's directory") {
  fs::create_directories(scratch() / "project");
  fs::create_directories(scratch() / "library");
  netlist("library/stage.json",
          R"({ "format": "acausal/1", "components": { "shaft": { "type": "rotational.Inertia" } } })");
  netlist("project/drive.json",
          R"({ "format": "acausal/1", "components": { "s": { "type": "file:../library/stage.json" } } })");
  const std::string project = fs::canonical(scratch() / "project").string();
  const std::string library = fs::canonical(scratch() / "library").string();
  Run refused = acausal("check project/drive.json");
  CHECK(refused.code == 1);
  CHECK(refused.err == "error: project/drive.json: /components/s/type: cannot read subsystem file "
                       "\"../library/stage.json\" (looked for library/stage.json): it is " +
                           library + "/stage.json, outside the directories subsystem files may be in (" + project +
                           "); a netlist may name only files in its own directory or below, or in a directory given "
                           "with --subsystem-path\n");
  Run allowed = acausal("check project/drive.json --subsystem-path library");
  CHECK(allowed.code == 0);
  Run missing = acausal("check project/drive.json --subsystem-path no_such_dir");
  CHECK(missing.code == 2);
}

TEST_CASE("a message keeps the netlist's name in front when the name occurs inside it") {
  // The file is named "a", as the component whose type is unknown.
  netlist("a", R"({ "format": "acausal/1", "components": { "a": { "type": "nope" } } })");
  Run r = acausal("check a");
  CHECK(r.code == 1);
  CHECK(r.err.rfind("error: a: /components/a/type: unknown component type \"nope\"", 0) == 0);
}
