// The `acausal` executable, run as a user would: exit codes, messages and files.

#include <doctest/doctest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/cli_run.hpp"

namespace fs = std::filesystem;
using namespace cli_run;

namespace {

const std::string kOscillator = ACAUSAL_SOURCE_DIR "/netlists/oscillator.json";

const char* const kTypo = R"({
  "format": "acausal/1", "name": "typo",
  "components": {
    "ground": { "type": "translational.Fixed" },
    "mass": { "type": "translational.Mass", "initial": { "s": 0.1, "v": 0 } },
    "spring": { "type": "translational.Sprign", "params": { "c": 100 } }
  },
  "connections": [["mass.flange", "spring.R"], ["spring.C", "ground.flange"]]
})";

}  // namespace

TEST_CASE("the executable exists") {
  INFO("build the `acausal` target first: " << kAcausal);
  REQUIRE(fs::exists(kAcausal));
}

TEST_CASE("simulate writes <netlist>.csv with the outputs and the initial values in the first row") {
  fs::remove(scratch() / "oscillator.csv");
  Run r = acausal("simulate '" + kOscillator + "'");
  CHECK(r.code == 0);
  CHECK(r.err == "");
  CHECK(contains(r.out, "wrote 630 rows to oscillator.csv (t = 0 to 6.28319 s)"));
  Csv csv = read_csv(scratch() / "oscillator.csv");
  CHECK(csv.header == "time,mass.s,mass.v,spring.f");
  REQUIRE(csv.rows.size() == 630);
  REQUIRE(csv.rows[0].size() == 4);
  CHECK(csv.rows[0][0] == 0.0);
  CHECK(csv.rows[0][1] == doctest::Approx(0.1));
  CHECK(csv.rows[0][2] == doctest::Approx(0.0));
  CHECK(csv.rows[0][3] == doctest::Approx(10.0));  // c·s = 100·0.1
  CHECK(csv.rows.back()[0] == doctest::Approx(2 * M_PI));
}

TEST_CASE("--stop and --interval set the output grid, -o names the file") {
  Run r = acausal("simulate '" + kOscillator + "' --stop 1 --interval 0.25 -o grid.csv");
  CHECK(r.code == 0);
  CHECK(contains(r.out, "wrote 5 rows to grid.csv (t = 0 to 1 s)"));
  Csv csv = read_csv(scratch() / "grid.csv");
  REQUIRE(csv.rows.size() == 5);
  for (std::size_t k = 0; k < 5; ++k) CHECK(csv.rows[k][0] == doctest::Approx(0.25 * static_cast<double>(k)));
  CHECK(csv.rows[4][1] == doctest::Approx(0.1 * std::cos(10.0)).epsilon(1e-5));
}

TEST_CASE("--set overrides a parameter: c = 400 N/m doubles the frequency") {
  // s(t) = 0.1·cos(20 t): zero at t = π/40 and −0.1 at π/20 (with c = 100: 0.0707 and 0).
  const double dt = M_PI / 40;
  Run r = acausal("simulate '" + kOscillator + "' --set spring.c=400 --stop " + std::to_string(2 * dt) +
                  " --interval " + std::to_string(dt) + " -o stiff.csv");
  CHECK(r.code == 0);
  Csv csv = read_csv(scratch() / "stiff.csv");
  REQUIRE(csv.rows.size() == 3);
  CHECK(csv.rows[0][3] == doctest::Approx(40.0));  // spring.f = 400·0.1
  CHECK(std::fabs(csv.rows[1][1]) < 1e-5);
  CHECK(csv.rows[2][1] == doctest::Approx(-0.1).epsilon(1e-4));

  Run unit = acausal("simulate '" + kOscillator + "' --set 'spring.c=0.4 N/mm' --stop 0.1 -o unit.csv");
  CHECK(unit.code == 0);
  CHECK(read_csv(scratch() / "unit.csv").rows[0][3] == doctest::Approx(40.0));
}

TEST_CASE("--energy prints the per-component table and the global balance") {
  Run r = acausal("simulate '" + kOscillator + "' --energy -o energy.csv");
  CHECK(r.code == 0);
  CHECK(contains(r.out, "energy [J] from t = 0 to 6.28319 s:"));
  CHECK(contains(r.out, "stored(t0)"));
  CHECK(contains(r.out, "balance [J] (relative)\n"));  // each component's own, at every step
  CHECK_FALSE(contains(r.out, "worst audit [W]"));
  CHECK(contains(r.out, "\n  mass "));
  CHECK(contains(r.out, "\n  spring     0.5 "));
  CHECK(contains(r.out, "balance E_stored + W_loss - W_in - E_stored(t0):"));
  CHECK(contains(r.out, "energy scale             0.5 J"));
  CHECK(contains(r.out, "relative (worst/scale)"));
}

TEST_CASE("--audit adds every component's power audit to the energy table") {
  Run r = acausal("simulate '" + kOscillator + "' --audit -o energy.csv");
  CHECK(r.code == 0);
  CHECK(contains(r.out, "balance [J] (relative)    worst audit [W] (relative)\n"));
  CHECK(contains(r.out, "balance E_stored + W_loss - W_in - E_stored(t0):"));
}

