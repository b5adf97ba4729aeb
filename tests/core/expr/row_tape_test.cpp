// Tapes compiled from residual rows (core/expr/linear_row.hpp): Tape and JacobianTape read a row's
// linear terms as numbers and differentiate only its remainder. Checked against the residuals and
// partial derivatives written out by hand.

#include <doctest/doctest.h>

#include <cmath>
#include <optional>
#include <stdexcept>
#include <vector>

#include "core/expr/jacobian_tape.hpp"
#include "core/expr/linear_row.hpp"
#include "core/expr/tape.hpp"

using namespace acausal;

namespace {

const Expr u0 = Expr::variable("u0"), u1 = Expr::variable("u1"), u2 = Expr::variable("u2");
const Expr p = Expr::parameter("p");

/// u_k → y[k], der(u_k) → y'[k], p → p[0], time.
std::optional<InputSlot> input(const Expr& leaf) {
  if (leaf.op() == Op::Time) return InputSlot{InputKind::Time, 0};
  if (leaf == p) return InputSlot{InputKind::P, 0};
  const bool derivative = leaf.op() == Op::Derivative;
  const Expr& x = derivative ? leaf.args()[0] : leaf;
  for (std::uint32_t k = 0; k < 3; ++k)
    if (x == std::vector<Expr>{u0, u1, u2}[k]) return InputSlot{derivative ? InputKind::YP : InputKind::Y, k};
  return std::nullopt;
}

RowStore store(const std::vector<LinearRow>& rows) {
  RowStore s;
  for (const LinearRow& r : rows) s.push_back(r);
  return s;
}

LinearRow row(std::vector<LinearRow::Term> terms, double constant, Expr rest) {
  LinearRow r;
  r.terms.assign(terms.begin(), terms.end());
  r.constant = constant;
  r.rest = std::move(rest);
  return r;
}

/// F(t, y, y', p):
///   0: 2·u0 − 3·u1' + 5 + sin(u0)·u1   (u0 both in the linear part and in the remainder)
///   1: u1 − u0'                         (linear)
///   2: 7                                (a constant)
///   3: p·t·u2 + u2'²                    (a remainder alone, a sum)
///   4: u2                               (one term)
RowStore rows() {
  return store({row({{{0, 0}, 2.0}, {{1, 1}, -3.0}}, 5.0, sin(u0) * u1), row({{{1, 0}, 1.0}, {{0, 1}, -1.0}}, 0.0, 0.0),
          row({}, 7.0, 0.0), row({}, 0.0, p * Expr::time() * u2 + pow(der(u2), 2.0)), row({{{2, 0}, 1.0}}, 0.0, 0.0)});
}

struct Point {
  double t = 0.7;
  std::vector<double> y{0.3, -1.2, 2.5}, yp{0.9, 0.4, -0.6}, p{1.5};
  TapeInputs inputs() const { return {t, y.data(), yp.data(), p.data()}; }
};

}  // namespace

TEST_CASE("row tape: each output is the row's linear terms, constant and remainder") {
  const RowStore r = rows();
  Tape tape(r, input);
  REQUIRE(tape.output_count() == 5);
  CHECK(tape.reads_yp());
  const Point x;
  std::vector<double> f(5);
  tape.evaluate(x.inputs(), f.data());
  const auto& y = x.y;
  const auto& yp = x.yp;
  CHECK(f[0] == doctest::Approx(2 * y[0] - 3 * yp[1] + 5 + std::sin(y[0]) * y[1]).epsilon(1e-15));
  CHECK(f[1] == y[1] - yp[0]);
  CHECK(f[2] == 7.0);
  CHECK(f[3] == doctest::Approx(x.p[0] * x.t * y[2] + yp[2] * yp[2]).epsilon(1e-15));
  CHECK(f[4] == y[2]);
}

TEST_CASE("row tape: a row reading a second derivative is refused") {
  const RowStore r = store({row({{{0, 2}, 1.0}}, 0.0, 0.0)});
  CHECK_THROWS_AS(Tape(r, input), std::invalid_argument);
  CHECK_THROWS_AS(JacobianTape(r, input, 3), std::invalid_argument);
}

