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

TEST_SUITE("reference") {

TEST_CASE("Blocks_Filter: Modelica.Blocks.Examples.Filter with the CriticalDamping prototype") {
  // Only the CriticalDamping filter's states are kept in the data (its three lags in series).
  const CaseRun run = compare_case("Blocks_Filter", {
                                                        {"CriticalDamping.x[1]", "CriticalDamping.x[1]"},
                                                        {"CriticalDamping.x[2]", "CriticalDamping.x[2]"},
                                                        {"CriticalDamping.x[3]", "CriticalDamping.x[3]"},
                                                    });
  // Steady state for u = 0.1 at the start: every state is 0.1 (model.md, "Initial conditions"), and
  // stays there until the step at t = 0.1 s.
  const std::vector<double>& t = run.result.times();
  for (const std::string column : {"CriticalDamping.x[1]", "CriticalDamping.x[2]", "CriticalDamping.x[3]"}) {
    const std::vector<double> x = run.result.column(column);
    CAPTURE(column);
    for (std::size_t k = 0; k < t.size() && t[k] < 0.1; ++k) CHECK(std::fabs(x[k] - 0.1) <= 1e-12);
  }
}

}  // TEST_SUITE("reference")