TEST_CASE("--stats prints the statistics and timing blocks in their fixed order") {
  Run r = acausal("simulate '" + kOscillator + "' --stats --stop 0.5 -o stats.csv");
  CHECK(r.code == 0);
  const std::vector<std::string> names = {
      "statistics:", "  unknowns                 2", "  differential             2", "  equations                2",
      "  event indicators         0", "  steps  ", "  residual evaluations  ", "  jacobian evaluations  ",
      "  newton iterations  ", "  newton failures  ", "  error test failures  ", "  events                   0",
      "timing [s]:", "  load  ", "  assemble  ", "  analyze  ", "  compile  ", "  initialize  ", "  integrate  ",
      "  total  ", "memory [MB]:", "  resident after load  ", "  after assemble  ", "  after analyze  ",
      "  after compile  ", "  at the end  ", "  peak  "};
  std::size_t at = 0;
  std::vector<double> megabytes;  // the memory block's values (its last six lines), in order
  for (std::size_t k = 0; k < names.size(); ++k) {
    INFO(names[k]);
    const std::size_t found = r.out.find(names[k], at);
    REQUIRE(found != std::string::npos);
    at = found + names[k].size();
    if (names.size() - k <= 6) megabytes.push_back(std::stod(r.out.substr(at)));
  }
  // Resident memory is positive and never above the peak.
  REQUIRE(megabytes.size() == 6);
  for (std::size_t k = 0; k < 5; ++k) {
    CHECK(megabytes[k] > 0.0);
    CHECK(megabytes[k] <= megabytes[5]);
  }
}

TEST_CASE("a grid too fine, a stop too far or an infinite one is an error saying what is allowed") {
  Run fine = acausal("simulate '" + kOscillator + "' --interval 1e-20 -o fine.csv");
  CHECK(fine.code == 2);
  CHECK(contains(fine.err, "an output interval of 1e-20 s from 0 to 6.28319 s makes more than 1e+08 rows: choose an "
                           "interval of at least 6.28319e-08 s"));
  CHECK(!fs::exists(scratch() / "fine.csv"));
  Run infinite = acausal("simulate '" + kOscillator + "' --stop inf -o inf.csv");
  CHECK(infinite.code == 2);
  CHECK(contains(infinite.err, "the start, stop and interval must be finite numbers of seconds"));
  // In the netlist: a run of 1e308 s from just before 0 (it stepped forever toward its first row).
  Run far = acausal("simulate '" + netlist("far.json", R"({ "format": "acausal/1",
    "components": { "m": { "type": "translational.Mass" } },
    "experiment": { "start": -1e-300, "stop": 1e308 } })") + "'");
  CHECK(far.code == 1);
  CHECK(contains(far.err, "/experiment/stop: a run from -1e-300 to 1e+308 s is longer than 1e+12 s (about 31 700 "
                          "years): choose a stop time closer to the start"));
  Run tiny = acausal("simulate '" + netlist("tiny.json", R"({ "format": "acausal/1",
    "components": { "m": { "type": "translational.Mass" } },
    "experiment": { "stop": 1, "interval": 1e-300 } })") + "'");
  CHECK(tiny.code == 1);
  CHECK(contains(tiny.err, "/experiment/interval: an output interval of 1e-300 s from 0 to 1 s makes more than 1e+08 "
                           "rows: choose an interval of at least 1e-08 s"));
}

TEST_CASE("a run that fails before its first row leaves an earlier result as it was, and no partial file") {
  // Two masses joined by a rigid rod, both given a speed: the initialization finds them
  // over-specified, after the result file would have been opened.
  const std::string file = netlist("over.json", R"({
    "format": "acausal/1",
    "components": {
      "m1": { "type": "translational.Mass", "initial": { "s": 0, "v": 0 } },
      "rod": { "type": "translational.Rod", "params": { "L": 1 } },
      "m2": { "type": "translational.Mass", "initial": { "v": 1 } }
    },
    "connections": [["m1.flange", "rod.R"], ["rod.C", "m2.flange"]]
  })");
  {
    std::ofstream earlier(scratch() / "kept.csv");
    earlier << "time,m1.s\n0,42\n";
  }
  Run r = acausal("simulate '" + file + "' -o kept.csv");
  CHECK(r.code == 1);
  CHECK(contains(r.err, "initial values over-specify the model"));
  CHECK(read(scratch() / "kept.csv") == "time,m1.s\n0,42\n");
  CHECK(!fs::exists(scratch() / "kept.csv.partial"));
  // A run that succeeds replaces it.
  std::string consistent = read(file);
  consistent.replace(consistent.find("\"v\": 1"), 6, "\"s\": -1");  // m1.s − m2.s = L
  Run ok = acausal("simulate '" + netlist("consistent.json", consistent) + "' -o kept.csv");
  CHECK(ok.code == 0);
  CHECK(read(scratch() / "kept.csv").rfind("time,", 0) == 0);
  CHECK(read(scratch() / "kept.csv") != "time,m1.s\n0,42\n");
  CHECK(!fs::exists(scratch() / "kept.csv.partial"));
}

TEST_CASE("exit code 1: a model error names the file, the location and close matches") {
  Run r = acausal("simulate '" + netlist("typo.json", kTypo) + "'");
  CHECK(r.code == 1);
  CHECK(contains(r.err, "error: "));
  CHECK(contains(r.err, "typo.json: /components/spring"));
  CHECK(contains(r.err, "unknown component type \"translational.Sprign\""));
  CHECK(contains(r.err, "translational.Spring"));
  CHECK(!fs::exists(scratch() / "typo.csv"));

  Run missing = acausal("check no_such_file.json");
  CHECK(missing.code == 1);
  CHECK(contains(missing.err, "error: cannot read netlist file no_such_file.json"));

  Run directory = acausal("check '" + scratch().string() + "'");
  CHECK(directory.code == 1);
  CHECK(contains(directory.err, "cannot read netlist file " + scratch().string() + ": a directory"));

  // /dev/stdin redirected from a file is a regular file: read as any netlist (a pipe is refused).
  Run piped = acausal("check /dev/stdin < '" + kOscillator + "'");
  CHECK(piped.code == 0);
  CHECK(contains(piped.out, "balanced: yes"));

  Run syntax = acausal("check '" + netlist("syntax.json", "{\"format\": ") + "'");
  CHECK(syntax.code == 1);
  CHECK(contains(syntax.err, "line 1"));

  Run parameter = acausal("simulate '" + kOscillator + "' --set spring.k=3");
  CHECK(parameter.code == 1);
  CHECK(contains(parameter.err, "/components/spring/params/k"));
}

