// Compiled tapes (core/expr/tape.hpp): the tape computes what tree evaluation computes, reads its
// inputs by kind and index, and compiles every shared subexpression once.

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/expr/expr.hpp"
#include "core/expr/expr_diff.hpp"
#include "core/expr/expr_walk.hpp"
#include "core/expr/table.hpp"
#include "core/expr/tape.hpp"

using namespace acausal;

namespace {

/// Where each leaf of the random expressions is read from, and its value in one evaluation:
/// x_i → y[i]; der(x_i) of order k → y'[i + kVariables·(k − 1)]; p_j → p[j]; time.
class Inputs {
 public:
  static constexpr std::size_t kVariables = 3;
  static constexpr std::size_t kParameters = 2;
  static constexpr std::size_t kMaxOrder = 32;  // time_derivative of random expressions raises the order

  Inputs() {
    for (std::size_t i = 0; i < kVariables; ++i) {
      const Expr v = Expr::variable(variable_name(i));
      leaves_.insert(leaves_.end(), {v, der(v), der(der(v))});
    }
    for (std::size_t j = 0; j < kParameters; ++j) leaves_.push_back(Expr::parameter(parameter_name(j)));
    leaves_.push_back(Expr::time());
    y.resize(kVariables);
    yp.resize(kVariables * kMaxOrder);
    p.resize(kParameters);
  }

  /// The leaves the generator draws from (derivatives up to order 2; time_derivative makes more).
  const std::vector<Expr>& leaves() const { return leaves_; }

  static std::optional<InputSlot> slot(const Expr& leaf) {
    switch (leaf.op()) {
      case Op::Time: return InputSlot{InputKind::Time, 0};
      case Op::Variable:
      case Op::Derivative:
        for (std::size_t i = 0; i < kVariables; ++i) {
          if (leaf.name() != variable_name(i)) continue;
          if (leaf.op() == Op::Variable) return InputSlot{InputKind::Y, static_cast<std::uint32_t>(i)};
          const auto order = static_cast<std::size_t>(leaf.order());
          if (order > kMaxOrder) return std::nullopt;
          return InputSlot{InputKind::YP, static_cast<std::uint32_t>(i + kVariables * (order - 1))};
        }
        return std::nullopt;
      case Op::Parameter:
        for (std::size_t j = 0; j < kParameters; ++j)
          if (leaf.name() == parameter_name(j)) return InputSlot{InputKind::P, static_cast<std::uint32_t>(j)};
        return std::nullopt;
      default: return std::nullopt;
    }
  }

  InputMap map() const { return &Inputs::slot; }

  TapeInputs tape_inputs() const { return {t, y.data(), yp.data(), p.data()}; }

  double value(const Expr& leaf) const {
    const std::optional<InputSlot> s = slot(leaf);
    if (!s) throw std::logic_error("test: no input for " + to_string(leaf));
    switch (s->kind) {
      case InputKind::Time: return t;
      case InputKind::Y: return y.at(s->index);
      case InputKind::YP: return yp.at(s->index);
      case InputKind::P: return p.at(s->index);
      case InputKind::U:
      case InputKind::D: break;  // no external inputs or discrete variables here
    }
    return 0.0;
  }

  double tree(const Expr& e) const {
    return evaluate(e, [this](const Expr& leaf) { return value(leaf); });
  }

  double t = 0.0;
  std::vector<double> y, yp, p;

 private:
  static std::string variable_name(std::size_t i) { return "x" + std::to_string(i); }
  static std::string parameter_name(std::size_t j) { return "p" + std::to_string(j); }

  std::vector<Expr> leaves_;
};

/// A small deterministic generator (SplitMix64), so the expressions do not depend on the library.
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }
  double uniform(double lo, double hi) { return lo + (hi - lo) * static_cast<double>(next() >> 11) * 0x1.0p-53; }
  template <typename T>
  const T& pick(const std::vector<T>& v) {
    return v[below(v.size())];
  }

 private:
  std::uint64_t state_;
};

