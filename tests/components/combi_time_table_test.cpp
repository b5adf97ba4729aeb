// signal.CombiTimeTable: columns of a table (inline or a CSV file) against their closed forms —
// linear and constant segments, steps, time scale and shift, offsets, extrapolations — integrated
// by a signal.Integrator to their exact integrals; the file rules (relative to the file that names
// it, inside the netlist's tree) and the messages of a bad table.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/model/errors.hpp"
#include "solver/solver_error.hpp"
#include "tests/support/scratch_directory.hpp"
#include "tests/support/simulation_run.hpp"

using namespace acausal;
using namespace acausal::testing;
namespace fs = std::filesystem;

namespace {

void write_file(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

/// A netlist whose table "tab" (component entry text) feeds integrators i1 (y[1]) and, when
/// `two`, i2 (y[2]); run from 0 to `stop` at tolerance 1e-10.
std::string table_netlist(const std::string& table, double stop, bool two = false) {
  return R"({ "format": "acausal/1", "name": "table",
    "components": { "tab": )" + table + R"(,
      "i1": { "type": "signal.Integrator" })" + (two ? R"(, "i2": { "type": "signal.Integrator" })" : "") + R"( },
    "connections": [["tab.y[1]", "i1.u"])" + (two ? R"(, ["tab.y[2]", "i2.u"])" : "") + R"(],
    "experiment": { "start": 0, "stop": )" + json_number(stop) + R"(, "interval": 0.01, "tolerance": 1e-10 } })";
}

/// The largest difference between output `column` and `expected` over the run's rows, away from
/// the rows at the times in `jumps` (where the output steps, both limits are rows).
double largest_error(const SimulationRun& run, const std::string& column, const std::function<double(double)>& expected,
                     const std::vector<double>& jumps = {}) {
  const std::vector<double> t = run.times(), y = run.column(column);
  double largest = 0.0;
  for (std::size_t k = 0; k < t.size(); ++k) {
    if (std::any_of(jumps.begin(), jumps.end(), [&](double j) { return std::abs(t[k] - j) < 1e-9; })) continue;
    largest = std::max(largest, std::abs(y[k] - expected(t[k])));
  }
  return largest;
}

/// The message of a periodic table whose rows are all at one time.
std::string error_of_periodic_without_span() {
  try {
    simulate_netlist(table_netlist(R"({ "type": "signal.CombiTimeTable", "params": {
        "table": [[1, 0]], "extrapolation": "periodic" } })",
                                   1.0));
  } catch (const ModelError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("signal.CombiTimeTable: linear segments with a step, extrapolated through the last two rows") {
  // Rows (0, 0) (1, 2) (3, 2) then a step at 3 to 5, (4, 1): beyond 4 the line through (3, 5) and
  // (4, 1) continues with slope −4. The second column is twice the first plus 1.
  const auto run = simulate_netlist(table_netlist(R"({ "type": "signal.CombiTimeTable", "params": {
      "table": [[0, 0, 1], [1, 2, 5], [3, 2, 5], [3, 5, 11], [4, 1, 3]] } })",
                                                  5.0, true));
  const auto value = [](double t) {
    if (t < 1.0) return 2.0 * t;
    if (t < 3.0) return 2.0;
    return 5.0 - 4.0 * (t - 3.0);
  };
  const auto integral = [](double t) {
    if (t < 1.0) return t * t;
    if (t < 3.0) return 1.0 + 2.0 * (t - 1.0);
    const double d = t - 3.0;
    return 5.0 + 5.0 * d - 2.0 * d * d;
  };
  CHECK(largest_error(*run, "tab.y[1]", value, {3.0}) <= 1e-12);
  CHECK(largest_error(*run, "tab.y[2]", [&](double t) { return 2.0 * value(t) + 1.0; }, {3.0}) <= 1e-12);
  CHECK(largest_error(*run, "i1.y", integral) <= 1e-8);
  CHECK(largest_error(*run, "i2.y", [&](double t) { return 2.0 * integral(t) + t; }) <= 1e-8);
  // The step has both limits as rows at t = 3.
  const std::vector<std::pair<double, double>> steps = switches(*run, "tab.y[1]");
  CHECK(std::any_of(steps.begin(), steps.end(), [](const auto& s) { return s.first == 3.0 && s.second == 5.0; }));
}

