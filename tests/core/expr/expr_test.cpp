// Construction-time behaviour of the symbolic expression DAG: hash-consing, constant folding,
// the trivial identities, der(), accessors, conditions, and node lifetime.

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <numbers>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/expr/expr.hpp"
#include "core/expr/expr_walk.hpp"
#include "core/expr/table.hpp"

using namespace acausal;

namespace {

/// True when `e` is the constant `v` (exact comparison: folding must be exact here).
bool is_constant_equal(const Expr& e, double v) { return e.is_constant() && e.constant_value() == v; }

}  // namespace

TEST_CASE("hash-consing: structurally equal expressions are the same node") {
  const Expr x = Expr::variable("hc.x");
  const Expr y = Expr::variable("hc.y");
  const Expr k = Expr::parameter("hc.k");

  SUBCASE("leaves") {
    CHECK(Expr::variable("hc.x") == x);
    CHECK(Expr::variable("hc.x").id() == x.id());
    CHECK(Expr::parameter("hc.k") == k);
    CHECK(Expr::time() == Expr::time());
    CHECK(Expr(2.5) == Expr(2.5));
    CHECK(Expr(3) == Expr(3.0));
    CHECK(Expr() == Expr(0.0));
    // a variable and a parameter of the same name are different things
    CHECK_FALSE(Expr::variable("hc.k") == k);
    CHECK_FALSE(Expr::parameter("hc.x") == x);
    CHECK_FALSE(x == y);
  }

  SUBCASE("compound expressions built separately") {
    const Expr a = k * sin(x) + pow(y, 3) / (x + 1.0);
    const Expr b = k * sin(x) + pow(y, 3) / (x + 1.0);
    CHECK(a == b);
    CHECK(a.id() == b.id());
    CHECK(a.hash() == b.hash());
    CHECK(der(x) == der(Expr::variable("hc.x")));
    CHECK(if_else(x > y, x, y) == if_else(x > y, x, y));
  }

  SUBCASE("different expressions are different nodes") {
    CHECK_FALSE(sin(x) == cos(x));
    CHECK_FALSE(x + y == x * y);
    CHECK_FALSE(2 * x == 3 * x);
    CHECK_FALSE((x < y) == (x <= y));
    CHECK_FALSE(min(x, y) == max(x, y));
    CHECK_FALSE(der(x) == der(der(x)));
    CHECK(sin(x).id() != cos(x).id());
  }

  SUBCASE("ExprHash deduplicates in unordered containers") {
    std::unordered_set<Expr, ExprHash> set;
    set.insert(x * y + 1.0);
    set.insert(x * y + 1.0);
    set.insert(x * y + 2.0);
    CHECK(set.size() == 2);
  }

  SUBCASE("-0 and +0 are one constant") {
    CHECK(Expr(-0.0) == Expr(0.0));
    CHECK_FALSE(std::signbit(Expr(-0.0).constant_value()));
  }
}

TEST_CASE("ids increase in creation order and a node lives as long as a handle") {
  const Expr a = Expr::variable("id.a");
  const Expr b = Expr::variable("id.b");
  CHECK(b.id() > a.id());
  const Expr s = a + b;
  CHECK(s.id() > b.id());

  // Releasing every handle frees the node: building it again creates a new node, with a new id.
  std::uint64_t first_id = 0;
  {
    const Expr tmp = sin(Expr::variable("id.tmp")) * 3.0;
    first_id = tmp.id();
  }
  const Expr again = sin(Expr::variable("id.tmp")) * 3.0;
  CHECK(again.id() > first_id);

  // While a handle lives, rebuilding finds the same node.
  const Expr again2 = sin(Expr::variable("id.tmp")) * 3.0;
  CHECK(again2.id() == again.id());
}

TEST_CASE("copies and moves keep valid handles") {
  const Expr x = Expr::variable("cm.x");
  Expr a = x + 1.0;
  Expr b = a;  // NOLINT(performance-unnecessary-copy-initialization)
  CHECK(a == b);
  Expr c = std::move(a);
  CHECK(c == b);
  Expr d;
  d = c;
  CHECK(d == b);
  d = d;  // self-assignment keeps the node alive
  CHECK(d == b);
  CHECK(to_string(d) == "cm.x + 1");
}

