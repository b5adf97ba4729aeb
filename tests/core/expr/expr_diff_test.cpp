// Symbolic differentiation (core/expr/expr_diff.hpp): every rule is checked against central
// differences of the tree evaluation, including points just beside a branch switch (where the
// difference does not straddle the switch, so the branch-wise derivative is the true one).

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <numbers>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/expr/expr.hpp"
#include "core/expr/expr_diff.hpp"
#include "core/expr/expr_walk.hpp"
#include "core/expr/table.hpp"

using namespace acausal;

namespace {

using Values = std::unordered_map<Expr, double, ExprHash>;

constexpr double kRelStep = 1e-6;  // central-difference step, relative to max(1, |x|)
constexpr double kTol = 1e-6;      // relative-or-absolute tolerance against a central difference

double eval(const Expr& e, const Values& v) {
  return evaluate(e, [&v](const Expr& leaf) {
    auto it = v.find(leaf);
    if (it == v.end()) throw std::logic_error("test: no value for " + to_string(leaf));
    return it->second;
  });
}

std::string describe(const Values& v) {
  std::ostringstream os;
  os.precision(17);
  for (const auto& [leaf, value] : v) os << to_string(leaf) << " = " << value << "; ";
  return os.str();
}

/// (e(x + h) − e(x − h)) / (2h) in the leaf `wrt`, the other leaves held.
double central_difference(const Expr& e, const Expr& wrt, Values v) {
  const double x0 = v.at(wrt);
  const double h = kRelStep * std::max(1.0, std::fabs(x0));
  const double xp = x0 + h;
  const double xm = x0 - h;
  v[wrt] = xp;
  const double fp = eval(e, v);
  v[wrt] = xm;
  const double fm = eval(e, v);
  return (fp - fm) / (xp - xm);
}

/// ∂e/∂wrt at v, symbolic against numeric; returns the symbolic value.
double check_partial(const Expr& e, const Expr& wrt, const Values& v) {
  const Expr d = diff(e, wrt);
  const double symbolic = eval(d, v);
  const double numeric = central_difference(e, wrt, v);
  INFO("e = ", to_string(e), "; d/d", to_string(wrt), " = ", to_string(d), "; at ", describe(v));
  REQUIRE(std::isfinite(numeric));
  CHECK(symbolic == doctest::Approx(numeric).epsilon(kTol));
  return symbolic;
}

/// Every partial of e (with respect to every leaf that has a value) at v.
void check_gradient(const Expr& e, const Values& v) {
  for (const auto& [leaf, value] : v) check_partial(e, leaf, v);
}

bool is_zero(const Expr& e) { return e.is_constant() && e.constant_value() == 0.0; }

const Expr x = Expr::variable("x");
const Expr y = Expr::variable("y");
const Expr z = Expr::variable("z");
const Expr p = Expr::parameter("p");
const Expr q = Expr::parameter("q");
const Expr t = Expr::time();

}  // namespace

TEST_CASE("diff: sums, differences, products and quotients") {
  const std::vector<Expr> exprs = {
      x + y,
      x - 3 * y + 2,
      x * y,
      2.5 * x * y * z,
      x / y,
      (x + 1) / (y * y + 1),
      -x / (y - z),
      (x - y) * (x + y) - z / x,
  };
  const std::vector<Values> points = {
      {{x, 0.7}, {y, -1.3}, {z, 2.1}},
      {{x, -2.4}, {y, 0.45}, {z, -0.9}},
      {{x, 13.0}, {y, 7.5}, {z, 0.05}},
  };
  for (const Expr& e : exprs)
    for (const Values& v : points) check_gradient(e, v);

  // exact rules at a point: d(x·y)/dx = y, d(x/y)/dy = −x/y²
  const Values v = {{x, 3.0}, {y, 2.0}, {z, 1.0}};
  CHECK(eval(diff(x * y, x), v) == 2.0);
  CHECK(eval(diff(x / y, y), v) == doctest::Approx(-0.75).epsilon(1e-15));
  CHECK(is_zero(diff(x * y + 4, z)));
}