/// Random expressions over the leaves of `Inputs`, constants and every operation kind. Arguments
/// of functions with a restricted domain are mapped into it (1 + a², 0.9·tanh a, ...), so that
/// almost every value is finite; earlier results are reused to make a DAG with shared nodes.
class ExpressionGenerator {
 public:
  ExpressionGenerator(std::uint64_t seed, const Inputs& inputs) : rng_(seed), leaves_(inputs.leaves()) {
    const std::vector<double> bx = {-2.0, -0.5, 0.0, 1.0, 3.0};
    const std::vector<double> by = {1.0, -0.5, 0.25, 2.0, 1.5};
    tables_ = {
        std::make_shared<const Table1D>("lin", bx, by, Interpolation::Linear, Extrapolation::Linear),
        std::make_shared<const Table1D>("lin_hold", bx, by, Interpolation::Linear, Extrapolation::Nearest),
        std::make_shared<const Table1D>("smooth", bx, by, Interpolation::Smooth, Extrapolation::Linear),
        std::make_shared<const Table1D>("smooth_hold", bx, by, Interpolation::Smooth, Extrapolation::Nearest),
    };
  }

  Expr next(int depth) {
    Expr e = build(depth);
    pool_.push_back(e);
    return e;
  }

 private:
  Expr leaf() {
    switch (rng_.below(4)) {
      case 0: return Expr(constant());
      case 1:
        if (!pool_.empty()) return rng_.pick(pool_);  // a shared subexpression
        [[fallthrough]];
      default: return rng_.pick(leaves_);
    }
  }

  // Every random draw is its own statement, so the sequence does not depend on the compiler's
  // order of evaluating function arguments.
  double constant() { return rng_.pick(constants_); }

  Expr condition(int depth) {
    const Expr a = build(depth - 1);
    const Expr b = build(depth - 1);
    switch (rng_.below(6)) {
      case 0: return a < b;
      case 1: return a <= b;
      case 2: return a > b;
      case 3: return a >= b;
      case 4: {
        const Expr c = build(depth - 1);
        return logical_and(a < b, c > constant());
      }
      default: {
        const Expr c = build(depth - 1);
        return logical_or(a >= b, c <= constant());
      }
    }
  }

  Expr build(int depth) {
    if (depth <= 0 || rng_.below(6) == 0) return leaf();
    const int d = depth - 1;
    const std::size_t kind = rng_.below(35);
    const Expr a = build(d);
    auto second = [&] { return build(d); };
    switch (kind) {
      case 0: return a + second();
      case 1: return a - second();
      case 2: return a * second();
      case 3: return a / second();
      case 4: return a / (1.5 + sin(second()));
      case 5: return constant() * a;
      case 6: return -a;
      case 7: {
        const Expr b = second();
        const double k = constant();
        return a + k * b - second();
      }
      case 8: {
        const Expr b = second();
        const double k = constant();
        return k * a * b / second();
      }
      case 9: return pow(a, rng_.pick(int_exponents_));
      case 10: return pow(1 + pow(a, 2), Expr(rng_.pick(real_exponents_)));
      case 11: return pow(1 + pow(a, 2), sin(second()));
      case 12: return sqrt(1 + pow(a, 2));
      case 13: return sqrt(abs(a));
      case 14: return exp(a);
      case 15: return log(1 + pow(a, 2));
      case 16: return log(abs(a) + 0.25);
      case 17: return sin(a);
      case 18: return cos(a);
      case 19: return tan(tanh(a));
      case 20: return asin(0.9 * tanh(a));
      case 21: return acos(0.8 * sin(a));
      case 22: return atan(a);
      case 23: return tanh(a);
      case 24: return abs(a);
      case 25: return sign(a);
      case 26: return atan2(a, second());
      case 27: return min(a, second());
      case 28: return max(a, second());
      case 29: {
        const Expr c = condition(depth);
        return if_else(c, a, second());
      }
      case 30: return condition(depth);
      case 31: return interpolate(rng_.pick(tables_), a);
      case 32: return diff(a, rng_.pick(leaves_));  // derivatives, tables of higher order
      case 33: return time_derivative(a);
      default: {
        const Expr b = second();
        return a * b + second();
      }
    }
  }

