#include <doctest/doctest.h>

#include <cmath>
#include <optional>

#include "core/expr/expr_walk.hpp"
#include "core/expr/linear_row.hpp"

using namespace acausal;

namespace {

// Unknowns x (column 0) and y (column 1); z is an alias z = −x + 2; p is not an unknown.
const Expr x = Expr::variable("lr.x");
const Expr y = Expr::variable("lr.y");
const Expr z = Expr::variable("lr.z");

std::optional<LeafImage> image(const Expr& leaf) {
  const bool derivative = leaf.op() == Op::Derivative;
  const Expr& v = derivative ? leaf.args()[0] : leaf;
  const auto order = derivative ? static_cast<std::uint32_t>(leaf.order()) : 0u;
  if (v == x) return LeafImage{Slot{0, order}, 1.0, 0.0, true};
  if (v == y) return LeafImage{Slot{1, order}, 1.0, 0.0, true};
  if (v == z) return LeafImage{Slot{0, order}, -1.0, derivative ? 0.0 : 2.0, false};
  return std::nullopt;
}

std::optional<Slot> slot_of(const Expr& leaf) {
  std::optional<LeafImage> im = image(leaf);
  return im ? im->slot : std::nullopt;
}

Expr leaf_of(Slot s) {
  Expr v = s.column == 0 ? x : y;
  for (std::uint32_t k = 0; k < s.order; ++k) v = der(v);
  return v;
}

double at(const Expr& e, double xv, double yv, double dx, double dy) {
  return evaluate(e, [&](const Expr& leaf) {
    if (leaf == x) return xv;
    if (leaf == y) return yv;
    if (leaf == der(x)) return dx;
    if (leaf == der(y)) return dy;
    return 0.0;
  });
}

}  // namespace

TEST_CASE("linear rows: aliases map to numbers, and the row keeps the equation's value") {
  // 3·z − 4·y + 5 with z = −x + 2: −3x − 4y + 11.
  const Expr e = 3.0 * z - 4.0 * y + 5.0;
  LinearRow row = split_row(e, image);
  set_rest(row, row.rest, slot_of);
  CHECK(row.coefficient(Slot{0, 0}).value == -3.0);
  CHECK(row.coefficient(Slot{1, 0}).value == -4.0);
  CHECK(row.constant.value == 11.0);
  CHECK_FALSE(row.exact);  // z is not itself
  CHECK(at(materialize(row, leaf_of), 0.5, -2.0, 0, 0) == doctest::Approx(-3 * 0.5 + 8 + 11));

  // Leaves that map onto themselves: the equation is reused as it is.
  LinearRow same = split_row(2.0 * x - der(y), image);
  CHECK(same.exact);
  CHECK(materialize(same, leaf_of) == 2.0 * x - der(y));
}

TEST_CASE("linear rows: a nonlinear term stays as the remainder, with its unknowns noted") {
  LinearRow row = split_row(x + sin(y) * x - 1.0, image);
  set_rest(row, row.rest, slot_of);
  CHECK(row.coefficient(Slot{0, 0}).value == 1.0);
  CHECK(row.in_rest(0));
  CHECK(row.in_rest(1));
  CHECK(row.constant.value == -1.0);
  CHECK(at(materialize(row, leaf_of), 0.3, 0.7, 0, 0) == doctest::Approx(0.3 + std::sin(0.7) * 0.3 - 1.0));
}

TEST_CASE("linear rows: substituting a definition is row arithmetic, and exact cancellation removes a term") {
  // user: x + y + der(x) = 0 and definition x = −y + 4 (the row x + y − 4 solved for x).
  LinearRow user = split_row(x + y + der(x), image);
  LinearRow definition = split_row(4.0 - y, image);
  SlotIndex index(2);
  const double u = take_term(user, Slot{0, 0}).value;
  CHECK(u == 1.0);
  add_scaled(user, u, definition, index);
  // x + y + der(x) with x = 4 − y: y cancels exactly, 4 + der(x) remains.
  CHECK(user.coefficient(Slot{1, 0}).value == 0.0);
  CHECK(user.terms.size() == 1);
  CHECK(user.coefficient(Slot{0, 1}).value == 1.0);
  CHECK(user.constant.value == 4.0);
  CHECK(materialize(user, leaf_of) == der(x) + 4.0);
}
