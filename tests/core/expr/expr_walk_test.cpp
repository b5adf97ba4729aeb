// Whole-expression algorithms: evaluate, leaves, substitute, rebuild and conditions.

#include <doctest/doctest.h>

#include <cmath>
#include <cstddef>
#include <memory>
#include <numbers>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/expr/expr.hpp"
#include "core/expr/expr_walk.hpp"
#include "core/expr/table.hpp"

using namespace acausal;

namespace {

using Values = std::unordered_map<Expr, double, ExprHash>;
using Map = std::unordered_map<Expr, Expr, ExprHash>;

double eval(const Expr& e, const Values& values) {
  return evaluate(e, [&values](const Expr& leaf) {
    auto it = values.find(leaf);
    if (it == values.end()) throw std::out_of_range("no value for " + to_string(leaf));
    return it->second;
  });
}

bool is_constant_equal(const Expr& e, double v) { return e.is_constant() && e.constant_value() == v; }

struct Symbols {
  Expr x = Expr::variable("w.x");
  Expr y = Expr::variable("w.y");
  Expr z = Expr::variable("w.z");
  Expr k = Expr::parameter("w.k");
  Expr t = Expr::time();
};

/// The indicators of conditions(e), as strings (for readable failures) and as expressions.
std::vector<Expr> indicators(const Expr& e) {
  std::vector<Expr> out;
  for (const Condition& c : conditions(e)) out.push_back(c.indicator);
  return out;
}

}  // namespace

TEST_CASE("evaluate: leaves") {
  const Symbols s;
  const Values v{{s.x, 0.5}, {s.k, 3.0}, {s.t, 2.0}, {der(s.x), -4.0}, {der(der(s.x)), 7.0}};
  CHECK(eval(Expr(1.25), v) == 1.25);
  CHECK(eval(s.x, v) == 0.5);
  CHECK(eval(s.k, v) == 3.0);
  CHECK(eval(s.t, v) == 2.0);
  CHECK(eval(der(s.x), v) == -4.0);  // der(x) is a leaf of its own, not a function of x
  CHECK(eval(der(der(s.x)), v) == 7.0);
  CHECK(eval(s.k * der(s.x) + s.t, v) == doctest::Approx(-10.0).epsilon(1e-15));
  CHECK_THROWS_AS(eval(s.y, v), std::out_of_range);  // the callback's exception propagates
}

TEST_CASE("evaluate: arithmetic and elementary functions against <cmath>") {
  const Symbols s;
  const double xv = 0.3;
  const double yv = -1.7;
  const double kv = 2.5;
  const Values v{{s.x, xv}, {s.y, yv}, {s.k, kv}};
  auto ev = [&v](const Expr& e) { return eval(e, v); };
  const double eps = 1e-15;

  CHECK(ev(s.x + s.y + 1.0) == doctest::Approx(xv + yv + 1.0).epsilon(eps));
  CHECK(ev(s.x - 2.0 * s.y) == doctest::Approx(xv - 2.0 * yv).epsilon(eps));
  CHECK(ev(3.0 * s.x * s.y * s.k) == doctest::Approx(3.0 * xv * yv * kv).epsilon(eps));
  CHECK(ev(s.x / s.y) == doctest::Approx(xv / yv).epsilon(eps));
  CHECK(ev(pow(s.y, 3)) == doctest::Approx(yv * yv * yv).epsilon(eps));
  CHECK(ev(pow(s.y, -2)) == doctest::Approx(1.0 / (yv * yv)).epsilon(eps));
  CHECK(ev(pow(s.x, Expr(0.5))) == doctest::Approx(std::sqrt(xv)).epsilon(eps));
  CHECK(ev(pow(s.k, s.x)) == doctest::Approx(std::pow(kv, xv)).epsilon(eps));
  CHECK(ev(sqrt(s.k)) == doctest::Approx(std::sqrt(kv)).epsilon(eps));
  CHECK(ev(exp(s.y)) == doctest::Approx(std::exp(yv)).epsilon(eps));
  CHECK(ev(log(s.k)) == doctest::Approx(std::log(kv)).epsilon(eps));
  CHECK(ev(sin(s.y)) == doctest::Approx(std::sin(yv)).epsilon(eps));
  CHECK(ev(cos(s.y)) == doctest::Approx(std::cos(yv)).epsilon(eps));
  CHECK(ev(tan(s.x)) == doctest::Approx(std::tan(xv)).epsilon(eps));
  CHECK(ev(asin(s.x)) == doctest::Approx(std::asin(xv)).epsilon(eps));
  CHECK(ev(acos(s.x)) == doctest::Approx(std::acos(xv)).epsilon(eps));
  CHECK(ev(atan(s.y)) == doctest::Approx(std::atan(yv)).epsilon(eps));
  CHECK(ev(tanh(s.y)) == doctest::Approx(std::tanh(yv)).epsilon(eps));
  CHECK(ev(abs(s.y)) == doctest::Approx(1.7).epsilon(eps));
  CHECK(ev(abs(s.x)) == doctest::Approx(0.3).epsilon(eps));
  CHECK(ev(sign(s.y)) == -1.0);
  CHECK(ev(sign(s.x)) == 1.0);
  CHECK(ev(sign(s.x - 0.3)) == 0.0);
  // atan2 in all four quadrants
  CHECK(ev(atan2(s.y, s.x)) == doctest::Approx(std::atan2(yv, xv)).epsilon(eps));
  CHECK(ev(atan2(s.x, s.y)) == doctest::Approx(std::atan2(xv, yv)).epsilon(eps));
  CHECK(ev(atan2(-s.x, s.y)) == doctest::Approx(std::atan2(-xv, yv)).epsilon(eps));
  CHECK(ev(atan2(s.k, s.k)) == doctest::Approx(std::numbers::pi / 4.0).epsilon(eps));
  CHECK(ev(min(s.x, s.y)) == yv);
  CHECK(ev(max(s.x, s.y)) == xv);
  CHECK(ev(min(s.k, 1.0)) == 1.0);
  CHECK(ev(max(s.k, 1.0)) == kv);
  // sin² + cos² = 1
  CHECK(ev(pow(sin(s.y), 2) + pow(cos(s.y), 2)) == doctest::Approx(1.0).epsilon(eps));
}

