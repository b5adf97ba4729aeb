#include <doctest/doctest.h>

#include "core/expr/expr.hpp"

using namespace acausal;

TEST_CASE("a readable residual") {
  Expr phi = Expr::variable("inertia1.phi");
  Expr w = Expr::variable("inertia1.w");
  CHECK(to_string(der(phi) - w) == "der(inertia1.phi) - inertia1.w");
}