namespace {

/// A disk on the three seed components, grounded; `spring`, `damper` and `brake` are the "params"
/// objects of the instances of the same names.
std::string seed_netlist(const std::string& spring, const std::string& damper, const std::string& brake) {
  return R"({
  "format": "acausal/1", "name": "seed",
  "components": {
    "ground": { "type": "rotational.Fixed" },
    "disk": { "type": "rotational.Inertia", "params": { "J": "0.1 kg*m^2" }, "initial": { "w": "100 rpm" } },
    "spring": { "type": "rotational.NonlinearSpring", "params": )" +
         spring + R"( },
    "damper": { "type": "rotational.NonlinearDamper", "params": )" +
         damper + R"( },
    "brake": { "type": "rotational.VariableDamper", "params": )" +
         brake + R"( },
    "command": { "type": "signal.Step", "params": { "height": 2, "start_time": 0.5 } }
  },
  "connections": [["disk.flange", "spring.R", "damper.R", "brake.R"],
                  ["spring.C", "damper.C", "brake.C", "ground.flange"],
                  ["command.y", "brake.B"]],
  "experiment": { "stop": 1 }
})";
}

}  // namespace

TEST_CASE("exit code 1: a malformed parameter of a seed component names the instance and the parameter") {
  const std::string spring = R"({ "parameterization": "two_sided", "k_tension": [1000, 0, 0, 0, 0] })";
  const std::string damper = R"({ "parameterization": "table", "table": { "w": [-10, 10], "torque": [-5, 5] } })";
  const std::string brake = R"({ "b_min": "0.1 N*m*s/rad" })";
  // The valid netlist simulates and writes its results ...
  Run ok = acausal("simulate '" + netlist("seed_ok.json", seed_netlist(spring, damper, brake)) + "'");
  CHECK(ok.code == 0);
  CHECK(fs::exists(scratch() / "seed_ok.csv"));

  // ... each of these defects stops it with exit code 1, the pointer of the parameter, and no file.
  struct Defect {
    std::string spring, damper, brake, pointer, message;
  };
  const std::vector<Defect> defects = {
      {R"({ "k": [1000, 0, 50, 0] })", damper, brake, "/components/spring/params/k",
       "k must have 5 coefficients (k1..k5), got 4"},
      {spring, R"({ "parameterization": "two_sided", "b_negative": [10, 1] })", brake,
       "/components/damper/params/b_negative", "b_negative must have 5 coefficients"},
      {R"({ "parameterization": "polynomial" })", damper, brake, "/components/spring/params/parameterization",
       R"(parameterization must be one of "symmetric", "two_sided", "table", got "polynomial")"},
      {spring, R"({ "parameterization": "table", "table": { "w": [1], "torque": [5] } })", brake,
       "/components/damper/params/table", "table damper.table: needs at least two points"},
      {spring, R"({ "parameterization": "table", "table": { "w": [-1, 0, 1], "torque": [-5, 5] } })", brake,
       "/components/damper/params/table", "differ in length (3 and 2)"},
      {spring, R"({ "parameterization": "table", "table": { "w": [-1, "inf rad/s"], "torque": [-5, 5] } })", brake,
       "/components/damper/params/table/w/1", "not a finite number"},
      {spring, R"({ "parameterization": "table", "table": { "w": [1, -1], "torque": [-5, 5] } })", brake,
       "/components/damper/params/table", "breakpoints must be strictly increasing"},
      {spring, damper, R"({ "b_min": -0.1 })", "/components/brake/params/b_min",
       "b_min must not be negative, got -0.1"},
      {spring,
       R"({ "parameterization": "table", "table": { "w": [-1, 1], "torque": [-5, 5] }, "interpolation": "spline" })",
       brake, "/components/damper/params/interpolation", R"(interpolation must be one of "linear", "smooth")"},
      {spring,
       R"({ "parameterization": "table", "table": { "w": [-1, 1], "torque": [-5, 5] }, "extrapolation": "hold" })",
       brake, "/components/damper/params/extrapolation", R"(extrapolation must be one of "linear", "nearest")"},
      {R"({ "k": [1000, 0, 0, 0, 0], "k_compression": [500, 0, 0, 0, 0] })", damper, brake,
       "/components/spring/params/k_compression", R"(belongs to parameterization "two_sided")"},
      {R"({ "parameterization": "table" })", damper, brake, "/components/spring/params/table",
       R"(parameterization "table" needs a table)"},
  };
  for (std::size_t i = 0; i < defects.size(); ++i) {
    const Defect& d = defects[i];
    const std::string name = "seed_bad_" + std::to_string(i);
    INFO(name << ": " << d.pointer);
    Run r = acausal("simulate '" + netlist(name + ".json", seed_netlist(d.spring, d.damper, d.brake)) + "'");
    CHECK(r.code == 1);
    CHECK(contains(r.err, "error: "));
    CHECK(contains(r.err, name + ".json: " + d.pointer + ": "));
    CHECK(contains(r.err, d.message));
    CHECK(r.out == "");
    CHECK(!fs::exists(scratch() / (name + ".csv")));
  }
}