TEST_CASE("diff: integer powers, positive and negative") {
  for (int n : {2, 3, 5, 7, -1, -2, -3, -6}) {
    const Expr e = pow(x, n);
    for (double xv : {0.6, 1.7, -0.8, -2.3, 11.0}) {
      const Values v = {{x, xv}};
      const double d = check_partial(e, x, v);
      CHECK(d == doctest::Approx(n * std::pow(xv, n - 1)).epsilon(1e-13));
    }
  }
  // a power of a compound base, and integer powers mixed into a product
  const std::vector<Expr> exprs = {pow(x + 2 * y, 3), pow(sin(x) + 2, -2), pow(x, 3) * pow(y, -2),
                                   pow(x * y - 1, 4) / (1 + pow(y, 2))};
  for (const Expr& e : exprs)
    for (const Values& v : {Values{{x, 0.3}, {y, 1.9}}, Values{{x, -1.1}, {y, -0.7}}}) check_gradient(e, v);
}

TEST_CASE("diff: real powers with a constant exponent") {
  for (double n : {2.5, -0.7, 1.0 / 3.0, 0.5, -2.25}) {
    const Expr e = pow(x, Expr(n));
    for (double xv : {0.2, 1.0, 3.7, 25.0}) {
      const Values v = {{x, xv}};
      const double d = check_partial(e, x, v);
      CHECK(d == doctest::Approx(n * std::pow(xv, n - 1.0)).epsilon(1e-13));
    }
  }
  check_gradient(pow(x * x + y * y, Expr(1.5)), {{x, 0.8}, {y, -1.2}});
  check_gradient(pow(exp(x) + y * y, Expr(-0.4)), {{x, -0.3}, {y, 2.2}});
}

TEST_CASE("diff: real powers with a symbolic exponent") {
  const std::vector<Expr> exprs = {pow(x, y), pow(Expr(2.0), x), pow(x, p), pow(x * x + 1, sin(y)),
                                   pow(p, x * y), pow(p, x) * pow(x, q)};
  const std::vector<Values> points = {
      {{x, 1.3}, {y, 0.6}, {p, 2.5}, {q, -0.5}},
      {{x, 0.4}, {y, 2.2}, {p, 0.7}, {q, 1.5}},
      {{x, 3.1}, {y, -1.4}, {p, 1.1}, {q, 0.25}},
  };
  for (const Expr& e : exprs)
    for (const Values& v : points) check_gradient(e, v);

  // the two halves of the rule: ∂(x^y)/∂x = y·x^(y−1), ∂(x^y)/∂y = x^y·ln x
  const Values v = {{x, 2.0}, {y, 3.0}};
  CHECK(eval(diff(pow(x, y), x), v) == doctest::Approx(12.0).epsilon(1e-14));
  CHECK(eval(diff(pow(x, y), y), v) == doctest::Approx(8.0 * std::log(2.0)).epsilon(1e-14));
}

TEST_CASE("diff: a power with a symbolic exponent at a zero base") {
  // x^p with p = 1, 2, 3 is x, x², x³ near 0: the slope at 0 exists (1, 0, 0) and the central
  // difference sees it; the rule must not produce 0·∞ there.
  for (double pv : {1.0, 2.0, 3.0}) {
    const Values v = {{x, 0.0}, {p, pv}};
    INFO("p = ", pv, ", d/dx = ", to_string(diff(pow(x, p), x)));
    const double d = eval(diff(pow(x, p), x), v);
    CHECK(d == (pv == 1.0 ? 1.0 : 0.0));
    CHECK(central_difference(pow(x, p), x, v) == doctest::Approx(pv == 1.0 ? 1.0 : 0.0).epsilon(kTol));
  }
  // |v|^p with p = 1.5, a velocity-dependent loss, at rest
  const Values rest = {{x, 0.0}, {p, 1.5}};
  CHECK(eval(diff(pow(abs(x), p), x), rest) == 0.0);
}

