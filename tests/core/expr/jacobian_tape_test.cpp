// The DAE iteration matrix (core/expr/jacobian_tape.hpp): J = ∂F/∂y + cj·∂F/∂y' in a fixed CSC
// pattern. The pattern is checked exactly, and the values against central differences of the
// residuals F (evaluated by a Tape of F) for several cj.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/expr/expr.hpp"
#include "core/expr/expr_walk.hpp"
#include "core/expr/jacobian_tape.hpp"
#include "core/expr/row_store.hpp"
#include "core/expr/tape.hpp"

using namespace acausal;

namespace {

/// Residuals with the input slot of every leaf.
struct System {
  std::vector<Expr> residuals;
  std::unordered_map<Expr, InputSlot, ExprHash> slots;
  std::size_t unknowns = 0;
  std::size_t parameters = 0;

  void y(const Expr& leaf, std::size_t j) { slots[leaf] = {InputKind::Y, static_cast<std::uint32_t>(j)}; }
  void yp(const Expr& leaf, std::size_t j) { slots[leaf] = {InputKind::YP, static_cast<std::uint32_t>(j)}; }
  void p(const Expr& leaf, std::size_t j) { slots[leaf] = {InputKind::P, static_cast<std::uint32_t>(j)}; }
  void time(const Expr& leaf) { slots[leaf] = {InputKind::Time, 0}; }