TEST_CASE("constants fold") {
  const Expr two = 2.0;
  const Expr three = 3.0;
  CHECK(is_constant_equal(two + three, 5.0));
  CHECK(is_constant_equal(two - three, -1.0));
  CHECK(is_constant_equal(two * three, 6.0));
  CHECK(is_constant_equal(Expr(3.0) / Expr(4.0), 0.75));
  CHECK(is_constant_equal(-two, -2.0));
  CHECK(is_constant_equal(pow(two, 10), 1024.0));
  CHECK(is_constant_equal(pow(Expr(9.0), Expr(0.5)), 3.0));
  CHECK(is_constant_equal(sqrt(Expr(16.0)), 4.0));
  CHECK(is_constant_equal(exp(Expr(0.0)), 1.0));
  CHECK(is_constant_equal(log(Expr(1.0)), 0.0));
  CHECK(is_constant_equal(sin(Expr(0.0)), 0.0));
  CHECK(is_constant_equal(cos(Expr(0.0)), 1.0));
  CHECK(is_constant_equal(tan(Expr(0.0)), 0.0));
  CHECK(is_constant_equal(asin(Expr(1.0)), std::asin(1.0)));
  REQUIRE(acos(Expr(-1.0)).is_constant());
  CHECK(acos(Expr(-1.0)).constant_value() == doctest::Approx(std::numbers::pi).epsilon(1e-15));
  REQUIRE(atan(Expr(1.0)).is_constant());
  CHECK(atan(Expr(1.0)).constant_value() == doctest::Approx(std::numbers::pi / 4.0).epsilon(1e-15));
  REQUIRE(atan2(Expr(1.0), Expr(-1.0)).is_constant());
  CHECK(atan2(Expr(1.0), Expr(-1.0)).constant_value() ==
        doctest::Approx(3.0 * std::numbers::pi / 4.0).epsilon(1e-15));
  CHECK(is_constant_equal(tanh(Expr(0.0)), 0.0));

  // relations of constants fold to 1 or 0
  CHECK(is_constant_equal(two < three, 1.0));
  CHECK(is_constant_equal(three < two, 0.0));
  CHECK(is_constant_equal(two <= two, 1.0));
  CHECK(is_constant_equal(two > two, 0.0));
  CHECK(is_constant_equal(two >= three, 0.0));
  CHECK(is_constant_equal(three >= two, 1.0));

  // constants inside sums and products are collected
  const Expr x = Expr::variable("cf.x");
  CHECK(x + 1.0 + 2.0 == x + 3.0);
  CHECK(2.0 * x * 3.0 == 6.0 * x);
  CHECK(2 * x + 3 * x == 5 * x);
  CHECK(x / 4.0 == 0.25 * x);
}

TEST_CASE("the trivial identities build no node") {
  const Expr x = Expr::variable("id.x");
  const Expr y = Expr::variable("id.y");
  const Expr a = Expr::variable("id.a");
  const Expr b = Expr::variable("id.b");

  CHECK(x + 0.0 == x);
  CHECK(0.0 + x == x);
  CHECK(x - 0.0 == x);
  CHECK(0.0 - x == -x);
  CHECK(x * 1.0 == x);
  CHECK(1.0 * x == x);
  CHECK(is_constant_equal(x * 0.0, 0.0));
  CHECK(is_constant_equal(0.0 * x, 0.0));
  CHECK(is_constant_equal(x - x, 0.0));
  CHECK(-(-x) == x);
  CHECK(x / 1.0 == x);
  CHECK(is_constant_equal(x / x, 1.0));
  CHECK(is_constant_equal(Expr(0.0) / x, 0.0));
  CHECK(x * x == pow(x, 2));
  CHECK(x * x * x == pow(x, 3));
  CHECK(pow(x, 3) / x == pow(x, 2));
  CHECK(pow(x, 2) / x == x);
  CHECK(x / pow(x, 2) == pow(x, -1));
  CHECK(is_constant_equal((a + b) - (a + b), 0.0));
  CHECK(2 * (x + y) - 2 * x == 2 * y);
  CHECK(x + y - x == y);
  CHECK(is_constant_equal(pow(x, 0), 1.0));
  CHECK(pow(x, 1) == x);
  CHECK(pow(pow(x, 2), 3) == pow(x, 6));
  CHECK(pow(pow(x, 2), -1) == pow(x, -2));
  CHECK(pow(x * y, 2) == x * x * y * y);
  CHECK(pow(2.0 * x, 2) == 4.0 * x * x);
  CHECK(is_constant_equal(pow(Expr(1.0), y), 1.0));
  // x^2 · x^-2 = 1 and (x·y)/(x·y) = 1
  CHECK(is_constant_equal(pow(x, 2) * pow(x, -2), 1.0));
  CHECK(is_constant_equal((x * y) / (x * y), 1.0));
}