TEST_CASE("row Jacobian: constant entries from the coefficients, the remainder's partials added where it reads the same unknown") {
  const RowStore r = rows();
  JacobianTape jt(r, input, 3);
  const SparsityPattern& pat = jt.pattern();
  // column 0: rows 0 (u0) and 1 (u0'); column 1: rows 0 (u1, u1') and 1 (u1); column 2: rows 3 and 4
  CHECK(pat.col_start == std::vector<std::int64_t>{0, 2, 4, 6});
  CHECK(pat.row_index == std::vector<std::int64_t>{0, 1, 0, 1, 3, 4});
  CHECK(jt.has_dy(0));
  CHECK_FALSE(jt.has_dyp(0));
  CHECK_FALSE(jt.has_dy(1));
  CHECK(jt.has_dyp(1));
  CHECK(jt.has_dy(2));
  CHECK(jt.has_dyp(2));
  CHECK_FALSE(jt.has_dyp(5));

  const Point x;
  const auto& y = x.y;
  // (∂F/∂y, ∂F/∂y') of each entry in CSC order, by hand
  const std::vector<std::pair<double, double>> expected{
      {2 + std::cos(y[0]) * y[1], 0.0}, {0.0, -1.0},  {std::sin(y[0]), -3.0},
      {1.0, 0.0},                       {x.p[0] * x.t, 2 * x.yp[2]}, {1.0, 0.0}};
  const std::vector<double> partials = jt.partials(x.inputs());
  REQUIRE(partials.size() == 12);
  for (std::size_t k = 0; k < 6; ++k) {
    CAPTURE(k);
    CHECK(partials[k] == doctest::Approx(expected[k].first).epsilon(1e-15));
    CHECK(partials[6 + k] == doctest::Approx(expected[k].second).epsilon(1e-15));
  }
  for (double cj : {0.0, 2.0, 1e4}) {
    std::vector<double> values(6);
    jt.evaluate(x.inputs(), cj, values.data());
    for (std::size_t k = 0; k < 6; ++k)
      CHECK(values[k] == doctest::Approx(expected[k].first + cj * expected[k].second).epsilon(1e-15));
  }
  // the expressions agree with the numbers: 2 + cos(u0)·u1 written out
  CHECK(to_string(jt.dy(0)) == to_string(2.0 + cos(u0) * u1));
  CHECK(to_string(jt.dyp(2)) == "-3");
}

TEST_CASE("row tape: rows of one shape at different places, and rows too long for the fixed kernels") {
  // A chain of 50 masses as the analysis leaves it (v_i − s'_i; the spring-damper forces on mass i),
  // rows of 6 y terms and of 5 y' terms, a constant row: each output against the sum written out.
  constexpr std::uint32_t n = 50;
  const double c = 1e4, d = 10.0, m = 2.0;
  std::vector<LinearRow> rows;
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint32_t s = 2 * i, v = 2 * i + 1;
    rows.push_back(row({{{v, 0}, 1.0}, {{s, 1}, -1.0}}, 0.0, 0.0));
    std::vector<LinearRow::Term> force{{{s, 0}, -2 * c}, {{s, 1}, -2 * d}, {{v, 1}, -m}};
    if (i > 0) force.insert(force.end(), {{{s - 2, 0}, c}, {{s - 2, 1}, d}});
    if (i + 1 < n) force.insert(force.end(), {{{s + 2, 0}, c}, {{s + 2, 1}, d}});
    rows.push_back(row(force, 0.0, 0.0));
  }
  rows.push_back(row({{{0, 0}, 1}, {{1, 0}, 2}, {{2, 0}, 3}, {{3, 0}, 4}, {{4, 0}, 5}, {{5, 0}, 6}}, -0.5, 0.0));
  rows.push_back(row({{{7, 1}, 1}, {{8, 1}, -2}, {{9, 1}, 3}, {{10, 1}, -4}, {{11, 1}, 5}}, 0.0, 0.0));
  rows.push_back(row({}, 3.25, 0.0));
  Tape tape(store(rows), input);
  std::vector<double> y(2 * n), yp(2 * n), f(rows.size());
  for (std::size_t k = 0; k < y.size(); ++k) {
    y[k] = std::sin(0.37 * static_cast<double>(k)) * 1e-2;
    yp[k] = std::cos(0.91 * static_cast<double>(k));
  }
  tape.evaluate({0.0, y.data(), yp.data(), nullptr}, f.data());
  for (std::size_t r = 0; r < rows.size(); ++r) {
    CAPTURE(r);
    double expected = rows[r].constant.value, magnitude = std::fabs(rows[r].constant.value);
    for (const LinearRow::Term& t : rows[r].terms) {
      const double x = t.coefficient().value * (t.slot().order == 0 ? y : yp)[t.slot().column];
      expected += x;
      magnitude += std::fabs(x);
    }
    CHECK(std::fabs(f[r] - expected) <= 1e-15 * magnitude);
  }
}