  InputMap map() const {
    return [this](const Expr& leaf) -> std::optional<InputSlot> {
      auto it = slots.find(leaf);
      if (it == slots.end()) return std::nullopt;
      return it->second;
    };
  }
};

struct State {
  double t = 0.0;
  std::vector<double> y, yp, p;
  TapeInputs inputs() const { return {t, y.data(), yp.data(), p.data()}; }
};

using Dense = std::vector<std::vector<double>>;  // [row][column]

std::vector<double> residual_values(Tape& f, const State& s) {
  std::vector<double> out(f.output_count());
  f.evaluate(s.inputs(), out.data());
  return out;
}

/// ∂F/∂y (with_respect_to_yp false) or ∂F/∂y' by central differences, column by column.
Dense difference_jacobian(Tape& f, const State& s, bool with_respect_to_yp) {
  const std::size_t n = s.y.size();
  Dense j(f.output_count(), std::vector<double>(n, 0.0));
  for (std::size_t c = 0; c < n; ++c) {
    State plus = s;
    State minus = s;
    double& up = with_respect_to_yp ? plus.yp[c] : plus.y[c];
    double& down = with_respect_to_yp ? minus.yp[c] : minus.y[c];
    const double h = 1e-6 * std::max(1.0, std::fabs(up));
    up += h;
    down -= h;
    const double width = up - down;
    const std::vector<double> fp = residual_values(f, plus);
    const std::vector<double> fm = residual_values(f, minus);
    for (std::size_t r = 0; r < fp.size(); ++r) j[r][c] = (fp[r] - fm[r]) / width;
  }
  return j;
}

/// A CSC pattern is well formed: sizes, monotone column starts, strictly increasing rows.
void check_well_formed(const SparsityPattern& s, std::size_t rows, std::size_t cols) {
  CHECK(s.rows == rows);
  CHECK(s.cols == cols);
  REQUIRE(s.col_start.size() == cols + 1);
  CHECK(s.col_start.front() == 0);
  CHECK(static_cast<std::size_t>(s.col_start.back()) == s.nonzeros());
  for (std::size_t c = 0; c < cols; ++c) {
    CHECK(s.col_start[c] <= s.col_start[c + 1]);
    for (auto k = s.col_start[c]; k < s.col_start[c + 1]; ++k) {
      const auto kk = static_cast<std::size_t>(k);
      CHECK(s.row_index[kk] >= 0);
      CHECK(static_cast<std::size_t>(s.row_index[kk]) < rows);
      if (k > s.col_start[c]) CHECK(s.row_index[kk - 1] < s.row_index[kk]);
    }
  }
}

/// Checks the JacobianTape of `sys` at every state against differences of F:
///   · every entry of the pattern has the value ∂F/∂y + cj·∂F/∂y', and its dy/dyp expressions
///     evaluate to the two partials;
///   · every entry outside the pattern has both partials zero;
///   · every entry of the pattern is nonzero at one state at least (no entry is identically zero).
void check_jacobian(const System& sys, const std::vector<State>& states) {
  const InputMap map = sys.map();
  JacobianTape jt(sys.residuals, map, sys.unknowns);
  const SparsityPattern& pat = jt.pattern();
  check_well_formed(pat, sys.residuals.size(), sys.unknowns);
  Tape f(sys.residuals, map);

  std::vector<std::vector<bool>> seen_nonzero(pat.rows, std::vector<bool>(pat.cols, false));
  for (const State& s : states) {
    const Dense jy = difference_jacobian(f, s, false);
    const Dense jyp = difference_jacobian(f, s, true);
    std::vector<std::vector<bool>> in_pattern(pat.rows, std::vector<bool>(pat.cols, false));
    auto leaf_value = [&](const Expr& leaf) {
      const InputSlot slot = sys.slots.at(leaf);
      switch (slot.kind) {
        case InputKind::Time: return s.t;
        case InputKind::Y: return s.y.at(slot.index);
        case InputKind::YP: return s.yp.at(slot.index);
        case InputKind::P: return s.p.at(slot.index);
        case InputKind::U:
        case InputKind::D: break;  // no external inputs or discrete variables here
      }
      return 0.0;
    };
    for (double cj : {0.0, 1.0, 12.5, 1e3}) {
      std::vector<double> values(pat.nonzeros(), -12345.0);
      jt.evaluate(s.inputs(), cj, values.data());
      for (std::size_t c = 0; c < pat.cols; ++c) {
        for (auto k = pat.col_start[c]; k < pat.col_start[c + 1]; ++k) {
          const auto kk = static_cast<std::size_t>(k);
          const auto r = static_cast<std::size_t>(pat.row_index[kk]);
          in_pattern[r][c] = true;
          INFO("entry (", r, ", ", c, "), cj = ", cj, ", F = ", to_string(sys.residuals[r]));
          CHECK(values[kk] == doctest::Approx(jy[r][c] + cj * jyp[r][c]).epsilon(1e-6));
          if (cj == 0.0) {
            CHECK(evaluate(jt.dy(kk), leaf_value) == doctest::Approx(jy[r][c]).epsilon(1e-6));
            CHECK(evaluate(jt.dyp(kk), leaf_value) == doctest::Approx(jyp[r][c]).epsilon(1e-6));
          }
          if (std::fabs(jy[r][c]) + std::fabs(jyp[r][c]) > 1e-6) seen_nonzero[r][c] = true;
        }
      }
    }
    for (std::size_t r = 0; r < pat.rows; ++r) {
      for (std::size_t c = 0; c < pat.cols; ++c) {
        if (in_pattern[r][c]) continue;
        INFO("entry (", r, ", ", c, ") is outside the pattern; F = ", to_string(sys.residuals[r]));
        CHECK(std::fabs(jy[r][c]) <= 1e-9);
        CHECK(std::fabs(jyp[r][c]) <= 1e-9);
      }
    }
  }
  for (std::size_t c = 0; c < pat.cols; ++c) {
    for (auto k = pat.col_start[c]; k < pat.col_start[c + 1]; ++k) {
      const auto r = static_cast<std::size_t>(pat.row_index[static_cast<std::size_t>(k)]);
      INFO("entry (", r, ", ", c, ") of F = ", to_string(sys.residuals[r]));
      CHECK(seen_nonzero[r][c]);
    }
  }
}

std::string indexed(const std::string& base, std::size_t i, const std::string& field) {
  return base + std::to_string(i) + "." + field;
}

/// n masses in a row, the first tied to a wall, neighbours coupled by a stiffening spring
/// (k·(s + s³/10)) and a damper. Unknowns: x_0..x_{n−1}, then v_0..v_{n−1}.
/// Residuals: der(x_i) − v_i, then m_i·der(v_i) − (forces on mass i).
System spring_chain(std::size_t n) {
  System sys;
  sys.unknowns = 2 * n;
  sys.parameters = 3 * n;
  std::vector<Expr> x, v, m, k, d;
  for (std::size_t i = 0; i < n; ++i) {
    x.push_back(Expr::variable(indexed("mass", i, "x")));
    v.push_back(Expr::variable(indexed("mass", i, "v")));
    m.push_back(Expr::parameter(indexed("mass", i, "m")));
    k.push_back(Expr::parameter(indexed("spring", i, "k")));
    d.push_back(Expr::parameter(indexed("damper", i, "d")));
    sys.y(x[i], i);
    sys.yp(der(x[i]), i);
    sys.y(v[i], n + i);
    sys.yp(der(v[i]), n + i);
    sys.p(m[i], i);
    sys.p(k[i], n + i);
    sys.p(d[i], 2 * n + i);
  }
  // force of link i (between mass i−1, or the wall, and mass i) on mass i
  auto link = [&](std::size_t i) {
    const Expr stretch = i == 0 ? x[0] : x[i] - x[i - 1];
    const Expr rate = i == 0 ? v[0] : v[i] - v[i - 1];
    return -(k[i] * (stretch + 0.1 * pow(stretch, 3)) + d[i] * rate);
  };
  for (std::size_t i = 0; i < n; ++i) sys.residuals.push_back(der(x[i]) - v[i]);
  for (std::size_t i = 0; i < n; ++i) {
    Expr force = link(i);
    if (i + 1 < n) force -= link(i + 1);  // the next link pulls back
    sys.residuals.push_back(m[i] * der(v[i]) - force);
  }
  return sys;
}

State random_state(std::size_t unknowns, std::size_t parameters, double seed) {
  State s;
  s.t = 0.3 + seed;
  for (std::size_t j = 0; j < unknowns; ++j) {
    const double u = static_cast<double>(j + 1) * (1.7 + seed);
    s.y.push_back(std::sin(u) * 1.5);
    s.yp.push_back(std::cos(1.3 * u) * 2.0);
  }
  for (std::size_t j = 0; j < parameters; ++j) s.p.push_back(0.5 + std::fabs(std::sin(static_cast<double>(j) + seed)));
  return s;
}

}  // namespace

