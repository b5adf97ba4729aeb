// Exact strings from to_string(): the printed form is what users read in diagnostics, so each
// string here is checked to be both readable and the right mathematics (precedence, signs).

#include <doctest/doctest.h>

#include <memory>
#include <sstream>
#include <vector>

#include "core/expr/expr.hpp"
#include "core/expr/expr_diff.hpp"
#include "core/expr/table.hpp"

using namespace acausal;

namespace {

struct Symbols {
  Expr x = Expr::variable("x");
  Expr y = Expr::variable("y");
  Expr z = Expr::variable("z");
  Expr k = Expr::parameter("k");
};

}  // namespace

TEST_CASE("print: leaves, derivatives and time") {
  const Symbols s;
  CHECK(to_string(s.x) == "x");
  CHECK(to_string(Expr::variable("inertia1.phi")) == "inertia1.phi");
  CHECK(to_string(s.k) == "k");
  CHECK(to_string(Expr::time()) == "time");
  CHECK(to_string(der(s.x)) == "der(x)");
  CHECK(to_string(der(der(s.x))) == "der(der(x))");
  CHECK(to_string(der(Expr::variable("inertia1.phi")) - Expr::variable("inertia1.w")) ==
        "der(inertia1.phi) - inertia1.w");
  CHECK(to_string(der(s.x) + 2.0 * der(der(s.x))) == "der(x) + 2*der(der(x))");
  CHECK(to_string(s.k * der(s.x)) == "k*der(x)");
  CHECK(to_string(2.0 * Expr::time()) == "2*time");
  CHECK(to_string(Expr::time() - 1.0) == "time - 1");
  CHECK(to_string(pow(Expr::time(), 2)) == "time^2");

  std::ostringstream os;
  os << der(s.x) - s.y;
  CHECK(os.str() == "der(x) - y");
}

TEST_CASE("print: constants") {
  CHECK(to_string(Expr(0.0)) == "0");
  CHECK(to_string(Expr(-0.0)) == "0");
  CHECK(to_string(Expr(2.0)) == "2");
  CHECK(to_string(Expr(-2.5)) == "-2.5");
  CHECK(to_string(Expr(0.1)) == "0.1");
  CHECK(to_string(Expr(0.001)) == "0.001");
  CHECK(to_string(Expr(10000.0)) == "10000");
  CHECK(to_string(Expr(123456.0)) == "123456");
  CHECK(to_string(Expr(1.5e-7)) == "1.5e-07");
}

TEST_CASE("print: sums with negative terms") {
  const Symbols s;
  CHECK(to_string(s.x + s.y) == "x + y");
  CHECK(to_string(s.x - s.y) == "x - y");
  CHECK(to_string(s.x - 1.0) == "x - 1");
  CHECK(to_string(s.x + 1.0) == "x + 1");
  CHECK(to_string(-s.x) == "-x");
  CHECK(to_string(-s.x - 1.0) == "-x - 1");
  CHECK(to_string(-s.x + s.y) == "-x + y");
  CHECK(to_string(s.x - 2.0 * s.y + 3.0) == "x - 2*y + 3");
  CHECK(to_string(2.0 * s.x - 3.0 * s.y - 4.0 * s.z) == "2*x - 3*y - 4*z");
  CHECK(to_string(s.x - (s.y - s.z)) == "x - y + z");
  CHECK(to_string(Expr(-2.5) * s.x) == "-2.5*x");
  CHECK(to_string(s.x * (-s.y)) == "-x*y");
  CHECK(to_string(-(s.x + s.y)) == "-(x + y)");
  CHECK(to_string(-(s.x + s.y) * s.z) == "-z*(x + y)");
  CHECK(to_string(s.k * (s.x - s.y)) == "k*(x - y)");
  CHECK(to_string(-s.k * (s.x - s.y)) == "-k*(x - y)");
  CHECK(to_string(s.x * (s.y + s.z)) == "x*(y + z)");
}