TEST_CASE("evaluate: relations, logic and if_else") {
  const Symbols s;
  const Values v{{s.x, 1.0}, {s.y, 2.0}, {s.z, 1.0}};
  auto ev = [&v](const Expr& e) { return eval(e, v); };
  CHECK(ev(s.x < s.y) == 1.0);
  CHECK(ev(s.y < s.x) == 0.0);
  CHECK(ev(s.x < s.z) == 0.0);  // strict at equality
  CHECK(ev(s.x <= s.z) == 1.0);
  CHECK(ev(s.y <= s.x) == 0.0);
  CHECK(ev(s.y > s.x) == 1.0);
  CHECK(ev(s.x > s.z) == 0.0);
  CHECK(ev(s.x >= s.z) == 1.0);
  CHECK(ev(s.x >= s.y) == 0.0);

  const Expr p = s.x < s.y;  // true
  const Expr q = s.x > s.y;  // false
  CHECK(ev(logical_and(p, p)) == 1.0);
  CHECK(ev(logical_and(p, q)) == 0.0);
  CHECK(ev(logical_and(q, p)) == 0.0);
  CHECK(ev(logical_or(p, q)) == 1.0);
  CHECK(ev(logical_or(q, p)) == 1.0);
  CHECK(ev(logical_or(q, s.y < s.z)) == 0.0);

  CHECK(ev(if_else(p, s.x + 10.0, s.y)) == 11.0);
  CHECK(ev(if_else(q, s.x + 10.0, s.y)) == 2.0);
  // a piecewise function: |x − y| written with if_else
  const Expr piecewise = if_else(s.x >= s.y, s.x - s.y, s.y - s.x);
  CHECK(ev(piecewise) == 1.0);
  CHECK(eval(piecewise, Values{{s.x, 5.0}, {s.y, 2.0}}) == 3.0);
}

TEST_CASE("evaluate: tables") {
  const Symbols s;
  const auto t = std::make_shared<const Table1D>("w.t", std::vector<double>{0.0, 1.0, 3.0},
                                                 std::vector<double>{1.0, 3.0, 2.0});
  const Expr e = interpolate(t, s.x + 1.0);
  CHECK(eval(e, Values{{s.x, -0.5}}) == doctest::Approx(2.0).epsilon(1e-15));
  CHECK(eval(e, Values{{s.x, 1.0}}) == doctest::Approx(2.5).epsilon(1e-15));
}