TEST_CASE("jacobian: a mass-spring-damper chain") {
  const System sys = spring_chain(3);
  JacobianTape jt(sys.residuals, sys.map(), sys.unknowns);
  const SparsityPattern& pat = jt.pattern();
  // columns x0 x1 x2 v0 v1 v2; rows der(x_i) − v_i (0..2) and the momentum balances (3..5)
  CHECK(pat.col_start == std::vector<std::int64_t>{0, 3, 7, 10, 13, 17, 20});
  CHECK(pat.row_index ==
        std::vector<std::int64_t>{0, 3, 4, 1, 3, 4, 5, 2, 4, 5, 0, 3, 4, 1, 3, 4, 5, 2, 4, 5});
  CHECK(pat.nonzeros() == 20);

  check_jacobian(sys, {random_state(6, 9, 0.0), random_state(6, 9, 0.4), random_state(6, 9, 1.1)});

  // a longer chain: the same banded structure, 3 entries in the end columns and 4 inside
  const System longer = spring_chain(8);
  JacobianTape jl(longer.residuals, longer.map(), longer.unknowns);
  const SparsityPattern& pl = jl.pattern();
  check_well_formed(pl, 16, 16);
  CHECK(pl.nonzeros() == 2 * (3 + 3 + 4 * 6));
  check_jacobian(longer, {random_state(16, 24, 0.2)});
}