TEST_CASE("diff: elementary functions of one argument") {
  struct Case {
    Expr e;
    double (*derivative)(double);  // the derivative of f(x), by hand
    std::vector<double> at;
  };
  const std::vector<Case> cases = {
      {sqrt(x), [](double u) { return 0.5 / std::sqrt(u); }, {0.04, 1.0, 6.25, 400.0}},
      {exp(x), [](double u) { return std::exp(u); }, {-3.0, 0.0, 0.7, 5.0}},
      {log(x), [](double u) { return 1.0 / u; }, {0.01, 0.5, 1.0, 80.0}},
      {sin(x), [](double u) { return std::cos(u); }, {-2.0, 0.0, 1.3, 7.9}},
      {cos(x), [](double u) { return -std::sin(u); }, {-2.0, 0.0, 1.3, 7.9}},
      {tan(x), [](double u) { return 1.0 / (std::cos(u) * std::cos(u)); }, {-1.2, 0.0, 0.4, 1.4}},
      {asin(x), [](double u) { return 1.0 / std::sqrt(1.0 - u * u); }, {-0.95, -0.3, 0.0, 0.6, 0.99}},
      {acos(x), [](double u) { return -1.0 / std::sqrt(1.0 - u * u); }, {-0.95, -0.3, 0.0, 0.6, 0.99}},
      {atan(x), [](double u) { return 1.0 / (1.0 + u * u); }, {-20.0, -0.5, 0.0, 2.0}},
      {tanh(x), [](double u) { return 1.0 - std::tanh(u) * std::tanh(u); }, {-3.0, -0.2, 0.0, 1.1}},
  };
  for (const Case& c : cases) {
    for (double xv : c.at) {
      INFO(to_string(c.e), " at x = ", xv);
      const Values v = {{x, xv}};
      const double d = check_partial(c.e, x, v);
      CHECK(d == doctest::Approx(c.derivative(xv)).epsilon(1e-12));
    }
  }
  // the chain rule through each of them, with an inner function of two variables
  const Expr u = 0.3 * x - 0.2 * y * y;
  const std::vector<Expr> chained = {sqrt(2 + u), exp(u),  log(3 + u), sin(u),  cos(u),
                                     tan(u),      asin(u), acos(u),    atan(u), tanh(u)};
  for (const Expr& e : chained)
    for (const Values& v : {Values{{x, 0.5}, {y, 0.9}}, Values{{x, -1.7}, {y, -0.4}}}) check_gradient(e, v);
}

TEST_CASE("diff: atan2 in all four quadrants and beside the branch cut") {
  const Expr e = atan2(y, x);
  const std::vector<std::pair<double, double>> points = {
      {1.0, 2.0},   {0.5, -1.5},  {-0.8, -0.3}, {-2.0, 1.2},  // quadrants I, II, III, IV
      {1e-3, -1.0}, {-1e-3, -1.0},                            // just above / below the negative x axis
      {3.0, 0.0},   {0.0, 4.0},                               // on the axes
  };
  for (auto [yv, xv] : points) {
    const Values v = {{x, xv}, {y, yv}};
    const double r2 = xv * xv + yv * yv;
    CHECK(check_partial(e, y, v) == doctest::Approx(xv / r2).epsilon(1e-13));
    CHECK(check_partial(e, x, v) == doctest::Approx(-yv / r2).epsilon(1e-13));
  }
  // compound arguments
  const Expr f = atan2(x * y - 1, x + sin(y));
  for (const Values& v : {Values{{x, 0.6}, {y, 2.0}}, Values{{x, -1.5}, {y, 0.4}}, Values{{x, -0.4}, {y, -2.2}},
                          Values{{x, 2.2}, {y, -0.9}}})
    check_gradient(f, v);
}

