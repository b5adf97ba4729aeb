// Comparison of the continuous blocks with the Modelica Standard Library reference trajectories
// (tests/reference/data): netlists/reference/<Case>.json on the reference's grid, every column
// within 1e-3 of its range (reference_case.hpp).

#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "tests/reference/reference_case.hpp"

using namespace acausal;
using namespace acausal::reference;

namespace {

const std::vector<std::string> kFilters = {"Bessel", "Butterworth", "ChebyshevI", "CriticalDamping"};

/// Every filter's three states, mapped to the reference column of the same name.
std::vector<SignalMap> every_state() {
  std::vector<SignalMap> table;
  for (const std::string& f : kFilters)
    for (int i = 1; i <= 3; ++i) {
      const std::string x = f + ".x[" + std::to_string(i) + "]";
      table.push_back({x, x});
    }
  return table;
}

}  // namespace

TEST_SUITE("reference") {

TEST_CASE("Blocks_Filter: Modelica.Blocks.Examples.Filter with its four analog prototypes") {
  const CaseRun run = compare_case("Blocks_Filter", every_state());
  // Steady state for u = 0.1 at the start (model.md, "Initial conditions"): a real pole's state and
  // the pair's output are 0.1, the pair's first state −(a/b)·0.1 with the pair's eigenvalues a ± j·b
  // (a/b = −13.182806/12.576851, −6.283185/10.882796 = −1/√3 and −3.372940/11.004436); all stay
  // there until the step at t = 0.1 s.
  struct Start {
    std::string column;
    double value;
  };
  const std::vector<Start> starts = {
      {"Bessel.x[1]", 0.1},          {"Bessel.x[2]", 0.1 * 13.182806 / 12.576851},
      {"Bessel.x[3]", 0.1},          {"Butterworth.x[1]", 0.1},
      {"Butterworth.x[2]", 0.1 / std::sqrt(3.0)}, {"Butterworth.x[3]", 0.1},
      {"ChebyshevI.x[1]", 0.1},      {"ChebyshevI.x[2]", 0.1 * 3.372940 / 11.004436},
      {"ChebyshevI.x[3]", 0.1},      {"CriticalDamping.x[1]", 0.1},
      {"CriticalDamping.x[2]", 0.1}, {"CriticalDamping.x[3]", 0.1},
  };
  const std::vector<double>& t = run.result.times();
  for (const Start& s : starts) {
    const std::vector<double> x = run.result.column(s.column);
    CAPTURE(s.column);
    for (std::size_t k = 0; k < t.size() && t[k] < 0.1; ++k) CHECK(x[k] == doctest::Approx(s.value).epsilon(1e-6));
  }
}

TEST_CASE("Blocks_Filter: the CriticalDamping block unnormalized at f_cut/alpha is the example's CriticalDamping filter") {
  // Continuous.Filter's CriticalDamping prototype normalizes with alpha = sqrt(10^(3/(10·3)) − 1) =
  // 0.50884714 (the exact −3 dB point), the CriticalDamping block with sqrt(2^(1/3) − 1): the block
  // unnormalized at f = 2 Hz/alpha = 3.9304535 Hz has the filter's three poles at −24.695767 rad/s
  // and the same states (three first-order lags in series, each of gain 1).
  Netlist n = load_netlist(std::string(ACAUSAL_SOURCE_DIR) + "/netlists/reference/Blocks_Filter.json");
  NetlistComponent* c = n.find("CriticalDamping");
  REQUIRE(c != nullptr);
  c->type = "signal.CriticalDamping";
  c->params = {{"n", 3}, {"f", "3.930453456720543 Hz"}, {"normalized", false}, {"init", "steady_state"}};
  compare_netlist("Blocks_Filter", n, every_state());
}

}  // TEST_SUITE("reference")