TEST_CASE("signal.CombiTimeTable: constant segments hold each row until the next, with an offset per output") {
  const auto run = simulate_netlist(table_netlist(R"({ "type": "signal.CombiTimeTable", "params": {
      "table": [[0, 1, -1], [1, 1, 2], [2.5, 3, 0], [4, -2, 0]], "smoothness": "constant_segments",
      "offset": [0.5, 10], "extrapolation": "hold_last_point" } })",
                                                  5.0, true));
  const auto first = [](double t) { return 0.5 + (t < 2.5 ? 1.0 : t < 4.0 ? 3.0 : -2.0); };
  const auto first_integral = [](double t) {
    double area = 0.5 * t + std::min(t, 2.5);
    if (t > 2.5) area += 3.0 * (std::min(t, 4.0) - 2.5);
    if (t > 4.0) area -= 2.0 * (t - 4.0);
    return area;
  };
  const auto second = [](double t) { return 10.0 + (t < 1.0 ? -1.0 : t < 2.5 ? 2.0 : 0.0); };
  CHECK(largest_error(*run, "tab.y[1]", first, {2.5, 4.0}) == 0.0);
  CHECK(largest_error(*run, "tab.y[2]", second, {1.0, 2.5}) == 0.0);
  CHECK(largest_error(*run, "i1.y", first_integral) <= 1e-9);
}

TEST_CASE("signal.CombiTimeTable: start, shift and scale of the table time, chosen columns") {
  // Column 3 is read at (t − 2 s)/(0.5 s) from t = 2 s on; before, the output is the offset 1.
  const auto run = simulate_netlist(table_netlist(R"({ "type": "signal.CombiTimeTable", "params": {
      "table": [[0, 7, 0], [1, 7, 4], [2, 7, 4]], "columns": [3], "start_time": 2, "time_scale": "500 ms",
      "offset": [1], "extrapolation": "hold_last_point" } })",
                                                  4.0));
  const auto value = [](double t) {
    if (t < 2.0) return 1.0;
    const double tau = (t - 2.0) / 0.5;
    return 1.0 + (tau < 1.0 ? 4.0 * tau : 4.0);
  };
  CHECK(largest_error(*run, "tab.y[1]", value) <= 1e-12);
  CHECK(largest_error(*run, "i1.y", [](double t) {
          if (t < 2.0) return t;
          const double d = std::min(t - 2.0, 0.5);
          return t + 4.0 * d * d + 4.0 * std::max(t - 2.5, 0.0);
        }) <= 1e-8);
  CHECK_THROWS_WITH_AS(run->column("tab.y[2]"), doctest::Contains("tab.y[2]"), std::out_of_range);
}

TEST_CASE("signal.CombiTimeTable: a CSV file relative to the netlist, or to the subsystem file that names it") {
  const fs::path dir = test_support::scratch_directory() / "combi_table";
  write_file(dir / "data" / "cycle.csv", "# speed and grade of a drive cycle\ntime, speed, grade\n0, 0, 0\n2, 4, 0.5\n");
  write_file(dir / "lib" / "cycle.csv", "0, 1\n10, 1\n");  // a file of the same name beside the subsystem file
  write_file(dir / "lib" / "source.json", R"({ "format": "acausal/1",
    "components": { "tab": { "type": "signal.CombiTimeTable", "params": { "file": "cycle.csv" } } },
    "ports": { "y": "tab.y[1]" } })");
  write_file(dir / "drive.json", R"({ "format": "acausal/1", "name": "drive",
    "components": {
      "tab": { "type": "signal.CombiTimeTable", "params": { "file": "data/cycle.csv" } },
      "lib_source": { "type": "file:lib/source.json" },
      "i1": { "type": "signal.Integrator" }, "i2": { "type": "signal.Integrator" } },
    "connections": [["tab.y[2]", "i1.u"], ["lib_source.y", "i2.u"]],
    "experiment": { "stop": 2, "interval": 0.1, "tolerance": 1e-10 } })");
  const auto run = simulate_netlist_file((dir / "drive.json").string());
  CHECK(largest_error(*run, "tab.y[1]", [](double t) { return 2.0 * t; }) <= 1e-12);
  CHECK(largest_error(*run, "i1.y", [](double t) { return 0.125 * t * t; }) <= 1e-9);
  CHECK(largest_error(*run, "i2.y", [](double t) { return t; }) <= 1e-9);  // lib/cycle.csv, not data/cycle.csv
}

