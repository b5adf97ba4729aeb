// Table1D: validation, linear and monotone-cubic interpolation, derivatives, extrapolation, and the
// table as an expression node.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <memory>
#include <stdexcept>
#include <vector>

#include "core/expr/expr.hpp"
#include "core/expr/expr_diff.hpp"
#include "core/expr/expr_walk.hpp"
#include "core/expr/table.hpp"

using namespace acausal;

namespace {

using V = std::vector<double>;

/// x-values sampled densely over [a, b], both ends included.
V samples(double a, double b, std::size_t n) {
  V out(n + 1);
  for (std::size_t i = 0; i <= n; ++i) out[i] = a + (b - a) * static_cast<double>(i) / static_cast<double>(n);
  return out;
}

/// Data with a steep step between gentle slopes: plain averaged (Catmull–Rom) slopes would make
/// the cubic on [1, 2] and [3, 4] non-monotone; the Fritsch–Carlson limiter must prevent it.
Table1D steep_step(Extrapolation e = Extrapolation::Linear) {
  return Table1D("step", V{0.0, 1.0, 2.0, 3.0, 4.0}, V{0.0, 0.1, 0.2, 5.0, 5.1}, Interpolation::Smooth, e);
}

}  // namespace

TEST_CASE("Table1D validation names the table and the problem") {
  CHECK_THROWS_WITH_AS(Table1D("T", V{}, V{}), "table T: needs at least one point", std::invalid_argument);
  CHECK_THROWS_WITH_AS(Table1D("T", V{0.0, 1.0, 2.0}, V{0.0, 1.0}),
                       "table T: breakpoints and values differ in length (3 and 2)", std::invalid_argument);
  CHECK_THROWS_WITH_AS(Table1D("T", V{0.0, 2.0, 1.0}, V{0.0, 1.0, 2.0}),
                       "table T: breakpoints must be strictly increasing (point 2)", std::invalid_argument);
  CHECK_THROWS_WITH_AS(Table1D("T", V{0.0, 1.0, 1.0}, V{0.0, 1.0, 2.0}),
                       "table T: breakpoints must be strictly increasing (point 2)", std::invalid_argument);
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK_THROWS_WITH_AS(Table1D("T", V{0.0, inf}, V{0.0, 1.0}), "table T: point 1 is not finite",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(Table1D("T", V{0.0, 1.0}, V{nan, 1.0}), "table T: point 0 is not finite",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(Table1D("T", V{0.0, 1.0}, V{0.0, 1.0}, Interpolation::Smooth).evaluate(0.5, -2),
                       "table T: derivative order below -1 (the antiderivative)", std::invalid_argument);
  CHECK_NOTHROW(Table1D("T", V{0.0, 1.0}, V{0.0, 1.0}));
}

TEST_CASE("a table of one point is that constant everywhere, as a Modelica table of one row") {
  for (const Interpolation interpolation : {Interpolation::Linear, Interpolation::Smooth})
    for (const Extrapolation extrapolation : {Extrapolation::Linear, Extrapolation::Nearest}) {
      const Table1D t("mu", V{0.0}, V{0.5}, interpolation, extrapolation);
      CHECK(t.given_points() == 1);
      for (const double x : {-3.0, 0.0, 0.25, 1.0, 7.0}) {
        CHECK(t.evaluate(x) == 0.5);
        CHECK(t.evaluate(x, 1) == 0.0);
        CHECK(t.evaluate(x, -1) == doctest::Approx(0.5 * x).epsilon(1e-15));  // ∫₀ˣ 0.5
      }
      CHECK(t.kinks().empty());  // no switch: no event
    }
}

TEST_CASE("Table1D accessors") {
  const Table1D t("acc", V{0.0, 1.0}, V{2.0, 3.0}, Interpolation::Smooth, Extrapolation::Nearest);
  CHECK(t.label() == "acc");
  CHECK(t.x() == V{0.0, 1.0});
  CHECK(t.y() == V{2.0, 3.0});
  CHECK(t.interpolation() == Interpolation::Smooth);
  CHECK(t.extrapolation() == Extrapolation::Nearest);
  CHECK(Table1D::max_nonzero_derivative_order(Interpolation::Linear) == 1);
  CHECK(Table1D::max_nonzero_derivative_order(Interpolation::Smooth) == 3);
}

TEST_CASE("linear interpolation and its slope") {
  // y = 1 + 2x on [0, 1], y = 3 − (x − 1)/2 on [1, 3]
  const Table1D t("lin", V{0.0, 1.0, 3.0}, V{1.0, 3.0, 2.0});

  SUBCASE("passes through the breakpoints") {
    CHECK(t.evaluate(0.0) == 1.0);
    CHECK(t.evaluate(1.0) == 3.0);
    CHECK(t.evaluate(3.0) == doctest::Approx(2.0).epsilon(1e-15));
  }
  SUBCASE("is linear between them") {
    CHECK(t.evaluate(0.5) == doctest::Approx(2.0).epsilon(1e-15));
    CHECK(t.evaluate(0.25) == doctest::Approx(1.5).epsilon(1e-15));
    CHECK(t.evaluate(2.0) == doctest::Approx(2.5).epsilon(1e-15));
    CHECK(t.evaluate(2.5) == doctest::Approx(2.25).epsilon(1e-15));
  }
  SUBCASE("slope between breakpoints") {
    CHECK(t.evaluate(0.5, 1) == doctest::Approx(2.0).epsilon(1e-15));
    CHECK(t.evaluate(2.0, 1) == doctest::Approx(-0.5).epsilon(1e-15));
  }
  SUBCASE("slope at breakpoints is that of the segment to the right (the last at the end)") {
    CHECK(t.evaluate(0.0, 1) == doctest::Approx(2.0).epsilon(1e-15));
    CHECK(t.evaluate(1.0, 1) == doctest::Approx(-0.5).epsilon(1e-15));
    CHECK(t.evaluate(3.0, 1) == doctest::Approx(-0.5).epsilon(1e-15));
  }
  SUBCASE("higher derivatives vanish") {
    for (double x : {-1.0, 0.0, 0.5, 1.0, 2.0, 3.0, 4.0}) {
      CAPTURE(x);
      CHECK(t.evaluate(x, 2) == 0.0);
      CHECK(t.evaluate(x, 3) == 0.0);
    }
  }
}

TEST_CASE("extrapolation below and above the range") {
  const V x{0.0, 1.0, 3.0};
  const V y{1.0, 3.0, 2.0};

  SUBCASE("linear continues the end slopes") {
    const Table1D t("lin", x, y, Interpolation::Linear, Extrapolation::Linear);
    CHECK(t.evaluate(-1.0) == doctest::Approx(-1.0).epsilon(1e-15));  // 1 + 2·(−1)
    CHECK(t.evaluate(-1.0, 1) == doctest::Approx(2.0).epsilon(1e-15));
    CHECK(t.evaluate(5.0) == doctest::Approx(1.0).epsilon(1e-15));  // 2 − 0.5·2
    CHECK(t.evaluate(5.0, 1) == doctest::Approx(-0.5).epsilon(1e-15));
    CHECK(t.evaluate(-1.0, 2) == 0.0);
    CHECK(t.evaluate(5.0, 2) == 0.0);
  }
  SUBCASE("nearest holds the end values") {
    const Table1D t("near", x, y, Interpolation::Linear, Extrapolation::Nearest);
    CHECK(t.evaluate(-1.0) == 1.0);
    CHECK(t.evaluate(-1.0, 1) == 0.0);
    CHECK(t.evaluate(5.0) == 2.0);
    CHECK(t.evaluate(5.0, 1) == 0.0);
    CHECK(t.evaluate(5.0, 2) == 0.0);
    // inside the range nothing changes
    CHECK(t.evaluate(0.5) == doctest::Approx(2.0).epsilon(1e-15));
    CHECK(t.evaluate(0.5, 1) == doctest::Approx(2.0).epsilon(1e-15));
  }
  SUBCASE("linear extrapolation of a smooth table continues with the end slope of the cubic") {
    const Table1D t("sm", x, y, Interpolation::Smooth, Extrapolation::Linear);
    const double s0 = t.evaluate(0.0, 1);
    const double s1 = t.evaluate(3.0, 1);
    CHECK(t.evaluate(-2.0) == doctest::Approx(1.0 - 2.0 * s0).epsilon(1e-14));
    CHECK(t.evaluate(-2.0, 1) == doctest::Approx(s0).epsilon(1e-14));
    CHECK(t.evaluate(4.0) == doctest::Approx(2.0 + 1.0 * s1).epsilon(1e-14));
    CHECK(t.evaluate(4.0, 1) == doctest::Approx(s1).epsilon(1e-14));
    CHECK(t.evaluate(4.0, 2) == 0.0);
    CHECK(t.evaluate(4.0, 3) == 0.0);
  }
  SUBCASE("linear extrapolation of a smooth table uses the limited end slope, not the secant") {
    // steep_step's last secant is 0.1, but the limiter scales the end slope to 0.3 / √601.25
    const Table1D t = steep_step();
    const double m_end = 0.3 / std::sqrt(601.25);
    CHECK(t.evaluate(5.0, 1) == doctest::Approx(m_end).epsilon(1e-13));
    CHECK(t.evaluate(5.0) == doctest::Approx(5.1 + m_end).epsilon(1e-13));
    CHECK(t.evaluate(-1.0, 1) == doctest::Approx(0.1).epsilon(1e-13));
    CHECK(t.evaluate(-1.0) == doctest::Approx(-0.1).epsilon(1e-13));
    // C¹ across the ends of the range
    CHECK(std::fabs(t.evaluate(std::nextafter(4.0, 0.0), 1) - t.evaluate(std::nextafter(4.0, 5.0), 1)) < 1e-9);
    CHECK(std::fabs(t.evaluate(std::nextafter(0.0, -1.0), 1) - t.evaluate(0.0, 1)) < 1e-9);
  }
  SUBCASE("nearest extrapolation of a smooth table") {
    const Table1D t("sm", x, y, Interpolation::Smooth, Extrapolation::Nearest);
    CHECK(t.evaluate(-2.0) == 1.0);
    CHECK(t.evaluate(7.0) == 2.0);
    for (int order = 1; order <= 3; ++order) {
      CHECK(t.evaluate(-2.0, order) == 0.0);
      CHECK(t.evaluate(7.0, order) == 0.0);
    }
  }
}

TEST_CASE("smooth interpolation: hand-computed Hermite values") {
  // x = 0, 1, 2; y = 0, 1, 4: secants 1, 3; Fritsch–Carlson slopes m = 1, 2, 3 (no limiting
  // needed). On [0, 1] the Hermite cubic is d − d² + d³, so y(0.5) = 0.375, y'(0.5) = 0.75,
  // y'' = −2 + 6d, y''' = 6.
  const Table1D t("h", V{0.0, 1.0, 2.0}, V{0.0, 1.0, 4.0}, Interpolation::Smooth);
  CHECK(t.evaluate(0.5) == doctest::Approx(0.375).epsilon(1e-14));
  CHECK(t.evaluate(0.5, 1) == doctest::Approx(0.75).epsilon(1e-14));
  CHECK(t.evaluate(0.5, 2) == doctest::Approx(1.0).epsilon(1e-14));
  CHECK(t.evaluate(0.5, 3) == doctest::Approx(6.0).epsilon(1e-14));
  CHECK(t.evaluate(0.0, 1) == doctest::Approx(1.0).epsilon(1e-14));
  CHECK(t.evaluate(1.0, 1) == doctest::Approx(2.0).epsilon(1e-14));
  CHECK(t.evaluate(2.0, 1) == doctest::Approx(3.0).epsilon(1e-14));
  // On [1, 2]: slopes 2, 3, secant 3: y = 1 + 2d + 2d² − d³, so y(1.5) = 2.375, y'(1.5) = 3.25.
  CHECK(t.evaluate(1.5) == doctest::Approx(2.375).epsilon(1e-14));
  CHECK(t.evaluate(1.5, 1) == doctest::Approx(3.25).epsilon(1e-14));
}

TEST_CASE("smooth interpolation: Fritsch–Carlson slopes by hand") {
  // steep_step: secants 0.1, 0.1, 4.8, 0.1. Averaged slopes 0.1, 0.1, 2.45, 2.45, 0.1; on [1, 2]
  // and [3, 4] (α, β) = (1, 24.5) or (24.5, 1) lies outside the circle α² + β² ≤ 9, so both
  // slopes are scaled by τ = 3 / √601.25.
  const Table1D t = steep_step();
  const double tau = 3.0 / std::sqrt(601.25);
  const V expected{0.1, 0.1 * tau, 2.45 * tau, 2.45 * tau, 0.1 * tau};
  for (std::size_t i = 0; i < expected.size(); ++i) {
    CAPTURE(i);
    // at a breakpoint the slope is the right segment's; C¹ makes it the left one's too
    CHECK(t.evaluate(t.x()[i], 1) == doctest::Approx(expected[i]).epsilon(1e-13));
  }
}

TEST_CASE("smooth interpolation reproduces a straight line exactly") {
  const Table1D t("line", V{-1.0, 0.5, 2.0, 4.0}, V{-1.0, 2.0, 5.0, 9.0}, Interpolation::Smooth);  // y = 2x + 1
  for (double x : samples(-1.0, 4.0, 200)) {
    CAPTURE(x);
    CHECK(t.evaluate(x) == doctest::Approx(2.0 * x + 1.0).epsilon(1e-13));
    CHECK(t.evaluate(x, 1) == doctest::Approx(2.0).epsilon(1e-13));
    CHECK(std::fabs(t.evaluate(x, 2)) < 1e-12);
  }
}

TEST_CASE("smooth interpolation passes through the points") {
  const Table1D t = steep_step();
  for (std::size_t i = 0; i < t.x().size(); ++i) {
    CAPTURE(i);
    CHECK(t.evaluate(t.x()[i]) == doctest::Approx(t.y()[i]).epsilon(1e-14));
  }
  const Table1D u("wavy", V{0.0, 0.5, 1.5, 2.0, 3.5}, V{1.0, -2.0, 0.5, 0.5, 4.0}, Interpolation::Smooth);
  for (std::size_t i = 0; i < u.x().size(); ++i) {
    CAPTURE(i);
    CHECK(u.evaluate(u.x()[i]) == doctest::Approx(u.y()[i]).epsilon(1e-14));
  }
}

TEST_CASE("smooth interpolation is monotone on monotone data") {
  const Table1D t = steep_step();
  const V xs = samples(0.0, 4.0, 4000);
  double previous = t.evaluate(xs[0]);
  double min_step = 0.0;
  double min_slope = 0.0;
  for (std::size_t i = 1; i < xs.size(); ++i) {
    const double v = t.evaluate(xs[i]);
    min_step = std::min(min_step, v - previous);
    min_slope = std::min(min_slope, t.evaluate(xs[i], 1));
    previous = v;
  }
  CHECK(min_step >= -1e-12);
  CHECK(min_slope >= -1e-12);

  // decreasing data too
  const Table1D d("dec", V{0.0, 1.0, 2.0, 3.0}, V{10.0, 9.9, 1.0, 0.9}, Interpolation::Smooth);
  const V ds = samples(0.0, 3.0, 3000);
  double max_slope = 0.0;
  for (double x : ds) max_slope = std::max(max_slope, d.evaluate(x, 1));
  CHECK(max_slope <= 1e-12);
}

TEST_CASE("smooth interpolation does not overshoot the data") {
  // local extrema at interior points, a flat segment: each cubic stays between its end values
  const Table1D t("wavy", V{0.0, 0.5, 1.5, 2.0, 3.5, 4.0}, V{1.0, -2.0, 0.5, 0.5, 4.0, 3.0},
                  Interpolation::Smooth);
  const auto& x = t.x();
  const auto& y = t.y();
  for (std::size_t i = 0; i + 1 < x.size(); ++i) {
    const double lo = std::min(y[i], y[i + 1]);
    const double hi = std::max(y[i], y[i + 1]);
    for (double s : samples(x[i], x[i + 1], 500)) {
      const double v = t.evaluate(s);
      CAPTURE(s);
      CHECK(v >= lo - 1e-12);
      CHECK(v <= hi + 1e-12);
    }
  }
  // the flat segment is exactly flat
  CHECK(t.evaluate(1.75) == doctest::Approx(0.5).epsilon(1e-15));
  CHECK(std::fabs(t.evaluate(1.75, 1)) < 1e-15);
  // at a local extremum of the data the slope is zero
  CHECK(std::fabs(t.evaluate(0.5, 1)) < 1e-15);
  CHECK(std::fabs(t.evaluate(3.5, 1)) < 1e-15);
}

TEST_CASE("smooth interpolation is C1 at interior breakpoints") {
  for (const Table1D& t : {steep_step(), Table1D("wavy", V{0.0, 0.5, 1.5, 2.0, 3.5, 4.0},
                                                 V{1.0, -2.0, 0.5, 0.5, 4.0, 3.0}, Interpolation::Smooth)}) {
    CAPTURE(t.label());
    for (std::size_t i = 1; i + 1 < t.x().size(); ++i) {
      const double xi = t.x()[i];
      const double left = std::nextafter(xi, -std::numeric_limits<double>::infinity());
      CAPTURE(xi);
      // value continuity and slope continuity: the left limit equals the right-segment value
      CHECK(std::fabs(t.evaluate(left) - t.evaluate(xi)) < 1e-9);
      CHECK(std::fabs(t.evaluate(left, 1) - t.evaluate(xi, 1)) < 1e-9);
    }
  }
}

TEST_CASE("smooth interpolation: derivative orders agree with central differences") {
  const Table1D t("wavy", V{0.0, 0.5, 1.5, 2.0, 3.5, 4.0}, V{1.0, -2.0, 0.5, 0.5, 4.0, 3.0},
                  Interpolation::Smooth);
  const double h = 1e-5;
  // interior points of segments, away from the breakpoints by more than h
  for (double x : {0.2, 0.3, 0.9, 1.2, 1.8, 2.4, 3.0, 3.7}) {
    CAPTURE(x);
    for (int order = 1; order <= 3; ++order) {
      CAPTURE(order);
      const double central = (t.evaluate(x + h, order - 1) - t.evaluate(x - h, order - 1)) / (2.0 * h);
      const double exact = t.evaluate(x, order);
      // the segments are cubics: the central difference error is O(h²)·y''' / 6, a few 1e-9 here
      CHECK(std::fabs(central - exact) < 1e-6 * std::max(1.0, std::fabs(exact)));
    }
    CHECK(t.evaluate(x, 4) == 0.0);
    CHECK(t.evaluate(x, 7) == 0.0);
  }
}

TEST_CASE("interpolate(): a table as an expression") {
  const auto lin = std::make_shared<const Table1D>("lin", V{0.0, 1.0, 3.0}, V{1.0, 3.0, 2.0});
  const Expr x = Expr::variable("tab.x");
  const auto at = [&x](double v) { return [&x, v](const Expr& leaf) { return leaf == x ? v : 0.0; }; };

  SUBCASE("a constant argument folds to the table value") {
    const Expr c = interpolate(lin, Expr(2.0));
    REQUIRE(c.is_constant());
    CHECK(c.constant_value() == doctest::Approx(2.5).epsilon(1e-15));
    const Expr outside = interpolate(lin, Expr(-1.0));
    REQUIRE(outside.is_constant());
    CHECK(outside.constant_value() == doctest::Approx(-1.0).epsilon(1e-15));
  }
  SUBCASE("evaluating the node evaluates the table") {
    const Expr e = interpolate(lin, x);
    CHECK(evaluate(e, at(0.5)) == doctest::Approx(2.0).epsilon(1e-15));
    CHECK(evaluate(e, at(2.0)) == doctest::Approx(2.5).epsilon(1e-15));
    CHECK(evaluate(e, at(5.0)) == doctest::Approx(1.0).epsilon(1e-15));
    // a composite argument
    CHECK(evaluate(interpolate(lin, 2.0 * x), at(1.0)) == doctest::Approx(2.5).epsilon(1e-15));
  }
  SUBCASE("the derivative of a table node is its slope") {
    const Expr d = diff(interpolate(lin, x), x);
    CHECK(d.op() == Op::Table);
    CHECK(d.order() == 1);
    CHECK(d.table() == lin);
    CHECK(evaluate(d, at(0.5)) == doctest::Approx(2.0).epsilon(1e-15));
    CHECK(evaluate(d, at(2.0)) == doctest::Approx(-0.5).epsilon(1e-15));
    // a linear table has no second derivative
    const Expr d2 = diff(d, x);
    REQUIRE(d2.is_constant());
    CHECK(d2.constant_value() == 0.0);
  }
  SUBCASE("a smooth table has three nonzero derivatives") {
    const auto sm = std::make_shared<const Table1D>("sm", V{0.0, 1.0, 2.0}, V{0.0, 1.0, 4.0}, Interpolation::Smooth);
    Expr e = interpolate(sm, x);
    for (int order = 1; order <= 3; ++order) {
      e = diff(e, x);
      CAPTURE(order);
      CHECK(e.op() == Op::Table);
      CHECK(e.order() == order);
      CHECK(evaluate(e, at(0.5)) == doctest::Approx(sm->evaluate(0.5, order)).epsilon(1e-15));
    }
    const Expr fourth = diff(e, x);
    REQUIRE(fourth.is_constant());
    CHECK(fourth.constant_value() == 0.0);
  }
}

TEST_CASE("kinks: the breakpoints where the interpolant's slope jumps") {
  const V x{-1.0, 0.0, 1.0, 3.0};
  using K = std::vector<std::size_t>;
  // Linear: every interior point with different slopes on its two sides.
  CHECK(Table1D("T", x, V{1.0, 0.0, 2.0, 1.0}).kinks() == K{1, 2});
  // Collinear points (slopes equal up to rounding) are no kinks; a kink between collinear runs is.
  CHECK(Table1D("T", V{-0.3, 0.1, 0.7, 1.3}, V{-0.9, 0.3, 2.1, 3.9}).kinks().empty());
  CHECK(Table1D("T", x, V{-2.0, 0.0, 2.0, 3.0}).kinks() == K{2});
  // Smooth: C¹ inside; nearest extrapolation makes an end a kink unless its slope is zero there.
  CHECK(Table1D("T", x, V{1.0, 0.0, 2.0, 1.0}, Interpolation::Smooth).kinks().empty());
  CHECK(Table1D("T", x, V{1.0, 0.0, 2.0, 1.0}, Interpolation::Linear, Extrapolation::Nearest).kinks() == K{0, 1, 2, 3});
  CHECK(Table1D("T", x, V{1.0, 1.0, 2.0, 1.0}, Interpolation::Smooth, Extrapolation::Nearest).kinks() == K{3});
  // The pieces between kinks: below the first kink, between, above the last.
  const Table1D t("T", x, V{1.0, 0.0, 2.0, 1.0});
  CHECK(t.pieces_between_kinks(0) == std::pair<std::ptrdiff_t, std::ptrdiff_t>{-1, 0});
  CHECK(t.pieces_between_kinks(1) == std::pair<std::ptrdiff_t, std::ptrdiff_t>{1, 1});
  CHECK(t.pieces_between_kinks(2) == std::pair<std::ptrdiff_t, std::ptrdiff_t>{2, 3});
}

namespace {

/// ∫ₐᵇ of the table by composite Simpson on each piece between a, b and the breakpoints (the
/// pieces are polynomials of degree ≤ 3, which Simpson integrates exactly): an independent check
/// of the closed-form antiderivative.
double simpson(const Table1D& t, double a, double b) {
  V cuts{a, b};
  for (double xi : t.x())
    if (xi > std::min(a, b) && xi < std::max(a, b)) cuts.push_back(xi);
  std::sort(cuts.begin(), cuts.end());
  double sum = 0.0;
  for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
    const double l = cuts[i], r = cuts[i + 1], m = 0.5 * (l + r);
    sum += (r - l) / 6.0 * (t.evaluate(l) + 4.0 * t.evaluate(m) + t.evaluate(r));
  }
  return b >= a ? sum : -sum;
}

}  // namespace

TEST_CASE("the antiderivative ∫₀ˣ is exact on every piece, the extrapolated ones included") {
  for (Interpolation in : {Interpolation::Linear, Interpolation::Smooth})
    for (Extrapolation ex : {Extrapolation::Linear, Extrapolation::Nearest}) {
      CAPTURE(static_cast<int>(in));
      CAPTURE(static_cast<int>(ex));
      // 0 inside a segment, 0 a breakpoint, 0 below and above the range.
      for (const V& x : {V{-1.0, 0.5, 1.0, 3.0}, V{-2.0, 0.0, 1.0, 2.5}, V{0.5, 1.0, 2.0}, V{-3.0, -2.0, -0.5}}) {
        const V y = x.size() == 4 ? V{2.0, -1.0, 0.5, 3.0} : V{1.0, 4.0, 2.0};
        const Table1D t("T", x, y, in, ex);
        CHECK(t.evaluate(0.0, -1) == 0.0);
        for (double at : samples(-5.0, 5.0, 37)) {
          CAPTURE(at);
          CHECK(t.evaluate(at, -1) == doctest::Approx(simpson(t, 0.0, at)).epsilon(1e-13).scale(1.0));
        }
      }
    }
}

TEST_CASE("the antiderivative as an expression: its derivative is the table") {
  const auto t = std::make_shared<const Table1D>("T", V{-1.0, 0.0, 2.0}, V{3.0, 0.0, 1.0}, Interpolation::Smooth);
  const Expr x = Expr::variable("tab.x");
  const Expr e = table_integral(t, x);
  CHECK(e.op() == Op::Table);
  CHECK(e.order() == -1);
  CHECK(to_string(e) == "table_integral(T, tab.x)");
  CHECK(diff(e, x) == interpolate(t, x));
  CHECK(evaluate(e, [&](const Expr&) { return 1.5; }) == doctest::Approx(t->evaluate(1.5, -1)).epsilon(1e-15));
  const Expr folded = table_integral(t, Expr(-1.0));
  REQUIRE(folded.is_constant());
  CHECK(folded.constant_value() == doctest::Approx(-1.5 - 1.0 / 12.0 * (t->evaluate(-1.0, 1) - t->evaluate(0.0, 1))).epsilon(1e-14));
}

TEST_CASE("Table1D constant interpolation: each value holds from its point to the next, a step where it changes") {
  const Table1D t("hold", V{0.0, 1.0, 2.5, 4.0}, V{1.0, 1.0, 3.0, -2.0}, Interpolation::Constant);
  CHECK(t.evaluate(-1.0) == 1.0);  // held below the first point
  CHECK(t.evaluate(0.5) == 1.0);
  CHECK(t.evaluate(2.5) == 3.0);  // a point takes its own value
  CHECK(t.evaluate(3.9) == 3.0);
  CHECK(t.evaluate(7.0) == -2.0);  // held above the last
  CHECK(t.evaluate(3.0, 1) == 0.0);
  CHECK(Table1D::max_nonzero_derivative_order(Interpolation::Constant) == 0);
  // The steps are at the points whose value differs from the one before (not at 1.0).
  CHECK(t.kinks() == std::vector<std::size_t>{2, 3});
  // The antiderivative from 0: rectangles.
  CHECK(t.evaluate(3.0, -1) == doctest::Approx(2.5 * 1.0 + 0.5 * 3.0).epsilon(1e-15));
  CHECK(t.evaluate(5.0, -1) == doctest::Approx(2.5 + 1.5 * 3.0 - 2.0).epsilon(1e-15));
  CHECK(t.evaluate(-1.0, -1) == doctest::Approx(-1.0).epsilon(1e-15));
  // Between events the piece is held: just past a step the frozen piece still gives the old value.
  CHECK(t.evaluate_piece(1, 2.5 + 1e-12, 0) == 1.0);
  CHECK(t.evaluate_piece(3, 4.0 - 1e-12, 0) == -2.0);
}