TEST_CASE("evaluate: a shared subexpression is evaluated once") {
  // e_{n+1} = sin(e_n) + cos(e_n): as a tree 2^20 leaf reads, as a DAG 3 nodes per level.
  const Symbols s;
  Expr e = s.x;
  double expected = 0.4;
  for (int i = 0; i < 20; ++i) {
    e = sin(e) + cos(e);
    expected = std::sin(expected) + std::cos(expected);
  }
  int leaf_calls = 0;
  const double value = evaluate(e, [&](const Expr& leaf) {
    ++leaf_calls;
    CHECK(leaf == s.x);
    return 0.4;
  });
  CHECK(value == doctest::Approx(expected).epsilon(1e-13));
  CHECK(leaf_calls >= 1);
  CHECK(leaf_calls <= 2);  // x is read by sin(x) and cos(x), each evaluated once
}

TEST_CASE("leaves: distinct, first-visit order, no constants") {
  const Symbols s;
  const Expr e = s.k * sin(s.y) + der(s.x) * s.t + s.y + 3.0;
  const std::vector<Expr> l = leaves(e);
  REQUIRE(l.size() == 4);
  CHECK(l[0] == s.k);
  CHECK(l[1] == s.y);
  CHECK(l[2] == s.t);        // the product der(x)*t is stored in canonical order: time first
  CHECK(l[3] == der(s.x));  // der(x) is a leaf; x itself does not occur

  // a variable and its derivative are distinct leaves
  const std::vector<Expr> m = leaves(s.x + der(s.x) + der(der(s.x)));
  REQUIRE(m.size() == 3);
  CHECK(m[0] == s.x);
  CHECK(m[1] == der(s.x));
  CHECK(m[2] == der(der(s.x)));

  CHECK(leaves(Expr(2.0)).empty());
  CHECK(leaves(sin(Expr(1.0)) + Expr(2.0)).empty());
  const std::vector<Expr> single = leaves(s.x);
  REQUIRE(single.size() == 1);
  CHECK(single[0] == s.x);
  // inside conditions, if_else and tables
  const auto t = std::make_shared<const Table1D>("w.lt", std::vector<double>{0.0, 1.0}, std::vector<double>{0.0, 1.0});
  const std::vector<Expr> n = leaves(if_else(s.x > s.k, interpolate(t, s.z), s.t));
  REQUIRE(n.size() == 4);
  CHECK(n[0] == s.x);
  CHECK(n[1] == s.k);
  CHECK(n[2] == s.z);
  CHECK(n[3] == s.t);
}

TEST_CASE("substitute: replaces and re-simplifies") {
  const Symbols s;
  CHECK(is_constant_equal(substitute(s.x - s.y, Map{{s.x, s.y}}), 0.0));
  CHECK(substitute(s.x * s.x, Map{{s.x, 2.0 * s.z}}) == 4.0 * pow(s.z, 2));
  CHECK(substitute(s.x / s.y, Map{{s.y, s.x}}) == Expr(1.0));
  CHECK(is_constant_equal(substitute(sin(s.x) + s.k, Map{{s.x, Expr(0.0)}, {s.k, Expr(2.0)}}), 2.0));
  // a non-leaf key
  const Expr u = Expr::variable("w.u");
  CHECK(substitute(sin(s.x) * cos(s.x) + sin(s.x), Map{{sin(s.x), u}}) == u * cos(s.x) + u);
  // simultaneous, not sequential: x → y, y → x swaps
  CHECK(substitute(s.x - 2.0 * s.y, Map{{s.x, s.y}, {s.y, s.x}}) == s.y - 2.0 * s.x);
  // conditions fold when they become constant
  CHECK(substitute(if_else(s.x > 0.0, s.y, s.z), Map{{s.x, Expr(1.0)}}) == s.y);
  CHECK(substitute(if_else(s.x > 0.0, s.y, s.z), Map{{s.x, Expr(-1.0)}}) == s.z);
  // a table at a constant folds to its value
  const auto t = std::make_shared<const Table1D>("w.st", std::vector<double>{0.0, 2.0}, std::vector<double>{1.0, 5.0});
  const Expr folded = substitute(interpolate(t, s.x), Map{{s.x, Expr(0.5)}});
  REQUIRE(folded.is_constant());
  CHECK(folded.constant_value() == doctest::Approx(2.0).epsilon(1e-15));
  // nothing to replace: the same node
  const Expr e = s.k * exp(s.y);
  CHECK(substitute(e, Map{{s.z, s.x}}) == e);
  CHECK(substitute(e, Map{}) == e);
}