  Random rng_;
  std::vector<Expr> leaves_;
  std::vector<Expr> pool_;
  std::vector<std::shared_ptr<const Table1D>> tables_;
  const std::vector<double> constants_ = {2.0, -1.0, 0.5, -3.25, 1e-3, 7.0};
  const std::vector<int> int_exponents_ = {-3, -2, -1, 2, 3, 4, 5};
  const std::vector<double> real_exponents_ = {0.5, -0.5, 1.5, -2.7, 0.3};
};

/// Tape and tree agree: both NaN, equal (infinities included), or within a few rounding errors.
/// The tape may group a product or a power differently (x/y for x·y⁻¹, repeated squaring for xⁿ),
/// so the comparison is relative, not bitwise.
bool same_value(double tape, double tree) {
  if (std::isnan(tape) || std::isnan(tree)) return std::isnan(tape) && std::isnan(tree);
  if (tape == tree) return true;
  return std::fabs(tape - tree) <= 1e-12 * std::max(1.0, std::fabs(tree));
}

void randomize(Inputs& in, Random& rng) {
  in.t = rng.uniform(0.0, 3.0);
  for (double& v : in.y) v = rng.uniform(-2.0, 2.0);
  for (double& v : in.yp) v = rng.uniform(-2.0, 2.0);
  for (double& v : in.p) v = rng.uniform(0.5, 2.0);
}

}  // namespace

TEST_CASE("tape: random expressions evaluate as the tree does") {
  Inputs inputs;
  ExpressionGenerator gen(20240611, inputs);
  Random rng(7);
  std::vector<Expr> exprs;
  for (int i = 0; i < 400; ++i) exprs.push_back(gen.next(1 + i % 5));

  Tape all(exprs, inputs.map());  // one tape, many outputs sharing subexpressions
  REQUIRE(all.output_count() == exprs.size());
  std::vector<Tape> single;
  for (const Expr& e : exprs) single.emplace_back(std::span<const Expr>(&e, 1), inputs.map());

  std::size_t compared = 0;
  std::size_t finite = 0;
  std::vector<double> out(exprs.size());
  for (int point = 0; point < 6; ++point) {
    randomize(inputs, rng);
    all.evaluate(inputs.tape_inputs(), out.data());
    for (std::size_t k = 0; k < exprs.size(); ++k) {
      const double tree = inputs.tree(exprs[k]);
      double alone = 0.0;
      single[k].evaluate(inputs.tape_inputs(), &alone);
      INFO("expression ", k, ": ", to_string(exprs[k]));
      CHECK(same_value(out[k], tree));
      CHECK(same_value(alone, tree));
      ++compared;
      if (std::isfinite(tree)) ++finite;
    }
  }
  // the comparison is not vacuous: nearly all values are finite numbers
  CHECK(finite >= compared * 95 / 100);
}