TEST_CASE("tape: the positions of y and y' it reads, from rows of numbers and from expressions") {
  // Rows of numbers alone (evaluated by shape): y[7], y[20], y[22], y'[6], y'[21]; a constant row.
  const RowStore numbers = store({row({{{7, 0}, 1.0}, {{6, 1}, -1.0}}, 0.0, 0.0),
                                  row({{{22, 0}, -1.0}, {{20, 0}, 2.0}, {{21, 1}, 3.0}}, 0.5, 0.0),
                                  row({{{7, 0}, 4.0}}, 0.0, 0.0), row({}, 1.0, 0.0)});
  const Tape by_shape(numbers, input);
  CHECK(by_shape.columns_read(InputKind::Y) == std::vector<std::uint32_t>{7, 20, 22});
  CHECK(by_shape.columns_read(InputKind::YP) == std::vector<std::uint32_t>{6, 21});
  // Rows with remainders (instructions): u0 and u1 in row 0's remainder, u2 in row 3's.
  const Tape mixed(rows(), input);
  CHECK(mixed.columns_read(InputKind::Y) == std::vector<std::uint32_t>{0, 1, 2});
  CHECK(mixed.columns_read(InputKind::YP) == std::vector<std::uint32_t>{0, 1, 2});
  // Expressions: y[1], y[2] and y'[0]; nothing from y' of the second tape.
  const std::vector<Expr> outputs{2.0 * u2 + der(u0), sin(u1) * p};
  const Tape expressions(outputs, input);
  CHECK(expressions.columns_read(InputKind::Y) == std::vector<std::uint32_t>{1, 2});
  CHECK(expressions.columns_read(InputKind::YP) == std::vector<std::uint32_t>{0});
  const std::vector<Expr> positions{u1 * Expr::time()};
  CHECK(Tape(positions, input).columns_read(InputKind::YP).empty());
  CHECK_THROWS_AS(expressions.columns_read(InputKind::P), std::invalid_argument);
  // Reading those alone gives the same outputs: the others may hold anything.
  std::vector<double> y(23, std::nan("")), yp(23, std::nan("")), f(4);
  for (std::uint32_t k : by_shape.columns_read(InputKind::Y)) y[k] = 0.1 * k;
  for (std::uint32_t k : by_shape.columns_read(InputKind::YP)) yp[k] = -0.2 * k;
  Tape evaluated(numbers, input);
  evaluated.evaluate({0.0, y.data(), yp.data(), nullptr}, f.data());
  const std::vector<double> expected{y[7] - yp[6], -y[22] + 2.0 * y[20] + 3.0 * yp[21] + 0.5, 4.0 * y[7], 1.0};
  for (std::size_t r = 0; r < f.size(); ++r) CHECK(f[r] == doctest::Approx(expected[r]).epsilon(1e-15));
}

TEST_CASE("row tape: runs of rows whose reads and outputs move on by a stride of 1 to 5 give each row's sum to the bit") {
  // For each stride s: 20 rows reading y at base + {0, s, -1} (the last from the row before's
  // block), y' at base + {1}, writing every s-th output; then 5 rows (too few for a run) and a
  // row of another shape between them. Stride 5 has no kernel: one row at a time.
  for (std::uint32_t s = 1; s <= 5; ++s) {
    CAPTURE(s);
    const std::uint32_t n = 20;
    const std::uint32_t size = s * (n + 8) + 8;
    std::vector<LinearRow> rows(size, row({}, 0.0, 0.0));  // output k: row k (zero unless written)
    std::vector<std::uint32_t> written;
    for (std::uint32_t r = 0; r < n; ++r) {
      const std::uint32_t b = 1 + s * r;
      rows[s * r] = row({{{b, 0}, 0.3}, {{b + s, 0}, -1.7}, {{b + 1, 1}, 2.9}, {{b - 1, 0}, 1e-3}}, 0.0, 0.0);
      written.push_back(s * r);
    }
    for (std::uint32_t r = n + 2; r < n + 7; ++r) {
      const std::uint32_t b = 1 + s * r;
      rows[s * r] = row({{{b, 0}, 0.3}, {{b + s, 0}, -1.7}, {{b + 1, 1}, 2.9}, {{b - 1, 0}, 1e-3}}, 0.0, 0.0);
      written.push_back(s * r);
    }
    rows[s * (n + 1)] = row({{{2, 0}, 1.0}}, 0.0, 0.0);
    Tape tape(store(rows), input);
    std::vector<double> y(size + 2 * s + 2), yp(size + 2 * s + 2), f(rows.size());
    for (std::size_t k = 0; k < y.size(); ++k) {
      y[k] = std::sin(1.3 * static_cast<double>(k)) / 3.0;
      yp[k] = std::cos(0.7 * static_cast<double>(k)) * 1e3;
    }
    tape.evaluate({0.0, y.data(), yp.data(), nullptr}, f.data());
    for (std::uint32_t k : written) {
      CAPTURE(k);
      // the y terms in the row's order, then the y' term
      const auto& t = rows[k].terms;
      const double expected = ((t[0].coefficient().value * y[t[0].slot().column] + t[1].coefficient().value * y[t[1].slot().column]) +
                               t[3].coefficient().value * y[t[3].slot().column]) +
                              t[2].coefficient().value * yp[t[2].slot().column];
      CHECK(f[k] == expected);
    }
    CHECK(f[s * (n + 1)] == y[2]);
    const std::vector<std::uint32_t> read = tape.columns_read(InputKind::YP);
    CHECK(read.size() == n + 5);
    CHECK(read.front() == 2);
  }
}