TEST_CASE("diff: abs and sign, also just beside zero") {
  for (double xv : {-2.0, -1e-3, 1e-3, 2.0}) {
    const Values v = {{x, xv}};
    CHECK(check_partial(abs(x), x, v) == (xv > 0 ? 1.0 : -1.0));
    CHECK(check_partial(sign(x), x, v) == 0.0);
    CHECK(central_difference(sign(x), x, v) == 0.0);
  }
  CHECK(is_zero(diff(sign(x * y), x)));
  // compound: |x² − 2| beside its zero at √2, and |sin x|·y
  const Expr e = abs(x * x - 2);
  for (double xv : {std::numbers::sqrt2 - 1e-3, std::numbers::sqrt2 + 1e-3}) {
    const Values v = {{x, xv}};
    const double d = check_partial(e, x, v);
    CHECK(d == doctest::Approx((xv > std::numbers::sqrt2 ? 2.0 : -2.0) * xv).epsilon(1e-14));
  }
  for (const Values& v : {Values{{x, 1.0}, {y, 3.0}}, Values{{x, -1e-3}, {y, 3.0}}, Values{{x, 4.0}, {y, -0.5}}})
    check_gradient(abs(sin(x)) * y, v);
}

TEST_CASE("diff: min and max follow the active branch") {
  struct Point {
    double a, b;
  };
  // a ≈ b but distinct: the central difference stays on one side
  for (Point pt : {Point{1.0, 1.0 + 1e-4}, Point{1.0 + 1e-4, 1.0}, Point{-3.0, 2.0}, Point{5.0, -1.0}}) {
    const Values v = {{x, pt.a}, {y, pt.b}};
    CHECK(check_partial(min(x, y), x, v) == (pt.a < pt.b ? 1.0 : 0.0));
    CHECK(check_partial(min(x, y), y, v) == (pt.a < pt.b ? 0.0 : 1.0));
    CHECK(check_partial(max(x, y), x, v) == (pt.a > pt.b ? 1.0 : 0.0));
    CHECK(check_partial(max(x, y), y, v) == (pt.a > pt.b ? 0.0 : 1.0));
  }
  // at a tie the value is b ("a when a < b, else b"), so the derivative is b's
  const Values tie = {{x, 2.0}, {y, 2.0}};
  CHECK(eval(diff(min(x, y), x), tie) == 0.0);
  CHECK(eval(diff(min(x, y), y), tie) == 1.0);
  CHECK(eval(diff(max(x, y), x), tie) == 0.0);
  CHECK(eval(diff(max(x, y), y), tie) == 1.0);
  // compound branches: min(x², y + 1) beside x² = y + 1
  const Expr e = min(x * x, y + 1);
  const Expr f = max(sin(x) * y, x - y);
  for (const Values& v : {Values{{x, 1.5}, {y, 1.25 + 1e-4}}, Values{{x, 1.5}, {y, 1.25 - 1e-4}},
                          Values{{x, 0.3}, {y, 2.0}}, Values{{x, -2.0}, {y, -0.5}}}) {
    check_gradient(e, v);
    check_gradient(f, v);
  }
}

TEST_CASE("diff: if_else with relational conditions, barely true and barely false") {
  const Expr then_value = x * y;
  const Expr else_value = sin(x) + y * y;
  const std::vector<Expr> conds = {x < y, x <= y, x > y, x >= y};
  for (const Expr& c : conds) {
    const Expr e = if_else(c, then_value, else_value);
    for (double dx : {-1e-4, 1e-4, -0.5, 0.5}) {
      const Values v = {{x, 0.8 + dx}, {y, 0.8}};
      const bool holds = eval(c, v) != 0.0;
      const double dthen = check_partial(e, x, v);
      CHECK(dthen == doctest::Approx(holds ? 0.8 : std::cos(0.8 + dx)).epsilon(1e-14));
      const double dy = check_partial(e, y, v);
      CHECK(dy == doctest::Approx(holds ? 0.8 + dx : 1.6).epsilon(1e-14));
    }
  }
  // a condition is piecewise constant: its derivative is 0
  for (const Expr& c : conds) CHECK(is_zero(diff(c, x)));
}