TEST_CASE("a malformed friction table: the error at its pointer, exit code 1, no result file") {
  const std::string path = netlist("brake_bad.json", R"({
    "format": "acausal/1", "name": "brake_bad",
    "components": {
      "force": { "type": "signal.Constant", "params": { "k": 1 } },
      "mass": { "type": "translational.Mass", "initial": { "s": 0, "v": 1 } },
      "brake": { "type": "translational.Brake", "params": { "mu_pos": { "v": [0, 2, 1], "mu": [0.5, 0.4, 0.3] } } }
    },
    "connections": [["force.y", "brake.f_normalized"], ["mass.flange", "brake.C"]]
  })");
  const Run r = acausal("simulate '" + path + "'");
  CHECK(r.code == 1);
  CHECK(contains(r.err, "brake_bad.json: /components/brake/params/mu_pos: table brake.mu_pos: breakpoints must be strictly increasing (point 2)"));
  CHECK(!fs::exists(scratch() / "brake_bad.csv"));
}

TEST_CASE("exit code 2: usage errors") {
  CHECK(acausal("simulate '" + kOscillator + "' --no-such-option").code == 2);
  CHECK(acausal("").code == 2);  // a subcommand is required
  CHECK(acausal("frobnicate").code == 2);
  CHECK(acausal("simulate").code == 2);  // NETLIST is required
  CHECK(acausal("simulate '" + kOscillator + "' --interval 0").code == 2);
  CHECK(acausal("simulate '" + kOscillator + "' --tolerance 1.5").code == 2);
  Run stop = acausal("simulate '" + kOscillator + "' --stop -1");
  CHECK(stop.code == 2);
  CHECK(contains(stop.err, "--stop"));
}

TEST_CASE("exit code 3: a solver failure keeps the rows written so far") {
  // A relative tolerance of 1e-30 is below what double precision can deliver: IDA refuses the first step.
  Run r = acausal("simulate '" + kOscillator + "' --tolerance 1e-30 -o failed.csv");
  CHECK(r.code == 3);
  CHECK(contains(r.err, "solver failure: at t = 0"));
  CHECK(contains(r.err, "partial results: 1 row in failed.csv"));
  Csv csv = read_csv(scratch() / "failed.csv");
  CHECK(csv.header == "time,mass.s,mass.v,spring.f");
  CHECK(csv.rows.size() == 1);
}

TEST_CASE("exit code 3: seed 000's springs meeting at rest stop the run, naming the element and the time") {
  // Two free bodies at the same place, at rest, joined by a Body Spring & Damper of natural length
  // 1 m: the direction of its force is undefined (seed 000); initialization says so in the element's
  // words.
  const std::string file = netlist("meet_at_rest.json", R"({
    "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World", "params": { "gravity": "none" } },
      "a": { "type": "multibody.Body", "initial": { "r_0": [0, 0, 0], "v_0": [0, 0, 0], "w_a": [0, 0, 0] } },
      "b": { "type": "multibody.Body", "initial": { "r_0": [0, 0, 0], "v_0": [0, 0, 0], "w_a": [0, 0, 0] } },
      "spring": { "type": "multibody.BodySpringDamper", "params": { "k": 10, "r0": 1 } }
    },
    "connections": [["a.frame_a", "spring.frame_a"], ["spring.frame_b", "b.frame_a"]],
    "experiment": { "stop": 1, "interval": 0.1 },
    "outputs": ["b.r_0[1]", "b.frame_a.R[1,3]"]
  })");
  Run r = acausal("simulate '" + file + "' -o meet.csv");
  CHECK(r.code == 3);
  CHECK(contains(r.err, "solver failure: at t = 0: spring: the origins of frame_a and frame_b meet at rest while r0 = "
                        "1.000000 m: the direction of the spring force is undefined"));
  // No consistent state exists at t = 0 (the spring force has no value): no row, and no file.
  CHECK(contains(r.err, "no results: the run failed before its first row (meet.csv is left as it was)"));
  CHECK(!std::filesystem::exists(scratch() / "meet.csv"));
  CHECK(!std::filesystem::exists(scratch() / "meet.csv.partial"));
  // One metre apart the same bodies run, and the header quotes the matrix element.
  std::string apart = read(file);
  const std::string at_origin = "\"r_0\": [0, 0, 0]";
  apart.replace(apart.rfind(at_origin), at_origin.size(), "\"r_0\": [1, 0, 0]");
  Run ok = acausal("simulate '" + netlist("apart.json", apart) + "' -o apart.csv");
  CHECK(ok.code == 0);
  CHECK(read(scratch() / "apart.csv").rfind("time,b.r_0[1],\"b.frame_a.R[1,3]\"\n", 0) == 0);
}

TEST_CASE("--help of every command exits 0") {
  for (const std::string command : {"", "simulate", "check", "equations", "components", "describe"}) {
    INFO(command);
    Run r = acausal(command + " --help");
    CHECK(r.code == 0);
    CHECK(contains(r.out, "Usage:"));
  }
  CHECK(contains(acausal("--help").out, "Exit codes: 0 ok, 1 model or input error, 2 usage error, 3 solver failure"));
  CHECK(acausal("--version").code == 0);
}

TEST_CASE("check: balance, states, unconnected ports and initial values") {
  Run r = acausal("check '" + kOscillator + "'");
  CHECK(r.code == 0);
  CHECK(contains(r.out, "model oscillator"));
  CHECK(contains(r.out, "balanced: yes"));
  CHECK(contains(r.out, "states:\n  mass.s\n  mass.v\n"));
  CHECK(contains(r.out, "unconnected ports (zero flow): none"));
  CHECK(contains(r.out, "high target 0.1 (/components/mass/initial/s)"));
  CHECK(contains(r.out, "defaulted starts: none"));

  // The mass alone: its flange is open, and v has no initial value.
  Run open = acausal("check '" + netlist("open.json", R"({
    "format": "acausal/1", "name": "open",
    "components": { "mass": { "type": "translational.Mass", "initial": { "s": { "value": 1, "priority": "low" } } } },
    "connections": []
  })") + "'");
  CHECK(open.code == 0);
  CHECK(contains(open.out, "unconnected ports (zero flow):\n  mass.flange\n"));
  CHECK(contains(open.out, "low target 1 (/components/mass/initial/s)"));
  CHECK(contains(open.out, "defaulted starts:\n  mass.v = 0"));
}

