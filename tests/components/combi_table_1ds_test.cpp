// signal.CombiTable1Ds: columns of a table read at an input signal (inline or from a CSV file)
// against the piecewise-linear and piecewise-constant forms by hand, MSL's extrapolations, and the
// messages of a table it cannot use.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "core/model/errors.hpp"
#include "tests/support/scratch_directory.hpp"
#include "tests/support/simulation_run.hpp"

using namespace acausal;
using namespace acausal::testing;
namespace fs = std::filesystem;

namespace {

/// The table "tab" (component entry text) read at u = t from 0 to 3 s (a ramp of 3 over 3 s).
std::string lookup_netlist(const std::string& table) {
  return R"({ "format": "acausal/1", "name": "lookup",
    "components": { "u": { "type": "signal.Ramp", "params": { "height": 3, "duration": 3 } }, "tab": )" + table + R"( },
    "connections": [["u.y", "tab.u"]],
    "experiment": { "start": 0, "stop": 3, "interval": 0.01, "tolerance": 1e-10 } })";
}

double largest_error(const SimulationRun& run, const std::string& column, const std::function<double(double)>& expected) {
  const std::vector<double> t = run.times(), y = run.column(column);
  double largest = 0.0;
  for (std::size_t k = 0; k < t.size(); ++k) largest = std::max(largest, std::abs(y[k] - expected(t[k])));
  return largest;
}

}  // namespace

TEST_CASE("signal.CombiTable1Ds: each column linear between rows, extrapolated through the last two") {
  // Column 2: 0 → 2 on [0, 1], 2 on [1, 2], then the line through (1, 2) and (2, 2): 2. Column 3:
  // 1, 1, 3: flat, then slope 2, continued beyond u = 2.
  const auto run = simulate_netlist(lookup_netlist(R"({ "type": "signal.CombiTable1Ds", "params": {
      "table": [[0, 0, 1], [1, 2, 1], [2, 2, 3]] } })"));
  CHECK(largest_error(*run, "tab.y[1]", [](double u) { return u < 1.0 ? 2.0 * u : 2.0; }) <= 1e-12);
  CHECK(largest_error(*run, "tab.y[2]", [](double u) { return u < 1.0 ? 1.0 : 1.0 + 2.0 * (u - 1.0); }) <= 1e-12);
}

TEST_CASE("signal.CombiTable1Ds: constant segments, a chosen column, the end values held") {
  const auto run = simulate_netlist(lookup_netlist(R"({ "type": "signal.CombiTable1Ds", "params": {
      "table": [[0.5, 9, 4], [1.5, 9, -1], [2, 9, 6]], "columns": [3], "smoothness": "constant_segments",
      "extrapolation": "hold_last_point" } })"));
  const auto expected = [](double u) { return u < 1.5 ? 4.0 : u < 2.0 ? -1.0 : 6.0; };
  const std::vector<double> t = run->times(), y = run->column("tab.y[1]");
  for (std::size_t k = 0; k < t.size(); ++k) {
    const bool at_step = std::abs(t[k] - 1.5) < 1e-9 || std::abs(t[k] - 2.0) < 1e-9;  // both limits are rows
    if (!at_step) CHECK(y[k] == expected(t[k]));
  }
  CHECK_THROWS_WITH_AS(run->column("tab.y[2]"), doctest::Contains("tab.y[2]"), std::out_of_range);
}

TEST_CASE("signal.CombiTable1Ds: a CSV file beside the netlist, and the messages of a table it cannot use") {
  const fs::path dir = test_support::scratch_directory() / "combi_table_1ds";
  fs::create_directories(dir);
  std::ofstream(dir / "map.csv") << "# full-load torque [N*m] over speed [rad/s]\nw,tau\n0,60\n100,140\n300,200\n";
  std::ofstream(dir / "back.csv") << "0,1\n2,1\n2,3\n";
  const auto write = [&](const std::string& params) {
    std::ofstream(dir / "n.json") << lookup_netlist(R"({ "type": "signal.CombiTable1Ds", "params": )" + params + " }");
    return (dir / "n.json").string();
  };
  const auto run = simulate_netlist_file(write(R"({ "file": "map.csv" })"));
  CHECK(largest_error(*run, "tab.y[1]", [](double u) { return 60.0 + 0.8 * u; }) <= 1e-12);  // u ≤ 3: first segment
  const auto error = [&](const std::string& params) {
    try {
      simulate_netlist_file(write(params));
    } catch (const ModelError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(error(R"({})") ==
        "/components/tab/params/table: signal.CombiTable1Ds needs a table: rows [u, v1, v2, …] in table, or a CSV file in file");
  CHECK(error(R"({ "file": "back.csv" })") ==
        "/components/tab/params/file: " + (dir / "back.csv").string() + ": line 3: u must increase strictly: 2 after 2");
  CHECK(error(R"({ "table": [[0, 1], [1, 2], [0.5, 3]] })") ==
        "/components/tab/params/table/2/0: u must increase strictly: 0.5 after 1");
  CHECK(error(R"({ "table": [[0, 1], [1, 2]], "columns": [1] })") ==
        "/components/tab/params/columns/0: column 1 is not a column of values: the table has columns 2 to 2 after its u "
        "column 1");
}