TEST_CASE("jacobian: a pendulum in Cartesian coordinates") {
  const Expr x = Expr::variable("x");
  const Expr y = Expr::variable("y");
  const Expr vx = Expr::variable("vx");
  const Expr vy = Expr::variable("vy");
  const Expr lambda = Expr::variable("lambda");
  const Expr m = Expr::parameter("m");
  const Expr g = Expr::parameter("g");
  const Expr len = Expr::parameter("L");
  System sys;
  sys.unknowns = 5;
  sys.parameters = 3;
  const std::vector<Expr> unknowns = {x, y, vx, vy, lambda};
  for (std::size_t j = 0; j < unknowns.size(); ++j) {
    sys.y(unknowns[j], j);
    sys.yp(der(unknowns[j]), j);
  }
  sys.p(m, 0);
  sys.p(g, 1);
  sys.p(len, 2);
  sys.residuals = {
      der(x) - vx,
      der(y) - vy,
      m * der(vx) + lambda * x,
      m * der(vy) + lambda * y + m * g,
      x * x + y * y - len * len,
  };
  JacobianTape jt(sys.residuals, sys.map(), sys.unknowns);
  const SparsityPattern& pat = jt.pattern();
  // columns x y vx vy λ
  CHECK(pat.col_start == std::vector<std::int64_t>{0, 3, 6, 8, 10, 12});
  CHECK(pat.row_index == std::vector<std::int64_t>{0, 2, 4, 1, 3, 4, 0, 2, 1, 3, 2, 3});

  // the entries by hand at one state: J = ∂F/∂y + cj ∂F/∂y'
  State s;
  s.y = {0.6, -0.8, 1.2, 0.9, 4.0};
  s.yp = {1.2, 0.9, -3.0, 2.0, 0.0};
  s.p = {2.0, 9.81, 1.0};
  const double cj = 50.0;
  std::vector<double> values(pat.nonzeros());
  jt.evaluate(s.inputs(), cj, values.data());
  const std::vector<double> expected = {
      cj,  4.0,      2 * 0.6,    // column x:  F0, F2 (λ), F4 (2x)
      cj,  4.0,      2 * -0.8,   // column y:  F1, F3 (λ), F4 (2y)
      -1,  2.0 * cj,             // column vx: F0, F2 (m cj)
      -1,  2.0 * cj,             // column vy: F1, F3 (m cj)
      0.6, -0.8,                 // column λ:  F2 (x), F3 (y)
  };
  REQUIRE(values.size() == expected.size());
  for (std::size_t k = 0; k < values.size(); ++k) {
    INFO("entry ", k);
    CHECK(values[k] == doctest::Approx(expected[k]).epsilon(1e-15));
  }

  check_jacobian(sys, {s, random_state(5, 3, 0.0), random_state(5, 3, 0.7)});
}

TEST_CASE("jacobian: residuals with if_else, abs and sign") {
  const Expr x = Expr::variable("x");
  const Expr v = Expr::variable("v");
  const Expr s = Expr::variable("s");
  const Expr w = Expr::variable("w");
  const Expr k = Expr::parameter("k");
  const Expr d = Expr::parameter("d");
  System sys;
  sys.unknowns = 4;
  sys.parameters = 2;
  const std::vector<Expr> unknowns = {x, v, s, w};
  for (std::size_t j = 0; j < unknowns.size(); ++j) {
    sys.y(unknowns[j], j);
    sys.yp(der(unknowns[j]), j);
  }
  sys.p(k, 0);
  sys.p(d, 1);
  sys.residuals = {
      der(x) - v,
      der(v) + d * abs(v) * v + if_else(logical_and(x > 0, v < 1), k * x, 0.5 * k * x * x),
      s - sign(x) * v,                     // ∂/∂x is identically 0: sign is piecewise constant
      der(w) - if_else(s > 0.5, x, 2 * x),  // s only chooses the branch: ∂/∂s is identically 0
  };
  JacobianTape jt(sys.residuals, sys.map(), sys.unknowns);
  const SparsityPattern& pat = jt.pattern();
  // columns x v s w
  CHECK(pat.col_start == std::vector<std::int64_t>{0, 3, 6, 7, 8});
  CHECK(pat.row_index == std::vector<std::int64_t>{0, 1, 3, 0, 1, 2, 2, 3});

  // states on every side of every switch, none within a difference step of one
  auto state = [](double xv, double vv, double sv) {
    State st;
    st.t = 0.0;
    st.y = {xv, vv, sv, 0.25};
    st.yp = {0.5, -1.0, 0.3, 2.0};
    st.p = {3.0, 0.4};
    return st;
  };
  check_jacobian(sys, {state(0.7, 0.3, 0.2), state(0.7, 1.6, 0.9), state(-0.4, -0.8, 0.9),
                       state(-0.4, 0.3, 0.2), state(1e-3, 1.0 - 1e-3, 0.5 + 1e-3),
                       state(-1e-3, 1.0 + 1e-3, 0.5 - 1e-3)});
}