TEST_CASE("tape: every operation kind against the tree") {
  Inputs inputs;
  const Expr x = Expr::variable("x0");
  const Expr y = Expr::variable("x1");
  const Expr z = Expr::variable("x2");
  const Expr p = Expr::parameter("p0");
  const Expr t = Expr::time();
  auto table = std::make_shared<const Table1D>("tab", std::vector<double>{0, 1, 2}, std::vector<double>{0, 3, 1},
                                               Interpolation::Smooth, Extrapolation::Linear);
  const std::vector<Expr> exprs = {
      x + y,       x - y,          x * y,           x / y,          -x,           3 * x,
      x - 2.5 * y, 2 / x,          -x / (y * z),    pow(x, 3),      pow(x, -2),   pow(x, 70),
      pow(p, x),   pow(p, Expr(0.5)), sqrt(p),      exp(x),         log(p),       sin(x),
      cos(x),      tan(x),         asin(x / 3),     acos(y / 3),    atan(x),      tanh(x),
      abs(x),      sign(x),        atan2(y, x),     min(x, y),      max(x, y),    x < y,
      x <= y,      x > y,          x >= y,          logical_and(x < y, z > 0),    logical_or(x < y, z > 0),
      if_else(x < y, x, y * y),    interpolate(table, x * t),       diff(interpolate(table, x), x),
      diff(diff(interpolate(table, x), x), x),      diff(diff(diff(interpolate(table, x), x), x), x),
      der(x) * der(der(x)) + t,
  };
  Random rng(99);
  std::vector<double> out(exprs.size());
  Tape tape(exprs, inputs.map());
  for (int point = 0; point < 20; ++point) {
    randomize(inputs, rng);
    if (point == 0) inputs.y = {0.0, 1.5, -0.5};  // sign(0), 1/0, atan2(·, 0)
    if (point == 1) inputs.y = {1.0, 1.0, 1.0};   // ties in min, max and the relations
    tape.evaluate(inputs.tape_inputs(), out.data());
    for (std::size_t k = 0; k < exprs.size(); ++k) {
      INFO(to_string(exprs[k]), " at point ", point);
      CHECK(same_value(out[k], inputs.tree(exprs[k])));
    }
  }
}

TEST_CASE("tape: inputs by kind and index") {
  const Expr a = Expr::variable("a");
  const Expr b = Expr::variable("b");
  const Expr k = Expr::parameter("k");
  const Expr u = Expr::parameter("u");
  const Expr t = Expr::time();
  const InputMap map = [&](const Expr& leaf) -> std::optional<InputSlot> {
    if (leaf == a) return InputSlot{InputKind::Y, 2};
    if (leaf == b) return InputSlot{InputKind::Y, 0};
    if (leaf == der(a)) return InputSlot{InputKind::YP, 1};
    if (leaf == der(der(a))) return InputSlot{InputKind::YP, 3};
    if (leaf == k) return InputSlot{InputKind::P, 4};
    if (leaf == u) return InputSlot{InputKind::U, 1};
    if (leaf == t) return InputSlot{InputKind::Time, 0};
    return std::nullopt;
  };
  const std::vector<Expr> outputs = {a, b, der(a), der(der(a)), k, t, k * a - b + t * der(a), u, u * a};
  Tape tape(outputs, map);
  CHECK(tape.output_count() == outputs.size());

  std::array<double, 3> y = {10.0, 11.0, 12.0};
  std::array<double, 4> yp = {20.0, 21.0, 22.0, 23.0};
  std::array<double, 5> p = {30.0, 31.0, 32.0, 33.0, 34.0};
  std::array<double, 2> u_values = {40.0, 41.0};
  std::array<double, 9> out{};
  tape.evaluate({0.5, y.data(), yp.data(), p.data(), u_values.data()}, out.data());
  CHECK(out[0] == 12.0);
  CHECK(out[1] == 10.0);
  CHECK(out[2] == 21.0);
  CHECK(out[3] == 23.0);
  CHECK(out[4] == 34.0);
  CHECK(out[5] == 0.5);
  CHECK(out[6] == 34.0 * 12.0 - 10.0 + 0.5 * 21.0);
  CHECK(out[7] == 41.0);
  CHECK(out[8] == 41.0 * 12.0);

  // a second evaluation reads the new inputs (no stale workspace)
  y[2] = -1.0;
  yp[1] = 4.0;
  p[4] = 2.0;
  u_values[1] = -5.0;
  tape.evaluate({3.0, y.data(), yp.data(), p.data(), u_values.data()}, out.data());
  CHECK(out[0] == -1.0);
  CHECK(out[2] == 4.0);
  CHECK(out[4] == 2.0);
  CHECK(out[5] == 3.0);
  CHECK(out[6] == 2.0 * -1.0 - 10.0 + 3.0 * 4.0);
  CHECK(out[7] == -5.0);

  // two leaves read from the same slot see the same value
  const InputMap same = [&](const Expr& leaf) -> std::optional<InputSlot> {
    if (leaf == a || leaf == b) return InputSlot{InputKind::Y, 1};
    return std::nullopt;
  };
  const Expr diff_ab = a * a - b * b;
  Tape shared(std::span<const Expr>(&diff_ab, 1), same);
  double r = 1.0;
  shared.evaluate({0.0, y.data(), nullptr, nullptr}, &r);
  CHECK(r == 0.0);
}

