// The bundled netlists with modes (netlists/vehicle_launch.json, netlists/belt_stick_slip.json) run
// with the energy account as a user runs them: the modes go through their physical sequence and the
// ledger books the friction losses.

#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/simulation_run.hpp"

using namespace acausal;
using namespace acausal::testing;

TEST_CASE("netlists/vehicle_launch.json: the clutch slips then locks, the brake stops the vehicle, the ledger closes") {
  const auto run = simulate_netlist_file(ACAUSAL_SOURCE_DIR "/netlists/vehicle_launch.json");
  // Clutch: free, slipping (the engine faster: backward), stuck (locked), free again at 6 s.
  const auto clutch = switches(*run, "clutch.mode");
  REQUIRE(clutch.size() >= 3);
  CHECK(clutch.front().second == -1.0);
  CHECK(clutch.front().first == doctest::Approx(0.5).epsilon(1e-6));
  CHECK(clutch.back().second == 2.0);
  CHECK(clutch.back().first == doctest::Approx(6.0).epsilon(1e-9));
  // Brake: free until 6 s, sliding, stuck for good once the vehicle stands.
  const auto brake = switches(*run, "brake.mode");
  REQUIRE(brake.size() == 2);
  CHECK(brake[0].second == 1.0);
  CHECK(brake[1].second == 0.0);
  const std::vector<double> w = run->column("vehicle.w");
  CHECK(std::fabs(w.back()) <= 1e-6);
  // The vehicle's kinetic energy at 6 s is what the brake dissipates (the clutch is open then).
  const std::vector<double> t = run->times();
  double w6 = 0.0;
  for (std::size_t k = 0; k < t.size(); ++k)
    if (t[k] <= 6.0) w6 = w[k];
  CHECK(work_lost(*run, "brake") == doctest::Approx(0.5 * 108.0 * w6 * w6).epsilon(1e-6));
  CHECK(work_lost(*run, "clutch") > 0.0);
  const CheckResult energy = check_energy(*run, 1e-6);
  CHECK_MESSAGE(energy.passed(), energy.message());
}

TEST_CASE("netlists/belt_stick_slip.json: the mass sticks and slips periodically") {
  const auto run = simulate_netlist_file(ACAUSAL_SOURCE_DIR "/netlists/belt_stick_slip.json");
  // Stuck at the belt's speed until spring and damper pull 1.2 * 5 N = 6 N: 100·x + 0.2·0.1 = 6 at
  // x = 0.0598 m, t = 0.598 s.
  const auto modes = switches(*run, "friction.mode");
  REQUIRE(modes.size() >= 10);
  CHECK(modes[0].second == -1.0);
  CHECK(modes[0].first == doctest::Approx(0.598).epsilon(1e-6));
  // Each cycle the same: the slips start at the same spring force, so at equal intervals.
  std::vector<double> slips;
  for (const auto& m : modes)
    if (m.second == -1.0) slips.push_back(m.first);
  REQUIRE(slips.size() >= 5);
  const double period = slips[1] - slips[0];
  for (std::size_t k = 2; k < slips.size(); ++k) CHECK(slips[k] - slips[k - 1] == doctest::Approx(period).epsilon(1e-4));
  // The belt's drive puts in what friction and the damper dissipate and the spring stores, every
  // component's account closes too. While stuck the states are exactly linear in time and IDA takes
  // long steps at order 1: the works are integrated on its interpolating polynomial, exactly there.
  const CheckResult energy = check_energy(*run, 1e-6);
  CHECK_MESSAGE(energy.passed(), energy.message());
  CHECK(work_lost(*run, "friction") > 1.0);
  CHECK(run->result.statistics.steps < 5000);  // as without the account: 2532
}
