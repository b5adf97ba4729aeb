// maglev.json simulated with the components of libmaglev.so: the energy account closes, and the puck
// settles toward the gap where the magnets carry its weight.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "maglev.hpp"

using namespace acausal;
using namespace acausal::testing;
using maglev_tests::registry;

TEST_CASE("maglev.json: the energy account closes, for the whole and for every component") {
  const auto run = simulate_netlist_file(MAGLEV_NETLIST, &registry());
  CHECK(check_energy(*run, EnergyTolerance{.balance = 1e-6, .audit = 1e-9}));

  const EnergyReport& e = run->energy();
  CHECK(e.work_injected > 0.0);  // the weight does work as the puck sinks ...
  CHECK(e.work_lost > 0.0);      // ... and the drag dissipates some of it
}

TEST_CASE("maglev.json: the puck oscillates about the gap where 3K/g⁴ equals its weight, ever less") {
  const auto run = simulate_netlist_file(MAGLEV_NETLIST, &registry());
  const double K = 2e-7 * 0.5 * 0.5;
  const double weight = 0.1 * 9.80665;
  const double gap = std::pow(3.0 * K / weight, 0.25);  // 19.8 mm
  const auto s = run->grid_column("puck.s");  // on the output grid (each reversal adds two event rows)
  REQUIRE(s.size() == 1001);
  CHECK(s.front() == doctest::Approx(0.03));
  const auto [first_low, first_high] = std::minmax_element(s.begin(), s.begin() + 250);  // 0 to 0.5 s
  const auto [last_low, last_high] = std::minmax_element(s.end() - 250, s.end());        // 1.5 to 2 s
  CHECK(*last_low < gap);
  CHECK(*last_high > gap);
  CHECK(*last_high - *last_low < 0.25 * (*first_high - *first_low));  // the drag took most of the swing
}