TEST_CASE("signal.CombiTimeTable: the messages of a table it cannot use") {
  const fs::path dir = test_support::scratch_directory() / "combi_table_errors";
  write_file(dir / "bad.csv", "time,a\n0,1\n1,x\n");
  write_file(dir / "back.csv", "0,1\n2,1\n\n1,1\n");
  write_file(dir / "short.csv", "0,1,2\n1,1\n");
  write_file(dir / "one_column.csv", "0\n1\n");
  write_file(dir / "names.csv", "time,a\n");
  write_file(dir.parent_path() / "outside.csv", "0,1\n1,1\n");
  const auto error = [&](const std::string& params) {
    const fs::path path = dir / "n.json";
    write_file(path, table_netlist(R"({ "type": "signal.CombiTimeTable", "params": )" + params + " }", 1.0));
    try {
      simulate_netlist_file(path.string());
    } catch (const ModelError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const std::string at = "/components/tab/params/";
  const std::string file = (dir / "n.json").parent_path().string() + "/";
  CHECK(error(R"({})") ==
        at + "table: signal.CombiTimeTable needs a table: rows [time, v1, v2, …] in table, or a CSV file in file");
  CHECK(error(R"({ "file": "none.csv" })") ==
        at + "file: cannot read data file \"none.csv\" (looked for " + file + "none.csv): no such file");
  CHECK(error(R"({ "file": "../outside.csv" })") ==
        at + "file: cannot read data file \"../outside.csv\" (looked for " + dir.parent_path().string() +
            "/outside.csv): it is " + fs::canonical(dir.parent_path()).string() +
            "/outside.csv, outside the directories data files may be in (" + fs::canonical(dir).string() +
            "); a netlist may name only files in its own directory or below, or in a directory given with "
            "--subsystem-path");
  CHECK(error(R"({ "file": "bad.csv" })") == at + "file: " + file + "bad.csv: line 3: \"x\" (a) is not a finite number");
  CHECK(error(R"({ "file": "back.csv" })") == at + "file: " + file + "back.csv: line 4: times must not decrease: 1 s after 2 s");
  CHECK(error(R"({ "file": "short.csv" })") == at + "file: " + file + "short.csv: line 2: 2 cells, the first row has 3");
  CHECK(error(R"({ "file": "one_column.csv" })") ==
        at + "file: " + file + "one_column.csv: one column; the table needs a column of time and at least one of values");
  CHECK(error(R"({ "file": "names.csv" })") ==
        at + "file: " + file + "names.csv: no rows of numbers (expected rows of time and values)");
  CHECK(error(R"({ "file": 3 })") == at + "file: file must be the path of a file, got 3");
  CHECK(error(R"({ "file": "bad.csv", "table": [[0, 1]] })") ==
        at + "file: give the table inline (table) or as a file (file), not both");
  CHECK(error(R"({ "table": [[0, 1], [1, 1], [1, 2], [1, 3]] })") ==
        at + "table/3/0: a time may be in two rows (a step), not three: 1 s");
  CHECK(error(R"({ "table": [[0, 1, 2], [1, 1]] })") == at + "table/1: row 1 must have 3 values [time, v1, v2], got [1,1]");
  CHECK(error(R"({ "table": [[0, 1, 2]], "columns": [4] })") ==
        at + "columns/0: column 4 is not a column of values: the table has columns 2 to 3 after its time column 1");
  CHECK(error(R"({ "table": [[0, 1, 2]], "offset": [1, 2, 3] })") ==
        at + "offset: offset must have one value or one per output (2), got 3");
}

TEST_CASE("signal.CombiTimeTable: without extrapolation the run stops once the table time leaves the table") {
  const std::string text = table_netlist(R"({ "type": "signal.CombiTimeTable", "params": {
      "table": [[0, 1], [1, 1]], "extrapolation": "no_extrapolation" } })",
                                         2.0);
  try {
    simulate_netlist(text);
    FAIL("the run went past the table's end");
  } catch (const SolverError& e) {
    const std::string message = e.what();
    CHECK(message.find("tab: the table time is after the table's times [0, 1] (no_extrapolation)") != std::string::npos);
  }
}