TEST_CASE("diff: if_else with and / or conditions") {
  const Expr a = x > 0;
  const Expr b = y < 1;
  const Expr then_value = x * x * y;
  const Expr else_value = exp(x) - 3 * y;
  const Expr e_and = if_else(logical_and(a, b), then_value, else_value);
  const Expr e_or = if_else(logical_or(a, b), then_value, else_value);
  for (double xv : {-1e-4, 1e-4, 0.7, -1.2}) {
    for (double yv : {1.0 - 1e-4, 1.0 + 1e-4, 0.2, 2.5}) {
      const Values v = {{x, xv}, {y, yv}};
      const bool ca = xv > 0;
      const bool cb = yv < 1;
      const double then_dx = 2 * xv * yv;
      const double else_dx = std::exp(xv);
      CHECK(check_partial(e_and, x, v) == doctest::Approx(ca && cb ? then_dx : else_dx).epsilon(1e-14));
      CHECK(check_partial(e_or, x, v) == doctest::Approx(ca || cb ? then_dx : else_dx).epsilon(1e-14));
      CHECK(check_partial(e_and, y, v) == doctest::Approx(ca && cb ? xv * xv : -3.0).epsilon(1e-14));
      CHECK(check_partial(e_or, y, v) == doctest::Approx(ca || cb ? xv * xv : -3.0).epsilon(1e-14));
    }
  }
}

TEST_CASE("diff: table interpolation, the derivative is the slope") {
  const std::vector<double> bx = {-1.0, 0.0, 1.0, 2.5, 4.0};
  const std::vector<double> by = {1.0, 0.0, 2.0, 1.5, 3.0};
  for (Interpolation interp : {Interpolation::Linear, Interpolation::Smooth}) {
    for (Extrapolation extrap : {Extrapolation::Linear, Extrapolation::Nearest}) {
      auto table = std::make_shared<const Table1D>("t", bx, by, interp, extrap);
      const Expr e = interpolate(table, x);
      const Expr d = diff(e, x);
      // the slope expression: the same table, one order higher, at the same argument
      REQUIRE(d.op() == Op::Table);
      CHECK(d.order() == 1);
      CHECK(d.table() == table);
      CHECK(d.args()[0] == x);

      // inside the segments, just left and right of each interior breakpoint, outside both ends
      std::vector<double> at = {-0.5, 0.4, 1.9, 3.3, -3.0, -1.0 + 1e-3, 4.0 - 1e-3, 6.0};
      for (std::size_t i = 1; i + 1 < bx.size(); ++i) {
        at.push_back(bx[i] - 1e-3);
        at.push_back(bx[i] + 1e-3);
      }
      for (double xv : at) {
        INFO("interpolation ", static_cast<int>(interp), ", extrapolation ", static_cast<int>(extrap), ", x = ", xv);
        const Values v = {{x, xv}};
        const double slope = check_partial(e, x, v);
        if (interp == Interpolation::Linear && xv > bx.front() && xv < bx.back()) {
          // the secant of the segment holding x
          std::size_t i = 0;
          while (xv > bx[i + 1]) ++i;
          CHECK(slope == doctest::Approx((by[i + 1] - by[i]) / (bx[i + 1] - bx[i])).epsilon(1e-14));
        }
        if (xv < bx.front() || xv > bx.back()) {
          if (extrap == Extrapolation::Nearest) {
            CHECK(slope == 0.0);
          } else {  // the slope the interpolant has at the end point
            const double end = xv < bx.front() ? bx.front() : bx.back();
            CHECK(slope == doctest::Approx(eval(d, {{x, end}})).epsilon(1e-14));
          }
        }
        // second derivative: zero for a linear table, the slope's slope for a smooth one
        const Expr d2 = diff(d, x);
        if (interp == Interpolation::Linear) {
          CHECK(is_zero(d2));
        } else {
          check_partial(d, x, v);
          const Expr d3 = diff(d2, x);
          check_partial(d2, x, v);
          CHECK(is_zero(diff(d3, x)));  // cubic segments
        }
      }
      // the chain rule through a table
      const Expr f = interpolate(table, x * y + sin(x)) * y;
      for (const Values& v : {Values{{x, 0.5}, {y, 1.2}}, Values{{x, -0.7}, {y, 2.0}}, Values{{x, 2.0}, {y, 2.2}}})
        check_gradient(f, v);
    }
  }
}