namespace {

/// A netlist of n free masses m1 … mn (2n states, n open flanges), written to the scratch directory.
std::string free_masses_netlist(int n) {
  std::string components;
  for (int k = 1; k <= n; ++k)
    components += std::string(k > 1 ? ", " : "") + "\"m" + std::to_string(k) + "\": { \"type\": \"translational.Mass\" }";
  return netlist("masses" + std::to_string(n) + ".json",
                 R"({ "format": "acausal/1", "name": "masses", "components": {)" + components + R"(}, "connections": [] })");
}

}  // namespace

TEST_CASE("check: a list longer than 50 lines shows its first 50 and the count of the rest, --all every one") {
  // 40 free masses: 80 states, 40 open flanges.
  const std::string path = free_masses_netlist(40);
  const Run r = acausal("check '" + path + "'");
  CHECK(r.code == 0);
  CHECK(contains(r.out, "states:\n  m1.s\n"));
  CHECK(contains(r.out, "  m25.v\n  ... and 30 more (acausal check --all lists every one)\nunconnected ports (zero flow):\n"));
  CHECK_FALSE(contains(r.out, "m26.s\n"));
  CHECK(contains(r.out, "  m40.flange\ninputs:"));  // 40 ports: all shown
  const Run all = acausal("check --all '" + path + "'");
  CHECK(contains(all.out, "  m40.v\nunconnected ports (zero flow):\n"));
  CHECK_FALSE(contains(all.out, "more (acausal check --all"));
}

TEST_CASE("check --json: a list longer than 100 entries keeps its first 100 and its count, --all every one") {
  // 60 free masses: 120 states and initial values, 60 open flanges.
  const std::string path = free_masses_netlist(60);
  const nlohmann::json cut = nlohmann::json::parse(acausal("check --json '" + path + "'").out);
  CHECK(cut["states"].size() == 100);
  CHECK(cut["states_total"] == 120);
  CHECK(cut["initial_values"].size() == 100);
  CHECK(cut["initial_values_total"] == 120);
  CHECK(cut["unconnected_ports"].size() == 60);  // not cut: no total
  CHECK_FALSE(cut.contains("unconnected_ports_total"));
  const nlohmann::json all = nlohmann::json::parse(acausal("check --json --all '" + path + "'").out);
  CHECK(all["states"].size() == 120);
  CHECK_FALSE(all.contains("states_total"));
}

TEST_CASE("check and equations: the unknowns a nominal reached, in text and JSON") {
  // ElasticBearing's spring-damper declares phi_nominal = 1e-4 rad (the default): it reaches
  // housing.phi, the state its phi_rel equals. The netlist gives the housing's relative speed a
  // nominal of 1e-3 rad/s: it reaches housing.w, the state IDA integrates (the relative speed equals
  // it), in place of the 1e-4 rad/s the angle's would give it per second.
  const std::string bearing = ACAUSAL_SOURCE_DIR "/netlists/elastic_bearing.json";
  Run r = acausal("check '" + bearing + "'");
  CHECK(r.code == 0);
  CHECK(contains(r.out, "nominals:\n  housing.phi           1e-04\n  housing.w             0.001\n"));
  Run j = acausal("check --json '" + bearing + "'");
  CHECK(j.code == 0);
  const nlohmann::json nominals = nlohmann::json::parse(j.out)["nominals"];
  REQUIRE(nominals.size() >= 2);
  CHECK(nominals[0] == nlohmann::json({{"unknown", "housing.phi"}, {"nominal", 1e-4}}));
  CHECK(nominals[1] == nlohmann::json({{"unknown", "housing.w"}, {"nominal", 1e-3}}));
  // Without nominals in the netlist or declared by its components, none reaches an unknown.
  Run plain = acausal("check '" + kOscillator + "'");
  CHECK(contains(plain.out, "nominals: none (each unknown's absolute tolerance scales with max(1, |start|))\n"));
  // `equations` shows it beside the unknown in the reduced system, and nothing where none arrived.
  Run eq = acausal("equations --reduced '" + bearing + "'");
  CHECK(eq.code == 0);
  CHECK(contains(eq.out, "  housing.w             differential, nominal 0.001\n"));
  CHECK(contains(eq.out, "  housing.phi           differential, nominal 1e-04\n"));
  CHECK(contains(eq.out, "  load.phi              differential\n"));
}

TEST_CASE("check: notes on seed parameters that cost events, and the parameters fixed at initialization") {
  // Seed 001's advice: sign(θ) in a symmetric polynomial with k2 or k4 ≠ 0 makes an event at every
  // zero crossing of θ; an odd polynomial has none, and no note.
  const auto wheel_on_spring = [](const std::string& name, const std::string& k) {
    return netlist(name, R"({
      "format": "acausal/1",
      "components": {
        "ground": { "type": "rotational.Fixed" },
        "wheel": { "type": "rotational.Inertia", "initial": { "phi": 1, "w": 0 } },
        "spring": { "type": "rotational.NonlinearSpring", "params": { "k": )" + k + R"(, "theta_init": 0.5 } }
      },
      "connections": [["wheel.flange", "spring.R"], ["spring.C", "ground.flange"]]
    })");
  };
  Run even = acausal("check '" + wheel_on_spring("even_terms.json", "[10, 0, 5, 1, 0]") + "'");
  CHECK(even.code == 0);
  CHECK(contains(even.out, "event indicators         1"));
  CHECK(contains(even.out, "note: spring (/components/spring): k2 or k4 ≠ 0: sign(theta) makes an event at every "
                           "zero crossing of theta; an odd polynomial (k2 = k4 = 0) has none"));
  CHECK(contains(even.out, "parameters fixed at initialization:\n  spring.phi_rel_start = wheel.phi at t0"));
  Run odd = acausal("check '" + wheel_on_spring("odd_terms.json", "[10, 0, 5, 0, 1]") + "'");
  CHECK(odd.code == 0);
  CHECK(contains(odd.out, "event indicators         0"));
  CHECK(!contains(odd.out, "note:"));
}