TEST_CASE("x*x is pow(x, 2) and x/x is 1 for every kind of x") {
  const Expr x = Expr::variable("sq.x");
  const Expr y = Expr::variable("sq.y");
  const std::vector<Expr> bases = {
      x + y, 3.0 * x, x * y, sin(x), pow(x, Expr(0.5)), der(x),
      pow(x, y),  // a power with a symbolic exponent
  };
  for (const Expr& b : bases) {
    CAPTURE(to_string(b));
    CHECK(b * b == pow(b, 2));
    CHECK(is_constant_equal(b / b, 1.0));
    CHECK(is_constant_equal(b - b, 0.0));
  }
}

TEST_CASE("sums and products do not depend on the order of their operands") {
  const Expr x = Expr::variable("comm.x");
  const Expr y = Expr::variable("comm.y");
  // x·y − y·x = 0 and x + y − (y + x) = 0 are like-term cancellations a reader expects.
  CHECK(is_constant_equal(x * y - y * x, 0.0));
  CHECK(is_constant_equal((x + y) - (y + x), 0.0));
}

TEST_CASE("der() of variables and derivatives") {
  const Expr x = Expr::variable("der.x");
  const Expr d1 = der(x);
  CHECK(d1.op() == Op::Derivative);
  CHECK(d1.order() == 1);
  CHECK(d1.is_leaf());
  CHECK(d1.name() == "der.x");
  REQUIRE(d1.args().size() == 1);
  CHECK(d1.args()[0] == x);

  const Expr d2 = der(der(x));
  CHECK(d2.op() == Op::Derivative);
  CHECK(d2.order() == 2);
  REQUIRE(d2.args().size() == 1);
  CHECK(d2.args()[0] == x);  // the argument is the variable, not der(x)
  CHECK(der(der(der(x))).order() == 3);

  CHECK_THROWS_AS(der(2.0 * x), std::invalid_argument);
  CHECK_THROWS_AS(der(x + 1.0), std::invalid_argument);
  CHECK_THROWS_AS(der(Expr(1.0)), std::invalid_argument);
  CHECK_THROWS_AS(der(Expr::parameter("der.k")), std::invalid_argument);
  CHECK_THROWS_AS(der(Expr::time()), std::invalid_argument);
}