TEST_CASE("print: products with denominators") {
  const Symbols s;
  CHECK(to_string(s.x / s.y) == "x / y");
  CHECK(to_string(s.x / (s.y * s.k)) == "x / (k*y)");
  CHECK(to_string(2.0 * s.x / s.y) == "2*x / y");
  CHECK(to_string(-2.0 * s.x / s.y) == "-2*x / y");
  CHECK(to_string(-2.0 * s.x / s.y + s.z) == "-2*x / y + z");
  CHECK(to_string(-1.0 / s.y) == "-1 / y");
  CHECK(to_string(Expr(1.0) / (s.y * s.z)) == "1 / (y*z)");
  CHECK(to_string(-s.x / (s.y * s.z)) == "-x / (y*z)");
  CHECK(to_string(s.x / pow(s.y, 2)) == "x / y^2");
  CHECK(to_string(s.x / (pow(s.y, 2) * s.z)) == "x / (y^2*z)");
  CHECK(to_string(pow(s.x, 2) * s.z / s.y) == "z*x^2 / y");
  CHECK(to_string(s.x / (s.y + s.z)) == "x / (y + z)");
  CHECK(to_string((s.x + s.y) / (s.y - s.z)) == "(x + y) / (y - z)");
  CHECK(to_string(s.z / pow(s.x + s.y, 2)) == "z / (x + y)^2");
  CHECK(to_string(s.x - s.y / s.z) == "x - y / z");
  CHECK(to_string(s.x + (-2.0) / s.y) == "x - 2 / y");
  CHECK(to_string(s.x * pow(s.y, Expr(-0.5))) == "x / y^0.5");
  CHECK(to_string(0.5 * s.x) == "0.5*x");
}

TEST_CASE("print: powers") {
  const Symbols s;
  CHECK(to_string(pow(s.x, 2)) == "x^2");
  CHECK(to_string(2.0 * pow(s.x, 2)) == "2*x^2");
  CHECK(to_string(-pow(s.x, 2)) == "-x^2");  // −(x²), the conventional reading
  CHECK(to_string(pow(s.x, -2)) == "1 / x^2");
  CHECK(to_string(pow(s.x, Expr(0.5))) == "x^0.5");
  CHECK(to_string(pow(s.x, Expr(-0.5))) == "1 / x^0.5");
  CHECK(to_string(pow(s.x, s.y)) == "x^y");
  CHECK(to_string(pow(s.x, -s.y)) == "x^(-y)");
  CHECK(to_string(pow(s.x, s.y + 1.0)) == "x^(y + 1)");
  CHECK(to_string(pow(s.x + s.y, 2)) == "(x + y)^2");
  CHECK(to_string(pow(-s.x, s.y)) == "(-x)^y");
  CHECK(to_string(pow(Expr(-2.0), s.y)) == "(-2)^y");
  CHECK(to_string(pow(2.0 * s.x, s.y)) == "(2*x)^y");
  CHECK(to_string(pow(s.x / s.y, s.z)) == "(x / y)^z");
  CHECK(to_string(pow(s.x, pow(s.y, s.z))) == "x^(y^z)");
  CHECK(to_string(pow(pow(s.x, s.y), s.z)) == "(x^y)^z");
  CHECK(to_string(pow(pow(s.x, 2), Expr(0.5))) == "(x^2)^0.5");
}

TEST_CASE("print: functions") {
  const Symbols s;
  CHECK(to_string(sin(s.x)) == "sin(x)");
  CHECK(to_string(cos(s.x + s.y)) == "cos(x + y)");
  CHECK(to_string(tan(s.x)) == "tan(x)");
  CHECK(to_string(asin(s.x)) == "asin(x)");
  CHECK(to_string(acos(s.x)) == "acos(x)");
  CHECK(to_string(atan(s.x)) == "atan(x)");
  CHECK(to_string(tanh(s.x) * cos(s.y)) == "cos(y)*tanh(x)");
  CHECK(to_string(exp(-s.x)) == "exp(-x)");
  CHECK(to_string(log(s.x + 1.0)) == "log(x + 1)");
  CHECK(to_string(sqrt(s.x * s.x + s.y * s.y)) == "sqrt(x^2 + y^2)");
  CHECK(to_string(atan2(s.y, s.x)) == "atan2(y, x)");
  CHECK(to_string(abs(s.x - s.y)) == "abs(x - y)");
  CHECK(to_string(sign(s.x)) == "sign(x)");
  CHECK(to_string(min(s.x, s.y)) == "min(x, y)");
  CHECK(to_string(max(s.x, 2.0)) == "max(x, 2)");
  CHECK(to_string(min(s.x, s.y) - max(s.x, -s.y)) == "min(x, y) - max(x, -y)");
  CHECK(to_string(sin(2.0 * Expr::time())) == "sin(2*time)");
}

