#include <doctest/doctest.h>

#include <stdexcept>
#include <vector>

#include "core/expr/row_store.hpp"

using namespace acausal;

namespace {

const Expr u = Expr::variable("rs.u");

LinearRow row(std::vector<LinearRow::Term> terms, double constant, Expr rest = 0.0, std::vector<Slot> rest_slots = {}) {
  LinearRow r;
  r.terms.assign(terms.begin(), terms.end());
  r.constant = constant;
  r.rest = std::move(rest);
  r.rest_slots.assign(rest_slots.begin(), rest_slots.end());
  return r;
}

/// The row read back from a store is the row stored: same terms in order, constant, remainder.
void check_same(RowView got, const LinearRow& want) {
  REQUIRE(got.terms.size() == want.terms.size());
  for (std::size_t k = 0; k < want.terms.size(); ++k) {
    CAPTURE(k);
    CHECK(got.terms[k].slot() == want.terms[k].slot());
    CHECK(got.terms[k].coefficient().value == want.terms[k].coefficient().value);
  }
  CHECK(got.constant.value == want.constant.value);
  CHECK(got.rest == want.rest);
  REQUIRE(got.rest_slots.size() == want.rest_slots.size());
  for (std::size_t k = 0; k < want.rest_slots.size(); ++k) CHECK(got.rest_slots[k] == want.rest_slots[k]);
  CHECK(got.exact.has_value() == want.exact.has_value());
}

}  // namespace

TEST_CASE("row store: rows read back as stored, with and without a remainder") {
  const LinearRow linear = row({{{0, 0}, 2.0}, {{3, 1}, -1.5}}, 4.0);
  const LinearRow nonlinear = row({{{1, 0}, 1.0}}, 0.0, sin(u), {{2, 0}});
  LinearRow exact = row({}, 7.0);
  exact.exact = Expr(7.0);
  RowStore s;
  s.push_back(linear);
  s.push_back(nonlinear);
  s.push_back(exact);
  s.push_back(LinearRow());
  REQUIRE(s.size() == 4);
  check_same(s[0], linear);
  check_same(s[1], nonlinear);
  check_same(s[2], exact);
  CHECK(s[3].is_zero());
  CHECK(s[0].coefficient(Slot{3, 1}).value == -1.5);
  CHECK(s[0].coefficient(Slot{3, 0}).value == 0.0);
  CHECK(s[1].in_rest(2));
  CHECK_FALSE(s[1].in_rest(1));
  check_same(s.row(1), nonlinear);  // a copy to change
  std::size_t rows = 0;
  for (RowView r : s) rows += r.terms.size();
  CHECK(rows == 3);
}

TEST_CASE("row store: set() changes one row, in place or moved to the end, and the others stay") {
  RowStore s;
  s.push_back(row({{{0, 0}, 1.0}, {{1, 0}, 2.0}}, 0.0));
  s.push_back(row({{{2, 0}, 3.0}}, 1.0, cos(u), {{4, 0}}));
  s.push_back(row({{{5, 0}, 5.0}}, 0.0));
  // fewer terms, a remainder added
  const LinearRow shorter = row({{{1, 0}, -2.0}}, 0.5, u * u, {{1, 0}});
  s.set(0, shorter);
  // more terms than it had room for, its remainder dropped
  const LinearRow longer = row({{{2, 0}, 3.0}, {{6, 1}, 1.0}, {{7, 0}, -1.0}}, 1.0);
  s.set(1, longer);
  check_same(s[0], shorter);
  check_same(s[1], longer);
  check_same(s[2], row({{{5, 0}, 5.0}}, 0.0));
  // grown again where it now is (the end), then shrunk: still the row it was set to, the others too
  const LinearRow longest = row({{{2, 0}, 3.0}, {{6, 1}, 1.0}, {{7, 0}, -1.0}, {{9, 0}, 2.0}, {{10, 1}, -2.0}}, 1.0);
  s.set(1, longest);
  check_same(s[1], longest);
  const LinearRow again = row({{{8, 0}, 1.0}}, -1.0);
  s.set(1, again);
  check_same(s[1], again);
  check_same(s[0], shorter);
  check_same(s[2], row({{{5, 0}, 5.0}}, 0.0));
  // the first row grows past the others: it moves, and they stay
  const LinearRow first_longer = row({{{0, 0}, 1.0}, {{1, 0}, 2.0}, {{3, 0}, 3.0}}, 0.0);
  s.set(0, first_longer);
  check_same(s[0], first_longer);
  check_same(s[1], again);
  check_same(s[2], row({{{5, 0}, 5.0}}, 0.0));
}

