// `acausal simulate --input NAME=FILE.csv` and `acausal check` on a netlist with external inputs.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <numbers>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/cli_run.hpp"

using namespace cli_run;

namespace {

const std::string kChain = ACAUSAL_SOURCE_DIR "/netlists/rotational_chain.json";
const std::string kChainInput = ACAUSAL_SOURCE_DIR "/netlists/rotational_chain_input.json";
const std::string kRamp = ACAUSAL_SOURCE_DIR "/netlists/torque_ramp.csv";

/// The column of `name` in a result file.
std::vector<double> column(const Csv& csv, const std::string& name) {
  std::vector<std::string> names;
  std::stringstream header(csv.header);
  for (std::string cell; std::getline(header, cell, ',');) names.push_back(cell);
  const auto k = static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin());
  REQUIRE(k < names.size());
  std::vector<double> out;
  for (const std::vector<double>& row : csv.rows) out.push_back(row.at(k));
  return out;
}

}  // namespace

TEST_CASE("cli input: the chain driven from a CSV of its sine reproduces the Sine source's results") {
  // The sine of netlists/rotational_chain.json sampled every 0.1 ms (interpolation error ≈ 1e-8 of
  // the torque's range).
  {
    std::ofstream csv(scratch() / "sine_torque.csv");
    csv << "time,torque_cmd\n";
    char line[64];
    for (int k = 0; k <= 30000; ++k) {
      const double t = k * 1e-4;
      std::snprintf(line, sizeof line, "%.17g,%.17g\n", t, 10.0 * std::sin(2.0 * std::numbers::pi * 2.0 * t));
      csv << line;
    }
  }
  // At the netlist's tolerance (1e-6) each run is off the exact solution by up to 1.6e-6 of a
  // speed's range, along step sequences of their own: both run at 1e-7, where that is 4e-7.
  const Run sine = acausal("simulate '" + kChain + "' -o sine.csv --quiet --tolerance 1e-7");
  REQUIRE(sine.code == 0);
  const Run input = acausal("simulate '" + kChainInput +
                            "' --input torque_cmd=sine_torque.csv -o input.csv --quiet --tolerance 1e-7");
  CHECK(input.err == "");
  REQUIRE(input.code == 0);
  CHECK(contains(input.out, "wrote 3001 rows to input.csv (t = 0 to 3 s)"));
  const Csv a = read_csv(scratch() / "input.csv"), b = read_csv(scratch() / "sine.csv");
  CHECK(a.header == b.header);
  REQUIRE(a.rows.size() == b.rows.size());
  for (const std::string name : {"inertia1.w", "inertia2.w", "inertia3.w", "inertia3.phi", "coupling1.tau", "shaft.tau"}) {
    CAPTURE(name);
    const std::vector<double> x = column(a, name), y = column(b, name);
    const auto [low, high] = std::minmax_element(y.begin(), y.end());
    double worst = 0.0;
    for (std::size_t k = 0; k < x.size(); ++k) worst = std::max(worst, std::fabs(x[k] - y[k]));
    MESSAGE(name << ": " << worst / (*high - *low) << " of its range");
    CHECK(worst < 1e-6 * (*high - *low));
  }
}

TEST_CASE("cli input: the example's torque ramp loads the chain's shaft with the torque it holds") {
  const Run r = acausal("simulate '" + kChainInput + "' --input 'torque_cmd=" + kRamp + "' -o ramp.csv --quiet");
  CHECK(r.err == "");
  REQUIRE(r.code == 0);
  const Csv csv = read_csv(scratch() / "ramp.csv");
  const std::vector<double> time = column(csv, "time"), shaft = column(csv, "shaft.tau"), phi = column(csv, "inertia3.phi");
  // At t = 1.5 s, 1 s after the ramp reached 10 N·m (the chain's slowest mode decays as e^(−6 t)),
  // the grounded shaft holds the whole torque: inertia3 turned by 10 N·m / 1000 N·m/rad, and the
  // shaft's torque c·(phi_R − phi_C) = −10 N·m (its R at the ground, C at inertia3).
  const auto k = static_cast<std::size_t>(std::find(time.begin(), time.end(), 1.5) - time.begin());
  REQUIRE(k < time.size());
  CHECK(shaft[k] == doctest::Approx(-10.0).epsilon(5e-3));
  CHECK(phi[k] == doctest::Approx(0.01).epsilon(5e-3));
  // Released at 2 s, the chain rings down to rest by 3 s.
  CHECK(std::fabs(shaft.back()) < 0.05);
}

TEST_CASE("cli input: a missing, unknown or uncovered input is an input error naming it") {
  const Run missing = acausal("simulate '" + kChainInput + "' -o missing.csv");
  CHECK(missing.code == 1);
  CHECK(missing.err == "error: " + kChainInput +
                           ": /inputs/torque_cmd: input \"torque_cmd\" has no value: give it with --input "
                           "torque_cmd=FILE.csv (a header row, then rows of time [s] and value [N*m])\n");
  const Run unknown = acausal("simulate '" + kChainInput + "' --input 'speed=" + kRamp + "' -o unknown.csv");
  CHECK(unknown.code == 1);
  CHECK(unknown.err == "error: " + kChainInput + ": /inputs: --input speed=" + kRamp +
                           ": the netlist has no input \"speed\"; its inputs: torque_cmd\n");
  const Run twice =
      acausal("simulate '" + kChainInput + "' --input 'torque_cmd=" + kRamp + "' --input 'torque_cmd=" + kRamp + "'");
  CHECK(twice.code == 1);
  CHECK(contains(twice.err, "input \"torque_cmd\" is given twice"));
  const Run longer = acausal("simulate '" + kChainInput + "' --input 'torque_cmd=" + kRamp + "' --stop 4 -o longer.csv");
  CHECK(longer.code == 1);
  CHECK(longer.err == "error: " + kRamp + ": input torque_cmd covers t = 0 to 3 s; the run goes from 0 to 4 s\n");
  const Run unreadable = acausal("simulate '" + kChainInput + "' --input torque_cmd=nothing.csv -o unreadable.csv");
  CHECK(unreadable.code == 1);
  CHECK(unreadable.err == "error: cannot read input file nothing.csv: No such file or directory\n");
  const Run malformed = acausal("simulate '" + kChainInput + "' --input torque_cmd");
  CHECK(malformed.code == 2);
  CHECK(contains(malformed.err, "--input expects NAME=FILE.csv, got \"torque_cmd\""));
}

TEST_CASE("cli input: check lists the inputs, in text and JSON") {
  const Run text = acausal("check '" + kChainInput + "'");
  CHECK(text.code == 0);
  CHECK(contains(text.out, "inputs: (set by the run: acausal simulate --input NAME=FILE.csv)\n"
                           "  torque_cmd [N*m] feeds torque.tau (torque applied to inertia1)\n"));
  CHECK(contains(acausal("check '" + kChain + "'").out, "inputs: none\n"));
  const Run json = acausal("check --json '" + kChainInput + "'");
  REQUIRE(json.code == 0);
  const nlohmann::json report = nlohmann::json::parse(json.out);
  REQUIRE(report["inputs"].size() == 1);
  CHECK(report["inputs"][0]["name"] == "torque_cmd");
  CHECK(report["inputs"][0]["unit"] == "N*m");
  CHECK(report["inputs"][0]["feeds"] == nlohmann::json::array({"torque.tau"}));
  CHECK(report["inputs"][0]["pointer"] == "/inputs/torque_cmd");
}
