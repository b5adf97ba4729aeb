// Rot_LossyGearDemo1 (Modelica.Mechanics.Rotational.Examples.LossyGearDemo1) against its MSL
// reference: a self-locking lossy gear between a sine drive and a ramp load rolls backward, sticks,
// rolls forward, sticks and rolls backward again (tests/reference/data/Rot_LossyGearDemo1/model.md).

#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "tests/reference/reference_case.hpp"

using namespace acausal;
using namespace acausal::reference;

TEST_SUITE("reference") {

TEST_CASE("Rot_LossyGearDemo1: Modelica.Mechanics.Rotational.Examples.LossyGearDemo1") {
  const CaseRun run = compare_case("Rot_LossyGearDemo1", {
                                                             {"Inertia2.phi", "Inertia2.phi"},
                                                             {"Inertia2.w", "Inertia2.w"},
                                                             {"gear.mode", "gear.mode", 1.0, 0.0, kEventWindow},
                                                         });
  // The switches of model.md: stuck at the start, backward at once (w_a leaves 0 at t ≈ 0), then
  // stuck, forward, stuck, backward at the times the reference found.
  const std::vector<double>& t = run.result.times();
  const std::vector<double> mode = run.result.column("gear.mode");
  std::vector<std::pair<double, double>> switches;  // (time, new mode)
  for (std::size_t k = 1; k < mode.size(); ++k)
    if (mode[k] != mode[k - 1]) switches.emplace_back(t[k], mode[k]);
  CHECK(mode.front() == 0.0);
  const std::vector<std::pair<double, double>> expected = {
      {0.0, -1.0}, {0.0804771, 0.0}, {0.1995199, 1.0}, {0.3713428, 0.0}, {0.4645395, -1.0}};
  REQUIRE(switches.size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    CAPTURE(i);
    CHECK(std::fabs(switches[i].first - expected[i].first) <= 1e-4);
    CHECK(switches[i].second == expected[i].second);
  }
}

}  // TEST_SUITE
