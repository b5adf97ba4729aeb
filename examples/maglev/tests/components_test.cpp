// The two components at values chosen by hand: the law in both directions, the energy audit, the
// Jacobian against central differences, and the validation of parameters.

#include <doctest/doctest.h>

#include <cmath>

#include "maglev.hpp"

using namespace acausal;
using namespace acausal::testing;
using maglev_tests::registry;

TEST_CASE("QuadraticDrag: the law and the energy audit at hand-picked points, in both directions") {
  const Definition d = instantiate(registry(), "maglev.QuadraticDrag", {{"d", 2.0}});
  CHECK(balance_surplus(d) == 0);  // one equation per variable, less one per port (its node gives that)

  // R moves at +0.5 m/s, C at −1 m/s: v_rel = 1.5 m/s, f = 2·1.5·|1.5| = 4.5 N into R, out of C.
  Values v{{"x.R.s", 0.3},      {"x.C.s", 0.1},       {"x.s_rel", 0.2},
           {"der(x.R.s)", 0.5}, {"der(x.C.s)", -1.0}, {"x.v_rel", 1.5},
           {"x.f", 4.5},        {"x.R.f", 4.5},       {"x.C.f", -4.5}};
  CHECK(check_residuals(d, v));
  CHECK(value(d.loss_power, v) == doctest::Approx(2.0 * 1.5 * 1.5 * 1.5));  // d·|v_rel|³
  CHECK(check_energy_audit(d, v));

  // Reversed motion: the force changes sign, the loss does not.
  Values back = v;
  back["der(x.R.s)"] = -0.5, back["der(x.C.s)"] = 1.0, back["x.v_rel"] = -1.5;
  back["x.f"] = -4.5, back["x.R.f"] = -4.5, back["x.C.f"] = 4.5;
  CHECK(check_residuals(d, back));
  CHECK(value(d.loss_power, back) == doctest::Approx(6.75));
  CHECK(check_energy_audit(d, back));

  // A force of the wrong size breaks the law, and only the law; the audit sees it too.
  back["x.f"] = -4.0, back["x.R.f"] = -4.0, back["x.C.f"] = 4.0;
  const CheckResult law = check_residuals(d, back);
  CHECK_FALSE(law);
  CHECK(law.subjects() == std::vector<std::string>{"equation 5 (quadratic drag)"});
  CHECK(residuals(d, back).back() == doctest::Approx(0.5));  // f − d·v_rel·|v_rel| = −4 − (−4.5)
  CHECK_FALSE(check_energy_audit(d, back));
}

TEST_CASE("QuadraticDrag: the Jacobian equals central differences on both sides of v_rel = 0") {
  const Definition d = instantiate(registry(), "maglev.QuadraticDrag", {{"d", "0.5 kg/m"}}, "drag");
  for (double w : {-2.0, -0.1, 0.1, 2.0}) {
    CAPTURE(w);
    const Values at{{"drag.R.s", 0.0}, {"drag.C.s", 0.0},   {"drag.s_rel", 0.0},
                    {"der(drag.R.s)", w}, {"der(drag.C.s)", 0.0}, {"drag.v_rel", w},
                    {"drag.f", 0.0},   {"drag.R.f", 0.0},   {"drag.C.f", 0.0}};
    CHECK(check_jacobian(d, at));
    // ∂(f − d·v|v|)/∂v = −2·d·|v|
    CHECK(partial(d.equations.back().residual, "drag.v_rel", at, 1e-7).symbolic == doctest::Approx(-std::abs(w)));
  }
}

TEST_CASE("QuadraticDrag: d is validated, with the netlist's place in the message") {
  try {
    instantiate(registry(), "maglev.QuadraticDrag", {{"d", -1.0}}, "drag");
    FAIL("a negative d must be rejected");
  } catch (const ModelError& e) {
    CHECK(e.pointer() == "/components/drag/params/d");
    CHECK(e.message() == "d must not be negative, got -1");
  }
  CHECK_THROWS_WITH_AS(instantiate(registry(), "maglev.QuadraticDrag", {{"d", "3 N*s/m"}}, "drag"),
                       "/components/drag/params/d: expected a value in N*s^2/m^2 (kg/m), got '3 N*s/m' (kg/s)",
                       ModelError);
}

namespace {

/// μ0·m_R·m_C/(2π) for two magnets of 0.5 A·m² [N·m⁴].
const double kK = 2e-7 * 0.5 * 0.5;

/// Consistent values of a MagneticSpring `x` at gap g, closing at speed v (R moves, C is fixed).
Values magnets_at(double g, double v) {
  const double f = -3.0 * kK / std::pow(g, 4);
  return {{"x.R.s", g},      {"x.C.s", 0.0}, {"x.s_rel", g},    {"der(x.R.s)", v}, {"der(x.C.s)", 0.0},
          {"x.v_rel", v},    {"x.f", f},     {"x.R.f", f},      {"x.C.f", -f},     {"der(x.s_rel)", v}};
}

}  // namespace

TEST_CASE("MagneticSpring: repulsion 3K/g⁴, stored energy K/g³, audit zero, Jacobian") {
  const Definition d = instantiate(registry(), "maglev.MagneticSpring", {{"m_R", "0.5 A*m^2"}, {"m_C", 0.5}});
  CHECK(balance_surplus(d) == 0);
  for (double g : {0.005, 0.02, 0.1}) {
    for (double v : {-0.3, 0.4}) {
      CAPTURE(g);
      CAPTURE(v);
      const Values at = magnets_at(g, v);
      CHECK(check_residuals(d, at, 1e-12));
      CHECK(value(d.stored_energy, at) == doctest::Approx(kK / (g * g * g)));
      CHECK(check_energy_audit(d, at));
      CHECK(check_jacobian(d, at));
    }
  }
  // At 20 mm two 0.5 A·m² magnets push with 3·5e-8/0.02⁴ = 0.9375 N: about the weight of 96 g.
  CHECK(-magnets_at(0.02, 0.0).at("x.f") == doctest::Approx(0.9375));
}

TEST_CASE("MagneticSpring: the dipole moments must be positive") {
  CHECK_THROWS_WITH_AS(instantiate(registry(), "maglev.MagneticSpring", {{"m_C", 0.0}}, "magnets"),
                       "/components/magnets/params/m_C: m_C must be positive, got 0", ModelError);
  CHECK_THROWS_WITH_AS(instantiate(registry(), "maglev.MagneticSpring", {{"m_R", "1 A"}}, "magnets"),
                       "/components/magnets/params/m_R: expected a value in A*m^2 (m^2*A), got '1 A' (A)",
                       ModelError);
}
