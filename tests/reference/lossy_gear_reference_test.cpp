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

// Expected to fail until the solver controls the error of the algebraic unknowns an event indicator
// reads. IDA runs with IDASetSuppressAlg (solver/ida_session.cpp): only the differential unknowns
// enter its error test. While the gear is stuck (0.08 s to 0.2 s) both inertias stand still, the
// states are constant and IDA's steps grow to ~0.1 s, though the holding torque sa and tau_C follow
// the sine drive; the indicator sa − tauLossMax_p is then root-found on IDA's interpolating polynomial
// of those algebraic unknowns over that long step, and the gear starts forward at 0.2369 s instead of
// 0.1995 s (Inertia2.w off by 10 % of its range, Inertia2.phi by 38 %). With the algebraic unknowns
// in the error test (IDASetSuppressAlg(SUNFALSE)) this case passes: 3.9e-6 and 1.0e-6 of the ranges,
// the modes equal, the switches within 1e-7 s (but that global switch is no fix: other tests then
// fail). rotational.Brake held against a sine torque breaks away 1e-3 s late for the same reason.
TEST_CASE("Rot_LossyGearDemo1: Modelica.Mechanics.Rotational.Examples.LossyGearDemo1" * doctest::should_fail()) {
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