TEST_CASE("diff: der(x) is independent of x") {
  const Expr dx = der(x);
  const Expr ddx = der(dx);
  const Expr r = dx - x;
  const Expr by_der = diff(r, dx);
  const Expr by_x = diff(r, x);
  REQUIRE(by_der.is_constant());
  REQUIRE(by_x.is_constant());
  CHECK(by_der.constant_value() == 1.0);
  CHECK(by_x.constant_value() == -1.0);
  CHECK(is_zero(diff(x, dx)));
  CHECK(is_zero(diff(dx, x)));
  CHECK(is_zero(diff(ddx, dx)));
  CHECK(is_zero(diff(dx, ddx)));
  CHECK(diff(ddx, ddx) == Expr(1.0));
  // a residual mixing them, differentiated as a function of independent x, der(x), der(der(x))
  const Expr e = dx * x + sin(dx) - ddx * exp(-x) + pow(dx, 3) / (1 + x * x);
  for (const Values& v :
       {Values{{x, 0.4}, {dx, -1.2}, {ddx, 3.0}}, Values{{x, -2.0}, {dx, 0.3}, {ddx, -0.5}}})
    check_gradient(e, v);
}

TEST_CASE("diff: with respect to a parameter and to time") {
  const Expr e = p * sin(q * t) + x * exp(-t / p) + pow(t, 2) * q;
  for (const Values& v : {Values{{x, 0.4}, {p, 1.5}, {q, -0.7}, {t, 2.0}},
                          Values{{x, -3.0}, {p, 0.2}, {q, 4.0}, {t, 0.01}}})
    check_gradient(e, v);
  const Values v = {{x, 0.4}, {p, 2.0}, {q, 3.0}, {t, 0.0}};
  CHECK(eval(diff(e, t), v) == doctest::Approx(2.0 * 3.0 - 0.4 / 2.0).epsilon(1e-14));
  CHECK(eval(diff(e, p), v) == doctest::Approx(0.0).epsilon(1e-14));
  CHECK(is_zero(diff(x * y, t)));
  CHECK(is_zero(diff(t, p)));
}

TEST_CASE("diff: with respect to a non-leaf throws") {
  const Expr e = x * y + sin(x);
  CHECK_THROWS_AS(diff(e, x + y), std::invalid_argument);
  CHECK_THROWS_AS(diff(e, x * y), std::invalid_argument);
  CHECK_THROWS_AS(diff(e, sin(x)), std::invalid_argument);
  CHECK_THROWS_AS(diff(e, x < y), std::invalid_argument);
  CHECK_THROWS_AS(diff(e, Expr(2.0)), std::invalid_argument);
  CHECK_NOTHROW(diff(e, der(x)));
}

TEST_CASE("diff: composite expressions of several variables") {
  const std::vector<Expr> exprs = {
      sin(x * y) * exp(-z * z) + log(1 + x * x) / (2 + cos(y)),
      sqrt(x * x + y * y + z * z) * atan2(y, x) - tanh(x * z),
      pow(1 + sin(x) * sin(x), y) + acos(0.5 * tanh(y * z)),
      if_else(x > y, x * exp(y), y * exp(x)) * abs(z - 0.5) + min(x, z) * max(y, z),
      tan(0.3 * x) * asin(0.4 * sin(y + z)) / (1 + exp(x * y * z)),
      exp(sin(x) * cos(y)) * log(3 + sin(x * y * z * x)) - pow(x + y, -2) * z,
      atan(x / (1 + y * y)) + sqrt(exp(z) + x * x) * pow(y * y + 1, Expr(0.75)),
      pow(sin(x + y), 3) * cos(z) + 3 * sin(x + y) - x * y * z / (1 + sin(x + y) * sin(x + y)),
  };
  const std::vector<Values> points = {
      {{x, 0.3}, {y, -0.8}, {z, 1.1}},
      {{x, 1.7}, {y, 0.6}, {z, -0.4}},
      {{x, -0.9}, {y, 2.3}, {z, 0.9}},
      {{x, 2.6}, {y, -1.9}, {z, 0.2}},
  };
  for (const Expr& e : exprs) {
    for (const Values& v : points) {
      check_gradient(e, v);
      CHECK(is_zero(diff(e, Expr::variable("w"))));
    }
  }
}