TEST_CASE("jacobian: leaves mapped to the same index add their partials") {
  const Expr a = Expr::variable("a");
  const Expr b = Expr::variable("b");  // another name for the same unknown as a
  const Expr c = Expr::variable("c");
  System sys;
  sys.unknowns = 2;
  sys.y(a, 0);
  sys.y(b, 0);
  sys.y(c, 1);
  sys.yp(der(a), 0);
  sys.yp(der(b), 0);
  sys.residuals = {
      a * b + sin(a) - c,
      a - b + c * c,  // the partials of a and b cancel: no entry in column 0
      der(a) + 2 * der(b) - a * c,
  };
  JacobianTape jt(sys.residuals, sys.map(), sys.unknowns);
  const SparsityPattern& pat = jt.pattern();
  CHECK(pat.col_start == std::vector<std::int64_t>{0, 2, 5});
  CHECK(pat.row_index == std::vector<std::int64_t>{0, 2, 0, 1, 2});

  State s;
  s.y = {0.8, -1.5};
  s.yp = {0.1, 0.2};
  const double cj = 4.0;
  std::vector<double> values(pat.nonzeros());
  jt.evaluate(s.inputs(), cj, values.data());
  CHECK(values[0] == doctest::Approx(0.8 + 0.8 + std::cos(0.8)).epsilon(1e-15));  // b + a + cos a
  CHECK(values[1] == doctest::Approx(1.5 + 3 * cj).epsilon(1e-15));                // −c + (1 + 2)·cj
  CHECK(values[2] == -1.0);
  CHECK(values[3] == doctest::Approx(-3.0).epsilon(1e-15));
  CHECK(values[4] == doctest::Approx(-0.8).epsilon(1e-15));

  check_jacobian(sys, {s, State{0.0, {-2.0, 0.3}, {1.0, 1.0}, {}}});
}

TEST_CASE("jacobian: empty rows and columns, time and parameters are not unknowns") {
  const Expr x = Expr::variable("x");
  const Expr p = Expr::parameter("p");
  const Expr t = Expr::time();
  System sys;
  sys.unknowns = 3;
  sys.y(x, 0);
  sys.p(p, 7);  // parameter indices are independent of the number of unknowns
  sys.time(t);
  sys.residuals = {x * t - p, p * t + 1, sin(t)};
  JacobianTape jt(sys.residuals, sys.map(), sys.unknowns);
  const SparsityPattern& pat = jt.pattern();
  check_well_formed(pat, 3, 3);
  CHECK(pat.col_start == std::vector<std::int64_t>{0, 1, 1, 1});
  CHECK(pat.row_index == std::vector<std::int64_t>{0});
  State s;
  s.t = 2.5;
  s.y = {1.0, 0.0, 0.0};
  s.yp = {0.0, 0.0, 0.0};
  s.p.assign(8, 0.0);
  s.p[7] = 3.0;
  double value = 0.0;
  jt.evaluate(s.inputs(), 10.0, &value);
  CHECK(value == 2.5);
}