TEST_CASE("signal.CombiTimeTable: corners are events by default, stepped over with at_discontinuities") {
  const auto has_time = [](const SimulationRun& run, double instant) {
    const std::vector<double> t = run.times();
    return std::any_of(t.begin(), t.end(), [&](double x) { return std::abs(x - instant) <= 1e-12; });
  };
  const auto integral = [](double t) { return t < 1.055 ? t * t / 1.055 : 1.055 + 2.0 * (t - 1.055); };
  for (const std::string events : {"always", "at_discontinuities"}) {
    CAPTURE(events);
    const auto run = simulate_netlist(table_netlist(R"({ "type": "signal.CombiTimeTable", "params": {
        "table": [[0, 0], [1.055, 2], [3, 2]], "time_events": ")" + events + R"(" } })",
                                                    2.0));
    CHECK(has_time(*run, 1.055) == (events == "always"));  // an event has its own rows
    CHECK(largest_error(*run, "i1.y", integral) <= (events == "always" ? 1e-9 : 1e-6));
  }
}

TEST_CASE("signal.CombiTimeTable: a periodic table repeats with the period of its times, before its first time too") {
  // A triangle over [1, 3] s (0, 2, 0), repeated every 2 s; at t = 0 the table time is one period
  // before the table, so the run starts in repetition −1. With φ = (t − 1) mod 2 the value is 2φ,
  // then 2·(2 − φ); its integral over a repetition from φ = 0 is φ², then 4φ − φ² − 2.
  const auto run = simulate_netlist(table_netlist(R"({ "type": "signal.CombiTimeTable", "params": {
      "table": [[1, 0], [2, 2], [3, 0]], "extrapolation": "periodic" } })",
                                                  6.5));
  const auto phase = [](double t) { return t - 1.0 - 2.0 * std::floor((t - 1.0) / 2.0); };
  const auto value = [&](double t) {
    const double p = phase(t);
    return p < 1.0 ? 2.0 * p : 2.0 * (2.0 - p);
  };
  const auto within = [&](double t) {
    const double p = phase(t);
    return p < 1.0 ? p * p : 4.0 * p - p * p - 2.0;
  };
  const auto integral = [&](double t) { return 2.0 * std::floor((t - 1.0) / 2.0) + within(t) + 1.0; };
  CHECK(largest_error(*run, "tab.y[1]", value) <= 1e-10);  // a repetition's end found to a rounding
  CHECK(largest_error(*run, "i1.y", integral) <= 1e-8);
  const std::vector<std::pair<double, double>> repetitions = switches(*run, "tab.period");
  REQUIRE(repetitions.size() == 3);  // at 1, 3 and 5 s
  for (std::size_t k = 0; k < repetitions.size(); ++k) {
    CHECK(repetitions[k].first == doctest::Approx(1.0 + 2.0 * static_cast<double>(k)).epsilon(1e-12));
    CHECK(repetitions[k].second == static_cast<double>(k));
  }
  CHECK(error_of_periodic_without_span() ==
        "/components/tab/params/extrapolation: a periodic table needs rows at two times at least (its period is the "
        "last time − the first)");
}

TEST_CASE("signal.CombiTimeTable: check notes a table whose corners are more than a thousand events") {
  // A zigzag of 1002 rows: 1000 interior corners in each of its two columns.
  nlohmann::json rows = nlohmann::json::array();
  for (int k = 0; k < 1002; ++k) rows.push_back({0.1 * k, k % 2, 2 * (k % 2)});
  const Definition many = instantiate("signal.CombiTimeTable", {{"table", rows}}, "tab");
  REQUIRE(many.notes.size() == 1);
  CHECK(many.notes[0].starts_with("2000 corners of the table are events"));
  CHECK(instantiate("signal.CombiTimeTable", {{"table", rows}, {"time_events", "at_discontinuities"}}, "tab").notes.empty());
  CHECK(instantiate("signal.CombiTimeTable", {{"table", rows}, {"columns", {2}}}, "tab").notes.empty());  // 1000
}