TEST_CASE("diff: the product rule over n-ary products") {
  const Expr w = Expr::variable("w");
  const std::vector<Expr> exprs = {
      x * y * z * w,
      -4 * x * y * z * w,
      x * y * x * z,  // a repeated factor: x²·y·z
      sin(x) * cos(y) * exp(z) * w * x,
      x * y * z / (w * x),
  };
  const Values v = {{x, 0.7}, {y, -1.6}, {z, 2.2}, {w, 0.45}};
  for (const Expr& e : exprs) check_gradient(e, v);
  // ∂(xyzw)/∂y = xzw exactly, term by term
  CHECK(eval(diff(x * y * z * w, y), v) == doctest::Approx(0.7 * 2.2 * 0.45).epsilon(1e-15));
  CHECK(eval(diff(x * y * x * z, x), v) == doctest::Approx(2 * 0.7 * -1.6 * 2.2).epsilon(1e-15));
}

TEST_CASE("diff: second derivatives") {
  const std::vector<Expr> exprs = {
      sin(x * y) + pow(x, 4) * y,
      exp(x) * log(1 + y * y) - atan2(y, x),
      pow(x, y) + sqrt(1 + x * x * y),
      interpolate(std::make_shared<const Table1D>("s", std::vector<double>{0, 1, 2, 3},
                                                  std::vector<double>{0, 1, 0.5, 2}, Interpolation::Smooth),
                  x * y),
  };
  const std::vector<Values> points = {{{x, 1.3}, {y, 0.6}}, {{x, 0.4}, {y, 2.2}}};
  for (const Expr& e : exprs) {
    for (const Values& v : points) {
      for (const Expr& a : {x, y}) {
        const Expr da = diff(e, a);
        for (const Expr& b : {x, y}) check_partial(da, b, v);  // ∂/∂b of ∂e/∂a against its difference
      }
      // mixed partials commute
      INFO(to_string(e), " at ", describe(v));
      CHECK(eval(diff(diff(e, x), y), v) == doctest::Approx(eval(diff(diff(e, y), x), v)).epsilon(1e-12));
    }
  }
  // closed forms
  const Values v = {{x, 0.9}, {y, 0.0}};
  CHECK(eval(diff(diff(sin(x), x), x), v) == doctest::Approx(-std::sin(0.9)).epsilon(1e-15));
  CHECK(eval(diff(diff(pow(x, 5), x), x), v) == doctest::Approx(20 * std::pow(0.9, 3)).epsilon(1e-14));
  CHECK(eval(diff(diff(log(x), x), x), v) == doctest::Approx(-1 / 0.81).epsilon(1e-14));
  CHECK(is_zero(diff(diff(3 * x * y + x, x), x)));
}

TEST_CASE("time_derivative: leaves") {
  CHECK(time_derivative(x) == der(x));
  const Expr dd = time_derivative(der(x));
  CHECK(dd == der(der(x)));
  CHECK(dd.op() == Op::Derivative);
  CHECK(dd.order() == 2);
  CHECK(dd.name() == "x");
  CHECK(time_derivative(dd).order() == 3);
  CHECK(is_zero(time_derivative(p)));
  CHECK(is_zero(time_derivative(Expr(4.2))));
  const Expr one = time_derivative(t);
  REQUIRE(one.is_constant());
  CHECK(one.constant_value() == 1.0);
  CHECK(is_zero(time_derivative(p * q + 3)));
}