TEST_CASE("rebuild: the same operation on new arguments, simplified") {
  const Symbols s;
  const Expr sum = s.x + s.y;
  const std::vector<Expr> cancel{s.x, -s.x};
  CHECK(is_constant_equal(rebuild(sum, cancel), 0.0));
  const std::vector<Expr> same{s.x, s.y};
  CHECK(rebuild(sum, same) == sum);
  const std::vector<Expr> other{s.z, s.k};
  CHECK(rebuild(sum, other) == s.z + s.k);
  CHECK(rebuild(s.x * s.y, other) == s.z * s.k);
  const std::vector<Expr> xx{s.x, s.x};
  CHECK(rebuild(s.x * s.y, xx) == pow(s.x, 2));

  const std::vector<Expr> zero{Expr(0.0)};
  CHECK(is_constant_equal(rebuild(sin(s.x), zero), 0.0));
  CHECK(is_constant_equal(rebuild(cos(s.x), zero), 1.0));
  const std::vector<Expr> z1{s.z};
  CHECK(rebuild(exp(s.x), z1) == exp(s.z));
  CHECK(rebuild(der(der(s.x)), z1) == der(der(s.z)));
  CHECK(rebuild(s.x, z1) == s.x);  // leaves have no arguments to replace

  const std::vector<Expr> ordered{Expr(1.0), Expr(2.0)};
  CHECK(is_constant_equal(rebuild(s.x < s.y, ordered), 1.0));
  CHECK(is_constant_equal(rebuild(s.x >= s.y, ordered), 0.0));
  CHECK(is_constant_equal(rebuild(min(s.x, s.y), ordered), 1.0));
  CHECK(is_constant_equal(rebuild(max(s.x, s.y), ordered), 2.0));
  const std::vector<Expr> branch{Expr(1.0), s.z, s.k};
  CHECK(rebuild(if_else(s.x > 0.0, s.y, s.k), branch) == s.z);
  const std::vector<Expr> conds{s.x > 0.0, Expr(1.0)};
  CHECK(rebuild(logical_and(s.x < 0.0, s.y < 0.0), conds) == (s.x > 0.0));

  const auto t = std::make_shared<const Table1D>("w.rt", std::vector<double>{0.0, 2.0}, std::vector<double>{1.0, 5.0});
  const std::vector<Expr> one{Expr(1.0)};
  CHECK(is_constant_equal(rebuild(interpolate(t, s.x), one), 3.0));
  CHECK(rebuild(interpolate(t, s.x), z1) == interpolate(t, s.z));
}