TEST_CASE("check: a structurally singular model fails with exit code 1 and names the equations") {
  Run r = acausal("check '" + netlist("singular.json", R"({
    "format": "acausal/1", "name": "singular",
    "components": {
      "a": { "type": "translational.Fixed" },
      "b": { "type": "translational.Fixed", "params": { "s0": 1 } },
      "mass": { "type": "translational.Mass" }
    },
    "connections": [["a.flange", "b.flange", "mass.flange"]]
  })") + "'");
  CHECK(r.code == 1);
  CHECK(contains(r.err, "error: "));
  CHECK(contains(r.err, "singular.json"));
  CHECK(r.out == "");
}

TEST_CASE("equations: flat model by instance, connections, reduced system") {
  Run r = acausal("equations '" + kOscillator + "'");
  CHECK(r.code == 0);
  CHECK(contains(r.out, "# spring (translational.Spring)\n"));
  CHECK(contains(r.out, "  0 = spring.f - 100*spring.s_rel   // Hooke's law\n"));
  CHECK(contains(r.out, "# connections\n"));
  CHECK(contains(r.out, "der(mass.s)"));
  CHECK(contains(r.out, "# reduced system"));
  CHECK(contains(r.out, "  mass.s    differential\n"));
}

namespace {

const char* const kGearNetlist = R"({
    "format": "acausal/1", "name": "gear",
    "components": { "a": { "type": "rotational.Inertia", "initial": { "w": 2 } },
                    "gear": { "type": "rotational.IdealGear", "params": { "ratio": 2 } },
                    "b": { "type": "rotational.Inertia" } },
    "connections": [["a.flange", "gear.C"], ["gear.R", "b.flange"]]
  })";

}  // namespace

TEST_CASE("check: structural index, differentiated equations, states, dummy derivatives, initial values") {
  Run r = acausal("check '" + netlist("gear.json", kGearNetlist) + "'");
  CHECK(r.code == 0);
  CHECK(contains(r.out, "  structural index         3 (reduced to 1 by differentiating 3 equations)\n"));
  CHECK(contains(r.out, "states:\n  a.phi\n  a.w\n"));
  CHECK(contains(r.out, "  /components/gear (gear: gear kinematics): 0 = gear.C.phi - 2*gear.R.phi   differentiated twice\n"));
  CHECK(contains(r.out, "dummy derivatives (algebraic; their variables are fixed by the constraints):\n"
                        "  der(der(a.phi))\n  der(b.phi)\n  der(der(b.phi))\n  der(b.w)\n"));
  CHECK(contains(r.out, "  a.w       high target 2 (/components/a/initial/w)\n"));
  CHECK(contains(r.out, "  a.phi     defaulted start = 0\n"));
}

TEST_CASE("check --json: the same report as JSON, and a model error as JSON with exit code 1") {
  Run r = acausal("check --json '" + netlist("gear.json", kGearNetlist) + "'");
  CHECK(r.code == 0);
  const nlohmann::json j = nlohmann::json::parse(r.out);
  CHECK(j["ok"] == true);
  CHECK(j["structural_index"] == 3);
  CHECK(j["states"] == nlohmann::json({"a.phi", "a.w"}));
  CHECK(j["dummy_derivatives"].size() == 4);
  CHECK(j["differentiated_equations"][2]["pointer"] == "/components/gear");
  CHECK(j["differentiated_equations"][2]["times"] == 2);
  CHECK(j["initial_values"][1] ==
        nlohmann::json({{"unknown", "a.w"}, {"source", "high target"}, {"value", 2.0},
                        {"pointer", "/components/a/initial/w"}, {"variable", "a.w"}}));

  Run bad = acausal("check --json '" + netlist("conflict.json", R"({
    "format": "acausal/1",
    "components": { "left": { "type": "rotational.Fixed" }, "gear": { "type": "rotational.IdealGear", "params": { "ratio": 2 } },
                    "right": { "type": "rotational.Fixed", "params": { "phi0": 1 } } },
    "connections": [["left.flange", "gear.C"], ["gear.R", "right.flange"]]
  })") + "'");
  CHECK(bad.code == 1);
  const nlohmann::json e = nlohmann::json::parse(bad.out);
  CHECK(e["ok"] == false);
  CHECK(e["error"]["pointer"] == "/components/gear");
  CHECK(contains(e["error"]["message"].get<std::string>(), "gear.R.phi = 1 is fixed by right (/components/right)"));
}

TEST_CASE("check --json: the Dulmage-Mendelsohn parts of an unbalanced model, with pointers") {
  // A spring connected to nothing: nothing fixes where it is.
  Run r = acausal("check --json '" + netlist("unbalanced.json", R"({
    "format": "acausal/1", "components": { "spring": { "type": "translational.Spring" } } })") + "'");
  CHECK(r.code == 1);
  const nlohmann::json e = nlohmann::json::parse(r.out)["error"];
  REQUIRE(e.contains("parts"));
  CHECK(e["parts"]["over_determined"]["equations"].empty());
  const nlohmann::json& under = e["parts"]["under_determined"]["unknowns"];
  REQUIRE(!under.empty());
  CHECK(under[0]["instance"] == "spring");
  CHECK(under[0]["pointer"] == "/components/spring");
}