TEST_CASE("tape: several outputs sharing subexpressions, and constant outputs") {
  Inputs inputs;
  const Expr x = Expr::variable("x0");
  const Expr y = Expr::variable("x1");
  const Expr s = sin(x * y) + exp(y);  // shared by every output below
  const std::vector<Expr> outputs = {s, s * s, Expr(3.5), s / (1 + x * x), Expr(-2.0), x, s - 1, Expr(3.5)};
  Tape tape(outputs, inputs.map());
  REQUIRE(tape.output_count() == outputs.size());
  Random rng(5);
  std::vector<double> out(outputs.size());
  for (int point = 0; point < 3; ++point) {
    randomize(inputs, rng);
    tape.evaluate(inputs.tape_inputs(), out.data());
    const double sv = std::sin(inputs.y[0] * inputs.y[1]) + std::exp(inputs.y[1]);
    CHECK(out[0] == doctest::Approx(sv).epsilon(1e-15));
    CHECK(out[1] == doctest::Approx(sv * sv).epsilon(1e-14));
    CHECK(out[2] == 3.5);
    CHECK(out[3] == doctest::Approx(sv / (1 + inputs.y[0] * inputs.y[0])).epsilon(1e-14));
    CHECK(out[4] == -2.0);
    CHECK(out[5] == inputs.y[0]);
    CHECK(out[6] == doctest::Approx(sv - 1).epsilon(1e-14));
    CHECK(out[7] == 3.5);
  }

  // a tape of constants only: no instructions (constants are preloaded), and the right values
  const std::vector<Expr> constants = {Expr(1.25), Expr(0.0), Expr(-7)};
  Tape ctape(constants, [](const Expr&) -> std::optional<InputSlot> { return std::nullopt; });
  CHECK(ctape.instruction_count() == 0);
  std::array<double, 3> cvals = {9.0, 9.0, 9.0};
  ctape.evaluate({}, cvals.data());
  CHECK(cvals[0] == 1.25);
  CHECK(cvals[1] == 0.0);
  CHECK(cvals[2] == -7.0);
}

TEST_CASE("tape: a tape of sums alone gives each output as the tree does, to rounding") {
  // Linear residuals of y, y' and constants, some outputs repeated or constant: the rows are
  // evaluated by shape, each row's y terms first, then its y' terms, then its constants (in the
  // sum's order within each), so the values are the tree's up to the order of the additions.
  Inputs inputs;
  const Expr x0 = Expr::variable("x0"), x1 = Expr::variable("x1"), x2 = Expr::variable("x2");
  const Expr r1 = 0.1 * x0 - 3.0 * der(x1) + x2 + 0.7;
  const Expr r2 = der(x0) - x1;
  const std::vector<Expr> outputs = {r1, r2, Expr(2.5), 1e4 * x0 - 2e4 * x1 + 1e4 * x2 - 10.0 * der(x2), r1};
  Tape tape(outputs, inputs.map());
  Random rng(11);
  std::vector<double> out(outputs.size());
  for (int point = 0; point < 5; ++point) {
    randomize(inputs, rng);
    tape.evaluate(inputs.tape_inputs(), out.data());
    for (std::size_t k = 0; k < outputs.size(); ++k) {
      CAPTURE(k);
      CHECK(out[k] == doctest::Approx(inputs.tree(outputs[k])).epsilon(1e-14));
    }
  }
}