TEST_CASE("conditions: where an expression switches branch") {
  const Symbols s;

  SUBCASE("relations give a − b") {
    const Expr rel = s.x < s.y;
    const std::vector<Condition> c = conditions(if_else(rel, s.x, s.y));
    REQUIRE(c.size() == 1);
    CHECK(c[0].source == rel);
    CHECK(c[0].indicator == s.x - s.y);
    CHECK(indicators(if_else(s.x >= 2.0, s.x, s.y)) == std::vector<Expr>{s.x - 2.0});
    CHECK(indicators(if_else(s.x > 0.0, s.x, s.y)) == std::vector<Expr>{s.x});
    CHECK(indicators(if_else(s.x <= s.k * s.y, s.x, s.y)) == std::vector<Expr>{s.x - s.k * s.y});
  }
  SUBCASE("sign and abs give their argument") {
    const std::vector<Condition> c = conditions(s.k * sign(s.x - s.z));
    REQUIRE(c.size() == 1);
    CHECK(c[0].source == sign(s.x - s.z));
    CHECK(c[0].indicator == s.x - s.z);
    CHECK(indicators(abs(der(s.x))) == std::vector<Expr>{der(s.x)});
  }
  SUBCASE("min and max give a − b") {
    const std::vector<Condition> c = conditions(min(s.x, 2.0 * s.y) + 1.0);
    REQUIRE(c.size() == 1);
    CHECK(c[0].source == min(s.x, 2.0 * s.y));
    CHECK(c[0].indicator == s.x - 2.0 * s.y);
    CHECK(indicators(max(s.x, 1.0)) == std::vector<Expr>{s.x - 1.0});
  }
  SUBCASE("a table gives x − x_i for every breakpoint where its slope jumps") {
    const std::vector<double> x{-1.0, 0.0, 2.5}, y{0.0, 1.0, 0.0};
    const auto linear = std::make_shared<const Table1D>("w.lt", x, y);
    const std::vector<Condition> inner = conditions(interpolate(linear, s.z));
    REQUIRE(inner.size() == 1);  // the ends continue their slopes
    CHECK(inner[0].indicator == s.z);
    const auto smooth = std::make_shared<const Table1D>("w.st", x, y, Interpolation::Smooth);
    CHECK(conditions(interpolate(smooth, s.z)).empty());  // C¹ everywhere
    const auto t = std::make_shared<const Table1D>("w.ct", x, y, Interpolation::Linear, Extrapolation::Nearest);
    const Expr tab = interpolate(t, s.z);
    const std::vector<Condition> c = conditions(s.k * tab);
    REQUIRE(c.size() == 3);
    CHECK(c[0].indicator == s.z + 1.0);
    CHECK(c[1].indicator == s.z);
    CHECK(c[2].indicator == s.z - 2.5);
    for (const Condition& ci : c) CHECK(ci.source == tab);
  }
  SUBCASE("and/or and nested conditions are all found, in first-visit order") {
    const Expr e = if_else(logical_or(s.x > 1.0, s.y < 0.0), abs(s.z), s.k);
    CHECK(indicators(e) == std::vector<Expr>{s.x - 1.0, s.y, s.z});
  }
  SUBCASE("duplicate indicators are reported once") {
    // x > 0, sign(x), abs(x) and a table with a breakpoint at 0 all switch where x = 0
    const auto t = std::make_shared<const Table1D>("w.dt", std::vector<double>{0.0, 1.0},
                                                   std::vector<double>{0.0, 1.0}, Interpolation::Linear,
                                                   Extrapolation::Nearest);
    const Expr gt = s.x > 0.0;
    const Expr e = if_else(gt, sign(s.x), abs(s.x)) + interpolate(t, s.x);
    const std::vector<Condition> c = conditions(e);
    REQUIRE(c.size() == 2);
    CHECK(c[0].indicator == s.x);
    CHECK(c[0].source == gt);  // the first place it was seen
    CHECK(c[1].indicator == s.x - 1.0);
    // the same relation used twice, and min/max of the same pair
    CHECK(conditions(if_else(gt, s.x, Expr(0.0)) * if_else(gt, s.y, Expr(1.0))).size() == 1);
    CHECK(conditions(min(s.x, s.y) + max(s.x, s.y)).size() == 1);
  }
  SUBCASE("a relation that cannot switch has no condition") {
    // x < x + 1 holds everywhere: its indicator x − (x + 1) = −1 never crosses zero
    CHECK(conditions(if_else(s.x < s.x + 1.0, s.y, s.z)).empty());
  }
  SUBCASE("a smooth expression has none") {
    CHECK(conditions(s.k * sin(s.x) * exp(s.y) + pow(s.x, 3) - sqrt(s.z) / (1.0 + s.x * s.x)).empty());
    CHECK(conditions(atan2(s.y, s.x) + tanh(der(s.x)) + s.t).empty());
    CHECK(conditions(Expr(2.0)).empty());
    CHECK(conditions(s.x).empty());
  }
}

TEST_CASE("a linear combination: its leaves are its terms', and it has no conditions") {
  const Symbols s;
  const Expr e = 2.0 * s.x - 3.0 * der(s.y) + s.z + 1.0;
  CHECK(is_linear_combination(e));
  CHECK(leaves(e) == std::vector<Expr>{s.x, der(s.y), s.z});
  CHECK(conditions(e).empty());
  CHECK(is_linear_combination(s.x));
  CHECK(is_linear_combination(Expr(4.0)));
  CHECK(is_linear_combination(-5.0 * s.y));
  CHECK_FALSE(is_linear_combination(sin(s.x) + s.y));
  CHECK_FALSE(is_linear_combination(s.x * s.y + 1.0));
  CHECK_FALSE(is_linear_combination(s.k * s.x));  // a symbolic coefficient is not a number
  CHECK_FALSE(is_linear_combination(abs(s.x) + s.y));
  CHECK(indicators(abs(s.x) + s.y) == std::vector<Expr>{s.x});
}