TEST_CASE("check --json: the parts of a huge singular model list their first 100 entries and count them all") {
  // 400 springs connected to nothing: 1200 unknowns nothing fixes.
  std::string components;
  for (int k = 0; k < 400; ++k)
    components += std::string(k > 0 ? ", " : "") + "\"s" + std::to_string(k) + "\": { \"type\": \"translational.Spring\" }";
  const Run r = acausal("check --json '" + netlist("springs.json", R"({ "format": "acausal/1", "components": {)" +
                                                                        components + "} }") + "'");
  CHECK(r.code == 1);
  const nlohmann::json under = nlohmann::json::parse(r.out)["error"]["parts"]["under_determined"];
  CHECK(under["unknowns"].size() == 100);
  CHECK(under["unknowns_total"] == 1200);
  CHECK(under["equations_total"] == 800);  // two equations of each spring
  CHECK(under["equations"].size() == 100);
}

TEST_CASE("a model name and an output of 100000 characters are shortened where check and simulate print them") {
  const std::string name(100000, 'x'), output(100000, 'y');
  const std::string path = netlist("long_names.json", R"({ "format": "acausal/1", "name": ")" + name + R"(",
    "components": { "m": { "type": "translational.Mass" } }, "outputs": [")" + output + R"("] })");
  const Run check = acausal("check '" + path + "'");
  CHECK(check.code == 1);
  CHECK(check.err.size() < 1000);
  CHECK(contains(check.err, "/outputs/0: unknown variable \"yyyyy"));
  const std::string fine = netlist("long_name.json", R"({ "format": "acausal/1", "name": ")" + name + R"(",
    "components": { "m": { "type": "translational.Mass" } } })");
  const Run ok = acausal("check '" + fine + "'");
  CHECK(ok.code == 0);
  CHECK(ok.out.find('\n') < 200);  // the first line: "model xxx… (…)"
}

TEST_CASE("a netlist whose model cannot fit in the memory the process may use is refused before it is built") {
#if defined(__SANITIZE_ADDRESS__)
  // AddressSanitizer reserves terabytes of address space: the program cannot start under a limit.
  return;
#endif
  // 100000 masses, 5 variables each: at least 500 bytes per variable make 250 MB, over ulimit -v 200 MB.
  std::string components;
  for (int k = 0; k < 100000; ++k)
    components += std::string(k > 0 ? ", " : "") + "\"m" + std::to_string(k) + "\": { \"type\": \"translational.Mass\" }";
  const std::string path = netlist("masses.json", R"({ "format": "acausal/1", "components": {)" + components + "} }");
  const Run r = acausal("check '" + path + "'", "ulimit -v 200000 &&");
  CHECK(r.code == 1);
  CAPTURE(r.err);
  CHECK(contains(r.err, "masses.json: the model has about 500000 variables (100000 components): building and "
                        "simulating it needs at least 250 MB of memory, more than the 205 MB this process may use "
                        "(the machine's memory, or a limit set with ulimit -v)"));
}

TEST_CASE("a write past the file size limit is an error naming the file and leaves no partial result") {
  // ulimit -f 4: 2 KB. The oscillator's results are larger.
  const Run r = acausal("simulate '" + kOscillator + "' -o big.csv", "ulimit -f 4 &&");
  CHECK(r.code == 1);
  CHECK(contains(r.err, "error: writing results to big.csv failed: File too large"));
  CHECK_FALSE(fs::exists(scratch() / "big.csv"));
  CHECK_FALSE(fs::exists(scratch() / "big.csv.partial"));
}

TEST_CASE("equations --reduced: only the index-1 system IDA integrates") {
  Run r = acausal("equations --reduced '" + netlist("gear.json", kGearNetlist) + "'");
  CHECK(r.code == 0);
  CHECK(r.out ==
        "# reduced system (integrated by IDA): 2 equations in 2 unknowns\n"
        "unknowns:\n"
        "  a.phi     differential\n"
        "  a.w       differential\n"
        "equations:\n"
        "  0 = a.w - der(a.phi)   // a: angular velocity\n"
        "  0 = 5*der(a.w)   // a: angular velocity (differentiated once)\n");
}

TEST_CASE("components lists every type, sorted") {
  Run r = acausal("components");
  CHECK(r.code == 0);
  const auto spring = r.out.find("translational.Spring ");
  const auto mass = r.out.find("translational.Mass ");
  CHECK(spring != std::string::npos);
  CHECK(mass != std::string::npos);
  CHECK(mass < spring);
  CHECK(contains(r.out, "rotational.Inertia "));
}

TEST_CASE("describe: ports, parameters with units and defaults, symbolic equations, energy") {
  Run r = acausal("describe translational.Spring");
  CHECK(r.code == 0);
  CHECK(contains(r.out, "translational.Spring: Linear spring"));
  CHECK(contains(r.out, "  R     translational"));
  CHECK(contains(r.out, "  c       [N/m]  1        Spring constant"));
  CHECK(contains(r.out, "0 = f - c*(s_rel - s_rel0)   // Hooke's law"));
  CHECK(contains(r.out, "stored energy [J]    0.5*c*(s_rel - s_rel0)^2"));

  Run typo = acausal("describe translational.Sprin");
  CHECK(typo.code == 1);
  CHECK(contains(typo.err, "unknown component type \"translational.Sprin\" (did you mean translational.Spring"));
}

TEST_CASE("describe: a part repeated in an equation is printed once and named") {
  Run r = acausal("describe multibody.Damper");
  CHECK(r.code == 0);
  CHECK(contains(r.out, "  0 = s - (if _1 > 1e-18 then sqrt(_1) else 0)   // distance\n"
                        "      where _1 = r_rel[1]^2 + r_rel[2]^2 + r_rel[3]^2\n"));
  CHECK(contains(r.out, "      where _2 = if _1 > 1e-18 then sqrt(_1) else 0\n"));
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) {
    CAPTURE(line);
    CHECK(line.find("sqrt(") == line.rfind("sqrt("));  // at most once per line
  }
}