TEST_CASE("print: relations, and/or, if_else") {
  const Symbols s;
  CHECK(to_string(s.x < s.y) == "x < y");
  CHECK(to_string(s.x <= s.y) == "x <= y");
  CHECK(to_string(s.x > -1.0) == "x > -1");
  CHECK(to_string(s.x >= 0.0) == "x >= 0");
  CHECK(to_string(s.x + 1.0 >= s.y * 2.0) == "x + 1 >= 2*y");
  CHECK(to_string((s.x < s.y) < s.z) == "(x < y) < z");

  CHECK(to_string(logical_and(s.x > 0.0, s.y < 1.0)) == "x > 0 and y < 1");
  CHECK(to_string(logical_or(s.x > 0.0, s.y < 1.0)) == "x > 0 or y < 1");
  // and binds more tightly than or
  CHECK(to_string(logical_or(s.x > 0.0, logical_and(s.y < 1.0, s.z >= 2.0))) ==
        "x > 0 or y < 1 and z >= 2");
  CHECK(to_string(logical_and(logical_or(s.x > 0.0, s.y > 0.0), s.z < 1.0)) ==
        "(x > 0 or y > 0) and z < 1");

  CHECK(to_string(if_else(s.x >= 0.0, s.k * s.x, 2.0 * s.k * s.x)) ==
        "if x >= 0 then k*x else 2*k*x");
  CHECK(to_string(if_else(s.x < 0.0, -s.x, s.x)) == "if x < 0 then -x else x");
  CHECK(to_string(if_else(s.x > s.y, s.x - s.y, Expr(0.0))) == "if x > y then x - y else 0");
  CHECK(to_string(if_else(s.x > 0.0, s.x, if_else(s.x < -1.0, Expr(-1.0), s.x * s.x))) ==
        "if x > 0 then x else if x < -1 then -1 else x^2");
  CHECK(to_string(if_else(logical_and(s.x > 0.0, s.y > 0.0), s.x * s.y, -s.x * s.y)) ==
        "if x > 0 and y > 0 then x*y else -x*y");
  // an if_else inside a sum is parenthesized
  CHECK(to_string(1.0 + if_else(s.x > 0.0, s.x, Expr(0.0))) == "(if x > 0 then x else 0) + 1");
}

TEST_CASE("print: tables") {
  const Symbols s;
  const auto t = std::make_shared<const Table1D>("friction", std::vector<double>{0.0, 1.0, 2.0},
                                                 std::vector<double>{0.0, 1.0, 4.0});
  CHECK(to_string(interpolate(t, s.x)) == "table(friction, x)");
  CHECK(to_string(interpolate(t, s.x + 1.0)) == "table(friction, x + 1)");
  CHECK(to_string(2.0 * interpolate(t, s.x)) == "2*table(friction, x)");
  CHECK(to_string(diff(interpolate(t, s.x), s.x)) == "table_d1(friction, x)");
  CHECK(to_string(diff(interpolate(t, 2.0 * s.x), s.x)) == "2*table_d1(friction, 2*x)");

  const auto smooth = std::make_shared<const Table1D>("cam", std::vector<double>{0.0, 1.0, 2.0},
                                                      std::vector<double>{0.0, 1.0, 4.0},
                                                      Interpolation::Smooth);
  CHECK(to_string(diff(diff(interpolate(smooth, s.x), s.x), s.x)) == "table_d2(cam, x)");
}
