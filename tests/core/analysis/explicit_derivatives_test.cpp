// The explicit form of a derivative (core/analysis/program.hpp, ExplicitDerivatives): der(x) = g(t, y) read
// from the residual that is an ODE for it alone.
#include <doctest/doctest.h>

#include "core/analysis/program.hpp"

using namespace acausal;

TEST_CASE("explicit derivatives: the residual that defines der(x) alone, with a constant coefficient") {
  const Expr s = Expr::variable("m.s"), v = Expr::variable("m.v"), a = Expr::variable("m.a"),
             b = Expr::variable("m.b"), w = Expr::variable("m.w");
  const std::vector<Expr> residuals{
      v - der(s),                  // der(s) = v
      2.0 * der(v) + 4.0 * s,      // der(v) = −2·s
      der(a) + der(b),             // two derivatives: defines neither
      w * der(w) - 1.0,            // a coefficient that is not constant
      sin(s) * 3.0 - 0.5 * der(s)  // der(s) is defined already (by the first)
  };
  ExplicitDerivatives d(residuals);
  REQUIRE(d.find(der(s)) != nullptr);
  CHECK(*d.find(der(s)) == v);
  REQUIRE(d.find(der(v)) != nullptr);
  CHECK(*d.find(der(v)) == -2.0 * s);
  CHECK(d.find(der(a)) == nullptr);
  CHECK(d.find(der(b)) == nullptr);
  CHECK(d.find(der(w)) == nullptr);
  CHECK(d.find(s) == nullptr);  // not a derivative
  CHECK(d.find(der(s)) == d.find(der(s)));  // built once
}