TEST_CASE("tape: an unmapped leaf throws std::invalid_argument naming it") {
  const Expr x = Expr::variable("x");
  const Expr ghost = Expr::variable("ghost.w");
  const Expr hidden = Expr::parameter("hidden.k");
  const InputMap only_x = [&](const Expr& leaf) -> std::optional<InputSlot> {
    if (leaf == x) return InputSlot{InputKind::Y, 0};
    return std::nullopt;
  };
  auto compile = [&](const Expr& e) { Tape tape(std::span<const Expr>(&e, 1), only_x); };
  CHECK_NOTHROW(compile(sin(x) * x));
  CHECK_THROWS_WITH_AS(compile(x + ghost), doctest::Contains("ghost.w"), std::invalid_argument);
  CHECK_THROWS_WITH_AS(compile(x * sin(hidden)), doctest::Contains("hidden.k"), std::invalid_argument);
  CHECK_THROWS_WITH_AS(compile(der(x) - x), doctest::Contains("der(x)"), std::invalid_argument);
  CHECK_THROWS_WITH_AS(compile(x * Expr::time()), doctest::Contains("time"), std::invalid_argument);
}

namespace {

/// A big expression of one variable: a chain of nested functions, every level distinct.
Expr big_tree(const Expr& x, int levels) {
  Expr e = x;
  for (int i = 0; i < levels; ++i) e = sin(e) * (x + i) + exp(-e * e) / (2 + cos(x * i));
  return e;
}

std::size_t instructions(const std::vector<Expr>& outputs, const InputMap& map) {
  return Tape(outputs, map).instruction_count();
}

}  // namespace

TEST_CASE("tape: shared subexpressions are compiled once") {
  Inputs inputs;
  const InputMap map = inputs.map();
  const Expr x = Expr::variable("x0");
  const Expr big = big_tree(x, 12);
  const std::size_t n = instructions({big}, map);
  REQUIRE(n > 50);

  CHECK(instructions({big, big}, map) == n);
  CHECK(instructions({big_tree(x, 12), big_tree(x, 12)}, map) == n);  // built twice, the same nodes
  // two functions of the same subtree: the subtree once, plus sin, exp and their sum
  CHECK(instructions({sin(big) + exp(big)}, map) <= n + 3);
  CHECK(instructions({big, sin(big)}, map) == n + 1);
  // a smaller tree inside the big one costs nothing more
  CHECK(instructions({big, big_tree(x, 6)}, map) == n);
  // and two trees with no node in common cost twice as much
  const Expr other = big_tree(Expr::variable("x1"), 12);
  CHECK(instructions({big, other}, map) == 2 * n);
}

TEST_CASE("tape: a tape outlives the expressions it was compiled from") {
  Inputs inputs;
  auto table = std::make_shared<const Table1D>("tab", std::vector<double>{0, 1}, std::vector<double>{2, 4});
  std::optional<Tape> tape;
  {
    const Expr x = Expr::variable("tape_only_variable");
    const InputMap map = [&](const Expr& leaf) -> std::optional<InputSlot> {
      if (leaf == x) return InputSlot{InputKind::Y, 0};
      return std::nullopt;
    };
    const std::vector<Expr> outputs = {x * x + 0.5, interpolate(table, x)};
    tape.emplace(outputs, map);
  }
  table.reset();  // the tape keeps its own reference to the table
  const std::array<double, 1> y = {0.25};
  std::array<double, 2> out{};
  tape->evaluate({0.0, y.data(), nullptr, nullptr}, out.data());
  CHECK(out[0] == 0.5625);
  CHECK(out[1] == 2.5);
}
