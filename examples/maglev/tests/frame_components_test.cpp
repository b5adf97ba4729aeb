// The 3D components: check_component at random operating points, and guideway.json against the
// closed form of a body coasting against quadratic drag.

#include <doctest/doctest.h>

#include <cmath>

#include "maglev.hpp"

using namespace acausal;
using namespace acausal::testing;
using maglev_tests::registry;

TEST_CASE("AirDrag and Guide pass every check of check_component") {
  for (const char* type : {"maglev.AirDrag", "maglev.Guide"}) {
    const CheckResult c = check_component(registry(), type);
    CHECK_MESSAGE(c, c.message());
  }
}

TEST_CASE("guideway.json: the vehicle coasts as v0/(1 + k·v0·t/m) and its energy account closes") {
  const auto run = simulate_netlist_file(MAGLEV_GUIDEWAY_NETLIST, &registry());
  CHECK(check_energy(*run, EnergyTolerance{.balance = 1e-6, .audit = 1e-9}));
  const double m = 500.0, k = 0.8, v0 = 20.0;
  const auto t = run->grid_times();
  const auto v = run->grid_column("vehicle.v_0[1]");
  const auto s = run->grid_column("guide.axis.s");
  const auto height = run->grid_column("vehicle.frame_a.r_0[2]");
  const auto push = run->grid_column("guide.axis.f");
  REQUIRE(t.size() == 121);
  for (std::size_t i = 0; i < t.size(); ++i) {
    CAPTURE(t[i]);
    CHECK(v[i] == doctest::Approx(v0 / (1.0 + k * v0 * t[i] / m)).epsilon(1e-6));
    CHECK(s[i] == doctest::Approx(m / k * std::log1p(k * v0 * t[i] / m)).epsilon(1e-6).scale(1.0));
    CHECK(std::fabs(height[i]) < 1e-12);  // the guide carries the weight
    CHECK(std::fabs(push[i]) < 1e-9);     // nothing holds the slide
  }
  // The drag took the kinetic energy the vehicle lost.
  const double lost = 0.5 * m * (v0 * v0 - v.back() * v.back());
  CHECK(run->energy().work_lost == doctest::Approx(lost).epsilon(1e-6));
}