TEST_CASE("accessors") {
  const Expr x = Expr::variable("acc.x");
  const Expr k = Expr::parameter("acc.k");

  CHECK(x.op() == Op::Variable);
  CHECK(k.op() == Op::Parameter);
  CHECK(Expr::time().op() == Op::Time);
  CHECK(Expr(1.5).op() == Op::Constant);
  CHECK(x.name() == "acc.x");
  CHECK(k.name() == "acc.k");
  CHECK(Expr(1.5).constant_value() == 1.5);
  CHECK(x.is_leaf());
  CHECK(k.is_leaf());
  CHECK(Expr::time().is_leaf());
  CHECK(Expr(1.0).is_leaf());
  CHECK_FALSE((x + k).is_leaf());
  CHECK(x.args().empty());
  CHECK(Expr::time().args().empty());

  CHECK_THROWS_AS(static_cast<void>(x.constant_value()), std::logic_error);
  CHECK_THROWS_AS(static_cast<void>((x + 1.0).constant_value()), std::logic_error);
  CHECK_THROWS_AS(static_cast<void>(Expr(1.0).name()), std::logic_error);
  CHECK_THROWS_AS(static_cast<void>((x * k).name()), std::logic_error);
  CHECK_THROWS_AS(static_cast<void>(Expr::time().name()), std::logic_error);
  CHECK_THROWS_AS(static_cast<void>(x.table()), std::logic_error);

  // structure of n-ary operations: a constant coefficient is the first factor, then the factors in
  // canonical order (parameters before variables), a constant term last
  const Expr p = 3.0 * x * k;
  CHECK(p.op() == Op::Mul);
  REQUIRE(p.args().size() == 3);
  CHECK(is_constant_equal(p.args()[0], 3.0));
  CHECK(p.args()[1] == k);
  CHECK(p.args()[2] == x);
  const Expr s = 2.0 + x;
  CHECK(s.op() == Op::Add);
  REQUIRE(s.args().size() == 2);
  CHECK(s.args()[0] == x);
  CHECK(is_constant_equal(s.args()[1], 2.0));

  // the table of a Table node
  const auto t = std::make_shared<const Table1D>("acc.t", std::vector<double>{0.0, 1.0},
                                                 std::vector<double>{0.0, 2.0});
  const Expr tx = interpolate(t, x);
  CHECK(tx.op() == Op::Table);
  CHECK(tx.order() == 0);
  CHECK(tx.table() == t);
  REQUIRE(tx.args().size() == 1);
  CHECK(tx.args()[0] == x);
  CHECK_THROWS_AS(interpolate(nullptr, x), std::invalid_argument);
}

TEST_CASE("if_else") {
  const Expr x = Expr::variable("if.x");
  const Expr a = Expr::variable("if.a");
  const Expr b = Expr::variable("if.b");

  SUBCASE("constant conditions choose a branch") {
    CHECK(if_else(Expr(1.0), a, b) == a);
    CHECK(if_else(Expr(0.0), a, b) == b);
    CHECK(if_else(Expr(1.0) < Expr(2.0), a, b) == a);
    CHECK(if_else(Expr(3.0) <= Expr(2.0), a, b) == b);
  }
  SUBCASE("equal branches need no condition") { CHECK(if_else(x > 0.0, a, a) == a); }
  SUBCASE("a symbolic condition builds an IfElse node") {
    const Expr e = if_else(x >= 0.0, a, b);
    CHECK(e.op() == Op::IfElse);
    REQUIRE(e.args().size() == 3);
    CHECK(e.args()[0] == (x >= 0.0));
    CHECK(e.args()[1] == a);
    CHECK(e.args()[2] == b);
    CHECK(if_else(logical_and(x > 0.0, a < b), a, b).op() == Op::IfElse);
  }
  SUBCASE("a value that is not a condition is rejected") {
    CHECK_THROWS_AS(if_else(x, a, b), std::invalid_argument);
    CHECK_THROWS_AS(if_else(x - 1.0, a, b), std::invalid_argument);
    CHECK_THROWS_AS(if_else(sign(x), a, b), std::invalid_argument);
  }
}