TEST_CASE("row store: compact keeps the rows asked for, renumbered, and refuses one that reads a dropped column") {
  RowStore s;
  s.push_back(row({{{0, 0}, 1.0}, {{2, 1}, -1.0}}, 0.0));
  s.push_back(row({{{1, 0}, 1.0}}, 3.0));
  s.push_back(row({{{2, 0}, 4.0}}, 0.0, u, {{2, 0}}));
  s.set(0, row({{{0, 0}, 1.0}, {{2, 1}, -1.0}, {{2, 0}, 9.0}}, 0.0));  // leaves room behind
  const std::uint32_t dropped = static_cast<std::uint32_t>(-1);
  const std::vector<std::uint32_t> column{1, dropped, 0};
  RowStore refused = s;
  CHECK_THROWS_AS(refused.compact({false, true, false}, column), std::logic_error);
  s.compact({true, false, true}, column);
  REQUIRE(s.size() == 2);
  check_same(s[0], row({{{1, 0}, 1.0}, {{0, 1}, -1.0}, {{0, 0}, 9.0}}, 0.0));
  check_same(s[1], row({{{0, 0}, 4.0}}, 0.0, u, {{0, 0}}));
}

TEST_CASE("row store: rows that grow, move and are cleared keep their terms (the room left behind is reclaimed)") {
  // 200 rows grown one term at a time, in turns (each growth moves a row that was not the last
  // placed), every third one cleared halfway: what the store reads back is what was set.
  constexpr std::size_t rows = 200;
  RowStore s;
  std::vector<LinearRow> expected(rows);
  for (std::size_t i = 0; i < rows; ++i) {
    expected[i] = row({{{static_cast<std::uint32_t>(i), 0}, 1.0}}, static_cast<double>(i));
    s.push_back(expected[i]);
  }
  for (std::uint32_t step = 1; step <= 12; ++step) {
    for (std::size_t i = 0; i < rows; ++i) {
      if (step == 6 && i % 3 == 0) {
        s.clear(i);
        expected[i] = LinearRow();
      }
      if (i % 3 == 0 && step >= 6) continue;
      expected[i].terms.push_back({{static_cast<std::uint32_t>(1000 + step), 1}, static_cast<double>(step)});
      s.set(i, expected[i]);
    }
  }
  for (std::size_t i = 0; i < rows; ++i) {
    CAPTURE(i);
    check_same(s[i], expected[i]);
  }
}

TEST_CASE("row store: substitute() changes a row as take_term and add_scaled change a LinearRow") {
  // Rows over slots 0..5 (orders 0 and 1), each with x = (2, 0) or without it; values reading some
  // of the row's slots (merged, one cancelling exactly) and new ones.
  const Slot x{2, 0};
  const std::vector<LinearRow> rows{
      row({{{0, 0}, 1.5}, {x, -2.0}, {{3, 1}, 0.25}}, 1.0),
      row({{x, 4.0}}, -3.0),
      row({{{1, 0}, 1.0}, {{4, 0}, 2.0}}, 0.5),               // no x: unchanged, 0 returned
      row({{{5, 1}, -1.0}, {x, 0.5}, {{0, 0}, -0.125}}, 0.0),
  };
  const std::vector<LinearRow> values{
      row({{{0, 0}, 0.75}, {{5, 1}, 2.0}}, 0.5),  // 1.5 + (−2)·0.75 = 0: the term cancels in row 0
      row({{{4, 0}, -1.0}, {{3, 1}, 1.0}, {{1, 1}, 3.0}}, -0.25),
  };
  for (const LinearRow& value : values) {
    RowStore s;
    for (const LinearRow& r : rows) s.push_back(r);
    SlotIndex index(2);
    for (std::size_t i = 0; i < rows.size(); ++i) {
      CAPTURE(i);
      LinearRow expected = rows[i];
      const double u = take_term(expected, x).value;
      if (u != 0.0) add_scaled(expected, u, value, index);
      CHECK(s.substitute(i, x, value, index).value == u);
      check_same(s[i], expected);
    }
    for (std::size_t i = 0; i < rows.size(); ++i) CHECK_FALSE(s[i].in_rest(x.column));
  }
}