TEST_CASE("subsystems: simulate --energy and check name the components inside instances by full path") {
  const std::string two_gearboxes = ACAUSAL_SOURCE_DIR "/netlists/two_gearboxes.json";
  Run r = acausal("simulate '" + two_gearboxes + "' --energy -o gearboxes.csv");
  CHECK(r.code == 0);
  CHECK(r.err == "");
  for (const char* instance : {"\n  gearbox1.gear ", "\n  gearbox1.shaft ", "\n  gearbox1.coupling ",
                               "\n  gearbox2.gear ", "\n  gearbox2.shaft ", "\n  gearbox2.coupling "}) {
    INFO(instance);
    CHECK(contains(r.out, instance));
  }
  CHECK(read_csv(scratch() / "gearboxes.csv").header ==
        "time,rotor.w,gearbox1.shaft.w,gearbox1.coupling.tau,gearbox2.shaft.w,gearbox2.coupling.tau,load.w");
  Run check = acausal("check '" + two_gearboxes + "'");
  CHECK(check.code == 0);
  CHECK(contains(check.out, "  gearbox2.shaft.w "));
  // --set reaches a subsystem instance's parameters.
  Run set = acausal("check '" + two_gearboxes + "' --set 'gearbox2.J=-1 kg*m^2'");
  CHECK(set.code == 1);
  CHECK(contains(set.err, "/components/gearbox2/params/J: J must be positive, got -1"));
}

TEST_CASE("subsystems: an error in a subsystem file is printed at its place in that file") {
  netlist("lib_stage.json", R"({
  "format": "acausal/1",
  "components": { "shaft": { "type": "rotational.Inertia", "params": { "J": "2 kg*m" } } },
  "ports": { "flange": "shaft.flange" }
})");
  const std::string top = netlist("uses_stage.json", R"({
  "format": "acausal/1",
  "components": { "stage": { "type": "file:lib_stage.json" }, "ground": { "type": "rotational.Fixed" } },
  "connections": [["stage.flange", "ground.flange"]]
})");
  Run r = acausal("check '" + top + "'");
  CHECK(r.code == 1);
  CHECK(r.err == "error: file:" + (scratch() / "lib_stage.json").string() +
                     "#/components/shaft/params/J: expected a value in kg*m^2 (kg*m^2), got '2 kg*m' (kg*m)\n");
}

TEST_CASE("simulate shows no progress line when stderr is not a terminal, and takes --quiet") {
  Run r = acausal("simulate '" + kOscillator + "' --stop 100 --interval 10 -o long.csv");
  CHECK(r.code == 0);
  CHECK(r.err == "");
  r = acausal("simulate '" + kOscillator + "' --quiet -o quiet.csv");
  CHECK(r.code == 0);
  CHECK(r.err == "");
}

TEST_SUITE("slow") {
TEST_CASE("on a terminal, a run longer than a second shows its progress on one line, erased at the end") {
  // `script` gives the command a terminal; its output is what the terminal received.
  const auto on_terminal = [](const std::string& arguments) {
    return acausal("-qec \"'" + kAcausal + "' " + arguments + "\" /dev/null", "", "script");
  };
  // about 3 s on a 2026 Xeon VM (its step count grows unevenly with the stop time): over the
  // threshold on a machine twice as fast
  Run r = on_terminal("simulate '" + kOscillator + "' --stop 8000 --interval 50 -o long.csv");
  CHECK(r.code == 0);
  CHECK(contains(r.out, "\rt = "));
  CHECK(contains(r.out, " steps, "));
  CHECK(contains(r.out, " elapsed, about "));
  CHECK(contains(r.out, " left"));
  CHECK(contains(r.out, "\rwrote 161 rows to long.csv"));  // the line was blanked first
  r = on_terminal("simulate '" + kOscillator + "' --stop 8000 --interval 50 -o long.csv --quiet");
  CHECK(r.code == 0);
  CHECK_FALSE(contains(r.out, "\rt = "));
}
}

TEST_CASE("check: a kinematic loop's cut, its released closure rows and the states the netlist selects") {
  Run r = acausal("check '" ACAUSAL_SOURCE_DIR "/netlists/four_bar_revolute_cut.json'");
  CHECK(r.code == 0);
  CHECK(contains(r.out, "kinematic loops cut at (their orientation closed by 3 residuals there):\n  cut.frame_a\n"));
  CHECK(contains(r.out, "loop closure rows implied by the rest of their loop (released):\n"
                        "  cut.frame_a: no cut force along world axis 3\n"
                        "  cut.frame_a: no cut torque about axis 1\n"
                        "  cut.frame_a: no cut torque about axis 2\n"
                        "  (watched during the run: it stops where one of them no longer holds to 0.001 of the loop's "
                        "size, or 0.001 rad)\n"));
  CHECK(contains(r.out, "states:\n  crank_joint.phi\n  crank_joint.w\n"));
  CHECK(contains(r.out, "states kept as 'always' asks, in 2 block(s) that depend on the motion: watched during the run, "
                        "which stops if they turn singular\n"));
  const nlohmann::json j =
      nlohmann::json::parse(acausal("check --json '" ACAUSAL_SOURCE_DIR "/netlists/four_bar_revolute_cut.json'").out);
  CHECK(j["loop_cuts"] == nlohmann::json::array({"cut.frame_a"}));
  CHECK(j["released_closure_rows"] == nlohmann::json::array({"cut.frame_a: no cut force along world axis 3",
                                                             "cut.frame_a: no cut torque about axis 1",
                                                             "cut.frame_a: no cut torque about axis 2"}));
  CHECK(j["state_blocks_kept_and_watched"] == 2);
  CHECK(j["states_chosen_during_run"].empty());
}