TEST_CASE("logical_and and logical_or") {
  const Expr x = Expr::variable("lg.x");
  const Expr y = Expr::variable("lg.y");
  const Expr p = x > 0.0;
  const Expr q = y < 1.0;

  CHECK(is_condition(Op::Less));
  CHECK(is_condition(Op::And));
  CHECK(is_condition(Op::Or));
  CHECK_FALSE(is_condition(Op::IfElse));
  CHECK_FALSE(is_condition(Op::Sign));

  // and: true is the identity, false annihilates, idempotent
  CHECK(logical_and(Expr(1.0), p) == p);
  CHECK(logical_and(p, Expr(1.0)) == p);
  CHECK(is_constant_equal(logical_and(Expr(0.0), p), 0.0));
  CHECK(is_constant_equal(logical_and(p, Expr(0.0)), 0.0));
  CHECK(logical_and(p, p) == p);
  CHECK(is_constant_equal(logical_and(Expr(1.0), Expr(1.0)), 1.0));
  // or: false is the identity, true annihilates, idempotent
  CHECK(logical_or(Expr(0.0), p) == p);
  CHECK(logical_or(p, Expr(0.0)) == p);
  CHECK(is_constant_equal(logical_or(Expr(1.0), p), 1.0));
  CHECK(is_constant_equal(logical_or(p, Expr(1.0)), 1.0));
  CHECK(logical_or(p, p) == p);
  CHECK(is_constant_equal(logical_or(Expr(0.0), Expr(0.0)), 0.0));

  CHECK(logical_and(p, q).op() == Op::And);
  CHECK(logical_or(p, q).op() == Op::Or);

  CHECK_THROWS_AS(logical_and(x, q), std::invalid_argument);
  CHECK_THROWS_AS(logical_or(p, y + 1.0), std::invalid_argument);
}

TEST_CASE("min, max, abs and sign fold") {
  const Expr x = Expr::variable("mm.x");
  const Expr y = Expr::variable("mm.y");

  CHECK(is_constant_equal(min(Expr(2.0), Expr(3.0)), 2.0));
  CHECK(is_constant_equal(min(Expr(3.0), Expr(-2.0)), -2.0));
  CHECK(is_constant_equal(max(Expr(2.0), Expr(3.0)), 3.0));
  CHECK(is_constant_equal(max(Expr(-3.0), Expr(-4.0)), -3.0));
  CHECK(min(x, x) == x);
  CHECK(max(x, x) == x);
  CHECK(min(x, y).op() == Op::Min);
  CHECK(max(x, 1.0).op() == Op::Max);

  CHECK(is_constant_equal(abs(Expr(-3.5)), 3.5));
  CHECK(is_constant_equal(abs(Expr(2.0)), 2.0));
  CHECK(abs(abs(x)) == abs(x));
  CHECK(abs(x).op() == Op::Abs);

  CHECK(is_constant_equal(sign(Expr(-2.0)), -1.0));
  CHECK(is_constant_equal(sign(Expr(0.0)), 0.0));
  CHECK(is_constant_equal(sign(Expr(5.0)), 1.0));
  CHECK(sign(x).op() == Op::Sign);
}

TEST_CASE("interpolate() of a constant folds") {
  const auto t = std::make_shared<const Table1D>("fold.t", std::vector<double>{0.0, 1.0, 3.0},
                                                 std::vector<double>{1.0, 3.0, 2.0});
  const Expr e = interpolate(t, Expr(0.5));
  REQUIRE(e.is_constant());
  CHECK(e.constant_value() == doctest::Approx(2.0).epsilon(1e-15));
  const Expr x = Expr::variable("fold.x");
  CHECK(interpolate(t, x) == interpolate(t, x));
}

TEST_CASE("releasing every handle of a deep chain frees it without recursion") {
  // x + x*(x + x*(...)): 2·100000 nested operations. Destruction must be iterative; building the
  // chain again after dropping it must create new nodes (the old ones were freed).
  const Expr x = Expr::variable("chain.x");
  constexpr int depth = 100000;
  std::uint64_t previous_top = 0;
  for (int round = 0; round < 3; ++round) {
    Expr e = x;
    for (int i = 0; i < depth; ++i) e = x + x * e;
    CHECK(e.op() == Op::Add);
    const std::vector<Expr> l = leaves(e);
    REQUIRE(l.size() == 1);
    CHECK(l[0] == x);
    CHECK(e.id() > previous_top);
    previous_top = e.id();
  }
  // After the loop, the chain is gone; a fresh small expression of x is a new node.
  const Expr small = x + x * x;
  CHECK(small.id() > previous_top);
}