namespace {

/// Position, velocity and acceleration of a quadratic trajectory v0 + a·t + c·t²/2.
struct Trajectory {
  double v0, a, c;
  double at(double s) const { return v0 + a * s + 0.5 * c * s * s; }
  double rate(double s) const { return a + c * s; }
};

/// Values of x, y, der(x), der(y), der(der(x)), der(der(y)), p and t at time s along the trajectories.
Values along(const Trajectory& tx, const Trajectory& ty, double s) {
  return {{x, tx.at(s)},         {y, ty.at(s)},         {der(x), tx.rate(s)},       {der(y), ty.rate(s)},
          {der(der(x)), tx.c},    {der(der(y)), ty.c},    {der(der(der(x))), 0.0}, {der(der(der(y))), 0.0},
          {p, 1.7},               {t, s}};
}

/// d/ds of e along the trajectories at s = 0, by central differences.
double rate_along(const Expr& e, const Trajectory& tx, const Trajectory& ty) {
  const double h = kRelStep;
  return (eval(e, along(tx, ty, h)) - eval(e, along(tx, ty, -h))) / (2 * h);
}

}  // namespace

TEST_CASE("time_derivative: the chain rule along a trajectory") {
  const std::vector<Expr> exprs = {
      x * y + sin(t) * x,
      exp(-p * t) * cos(x - y * y) + atan2(y, x) * t,
      pow(x * x + 1, y) + interpolate(std::make_shared<const Table1D>("u", std::vector<double>{-2, 0, 1, 3},
                                                                      std::vector<double>{1, -1, 0, 2},
                                                                      Interpolation::Smooth),
                                      x + t),
      if_else(x > y, x * t, y * y) + abs(x - 0.2) * min(x, p * y),
  };
  const std::vector<std::pair<Trajectory, Trajectory>> motions = {
      {{0.7, 1.3, 0.0}, {-0.4, 0.5, 0.0}},
      {{1.6, -2.0, 0.0}, {0.9, 3.1, 0.0}},
  };
  for (const Expr& e : exprs) {
    const Expr de = time_derivative(e);
    for (const auto& [tx, ty] : motions) {
      INFO(to_string(e), "; d/dt = ", to_string(de));
      CHECK(eval(de, along(tx, ty, 0.0)) == doctest::Approx(rate_along(e, tx, ty)).epsilon(kTol));
    }
  }
}

TEST_CASE("time_derivative: of derivatives, and twice") {
  // x(t) = x0 + a t + c t²/2, so der(x) = a + c t and der(der(x)) = c
  const std::vector<std::pair<Trajectory, Trajectory>> motions = {
      {{0.7, 1.3, -0.6}, {-0.4, 0.5, 2.0}},
      {{1.6, -2.0, 0.3}, {0.9, 3.1, -1.1}},
  };
  const std::vector<Expr> exprs = {
      der(x) * y - sin(der(y)) * x,
      x * y * t + exp(x) * cos(y),
      p * sqrt(1 + x * x) + der(x) * der(x) * t,
  };
  for (const Expr& e : exprs) {
    const Expr de = time_derivative(e);
    const Expr dde = time_derivative(de);
    for (const auto& [tx, ty] : motions) {
      INFO(to_string(e));
      CHECK(eval(de, along(tx, ty, 0.0)) == doctest::Approx(rate_along(e, tx, ty)).epsilon(kTol));
      CHECK(eval(dde, along(tx, ty, 0.0)) == doctest::Approx(rate_along(de, tx, ty)).epsilon(kTol));
    }
  }
  // d/dt of der(x)·y is der(der(x))·y + der(x)·der(y)
  const Values v = {{y, 2.0}, {der(x), 3.0}, {der(y), 5.0}, {der(der(x)), 7.0}};
  CHECK(eval(time_derivative(der(x) * y), v) == doctest::Approx(7.0 * 2.0 + 3.0 * 5.0).epsilon(1e-15));
}