TEST_CASE("jacobian: invalid input maps throw std::invalid_argument") {
  const Expr x = Expr::variable("x");
  const Expr y = Expr::variable("y");
  const std::vector<Expr> residuals = {der(x) - y, x + y};
  auto build = [&](InputSlot sx, InputSlot sdx, InputSlot sy) {
    const InputMap map = [&](const Expr& leaf) -> std::optional<InputSlot> {
      if (leaf == x) return sx;
      if (leaf == der(x)) return sdx;
      if (leaf == y) return sy;
      return std::nullopt;
    };
    JacobianTape jt(residuals, map, 2);
    return jt.pattern().nonzeros();
  };
  CHECK(build({InputKind::Y, 0}, {InputKind::YP, 0}, {InputKind::Y, 1}) == 4);
  CHECK_THROWS_AS(build({InputKind::Y, 2}, {InputKind::YP, 0}, {InputKind::Y, 1}), std::invalid_argument);
  CHECK_THROWS_AS(build({InputKind::Y, 0}, {InputKind::YP, 2}, {InputKind::Y, 1}), std::invalid_argument);
  CHECK_THROWS_AS(build({InputKind::Y, 0}, {InputKind::YP, 0}, {InputKind::Y, 1000}), std::invalid_argument);
  // a leaf with no slot
  const InputMap partial = [&](const Expr& leaf) -> std::optional<InputSlot> {
    if (leaf == x) return InputSlot{InputKind::Y, 0};
    return std::nullopt;
  };
  CHECK_THROWS_AS(JacobianTape(residuals, partial, 2), std::invalid_argument);
}

TEST_CASE("jacobian: rows of numbers alone are counted into CSC order as the expressions' structure is sorted") {
  // A chain of n masses as rows (der(x_i) − v_i; m·der(v_i) + k·(x_i − x_i+1) + d·v_i) and as
  // expressions: the same places, in the same order, with the same partials to the bit. A row with a
  // remainder (sin(x_0)) takes the general path; it must agree too.
  constexpr std::uint32_t n = 6;
  const double m = 1.5, k = 40.0, d = 0.3;
  System sys;
  sys.unknowns = 2 * n;
  std::vector<Expr> x, v;
  for (std::uint32_t i = 0; i < n; ++i) {
    x.push_back(Expr::variable("jr.x" + std::to_string(i)));
    v.push_back(Expr::variable("jr.v" + std::to_string(i)));
    sys.y(x[i], i);
    sys.yp(der(x[i]), i);
    sys.y(v[i], n + i);
    sys.yp(der(v[i]), n + i);
  }
  const auto linear_row = [](std::vector<LinearRow::Term> terms) {
    LinearRow r;
    r.terms.assign(terms.begin(), terms.end());
    return r;
  };
  for (const bool with_remainder : {false, true}) {
    CAPTURE(with_remainder);
    RowStore rows;
    std::vector<Expr> residuals;
    for (std::uint32_t i = 0; i < n; ++i) {
      rows.push_back(linear_row({{{i, 1}, 1.0}, {{n + i, 0}, -1.0}}));
      residuals.push_back(der(x[i]) - v[i]);
    }
    for (std::uint32_t i = 0; i < n; ++i) {
      std::vector<LinearRow::Term> terms{{{n + i, 1}, m}, {{i, 0}, k}, {{n + i, 0}, d}};
      Expr r = m * der(v[i]) + k * x[i] + d * v[i];
      if (i + 1 < n) {
        terms.push_back({{i + 1, 0}, -k});
        r = r - k * x[i + 1];
      }
      LinearRow row = linear_row(terms);
      if (with_remainder && i == 0) {
        row.rest = sin(x[0]);
        row.rest_slots.push_back({0, 0});
        r = r + sin(x[0]);
      }
      rows.push_back(row);
      residuals.push_back(r);
    }
    JacobianTape from_rows(rows, sys.map(), sys.unknowns);
    JacobianTape from_expressions(residuals, sys.map(), sys.unknowns);
    CHECK(from_rows.pattern().col_start == from_expressions.pattern().col_start);
    CHECK(from_rows.pattern().row_index == from_expressions.pattern().row_index);
    const State s = random_state(2 * n, 0, 0.7);
    const std::vector<double> a = from_rows.partials(s.inputs());
    const std::vector<double> by_rows(a.begin(), a.end());
    const std::vector<double> b = from_expressions.partials(s.inputs());
    CHECK(by_rows == std::vector<double>(b.begin(), b.end()));
  }
}
