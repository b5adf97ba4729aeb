#include <doctest/doctest.h>

#include "core/model/errors.hpp"
#include "tests/support/component_harness.hpp"

using namespace acausal;
using namespace acausal::testing;

TEST_CASE("rotational.Spring: Hooke's law and its energy balance") {
  Definition d = instantiate("rotational.Spring", {{"c", 200.0}, {"phi_rel0", 0.1}}, "s");
  Values v{{"s.R.phi", 0.7},      {"s.C.phi", 0.2},      {"s.phi_rel", 0.5},      {"s.w_rel", 3.0},
           {"s.tau", 200.0 * 0.4}, {"s.R.tau", 80.0},     {"s.C.tau", -80.0},      {"der(s.R.phi)", 5.0},
           {"der(s.C.phi)", 2.0},  {"der(s.phi_rel)", 3.0}};
  for (double r : residuals(d, v)) CHECK(r == doctest::Approx(0.0));
  // power in = tau·(w_R − w_C) = 80·3 = 240 W = dE/dt = c·(phi_rel − phi_rel0)·w_rel
  CHECK(energy_audit(d, v) == doctest::Approx(0.0));
}

TEST_CASE("rotational.Inertia: parameter validation names the parameter") {
  CHECK_THROWS_WITH_AS(instantiate("rotational.Inertia", {{"J", -1.0}}, "in1"),
                       "/components/in1/params/J: J must be positive, got -1", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.Inertia", {{"j", 1.0}}, "in1"),
                       "/components/in1/params/j: unknown parameter \"j\" of rotational.Inertia; valid: J", ModelError);
}
