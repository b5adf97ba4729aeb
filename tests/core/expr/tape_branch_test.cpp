// Tapes evaluated with branch signs: a table holds the side of each kink and picks its piece live
// between kinks; a switch whose indicator is not indexed compares live (Tape::Unindexed::Compare).

#include <doctest/doctest.h>

#include <memory>
#include <vector>

#include "core/expr/expr_walk.hpp"
#include "core/expr/table.hpp"
#include "core/expr/tape.hpp"

using namespace acausal;

namespace {

const Expr kX = Expr::variable("x");

InputMap x_input() {
  return [](const Expr& leaf) -> std::optional<InputSlot> {
    if (leaf == kX) return InputSlot{InputKind::Y, 0};
    return std::nullopt;
  };
}

}  // namespace

TEST_CASE("tape with branch signs: a table holds its kinks' sides and chooses pieces live between them") {
  // Kinks at 0 and 2 only: 1 is collinear with its neighbours (slope 1 on [0, 2]), the ends continue.
  const auto t = std::make_shared<const Table1D>("T", std::vector<double>{-1.0, 0.0, 1.0, 2.0, 3.0},
                                                 std::vector<double>{1.0, 0.0, 1.0, 2.0, 0.0});
  REQUIRE(t->kinks() == std::vector<std::size_t>{1, 3});
  const Expr e = interpolate(t, kX);
  IndicatorIndex index{{kX, 0}, {kX - 2.0, 1}};
  Tape tape(std::span<const Expr>(&e, 1), x_input(), &index);
  auto at = [&](double x, std::vector<double> branch) {
    double out = 0.0;
    tape.evaluate({0.0, &x, nullptr, nullptr}, &out, branch.data());
    return out;
  };
  // Between the kinks the collinear breakpoint needs no event: the live piece is right on both sides.
  CHECK(at(0.5, {1, -1}) == doctest::Approx(0.5));
  CHECK(at(1.5, {1, -1}) == doctest::Approx(1.5));
  // Past a kink with its branch held, the piece before it is extended: x = 2.1 still on slope 1,
  // x = −0.1 still on the segment [0, 1] (slope 1, so −0.1), not on [−1, 0] (which gives 0.1).
  CHECK(at(2.1, {1, -1}) == doctest::Approx(2.1));
  CHECK(at(-0.1, {1, -1}) == doctest::Approx(-0.1));
  // Once the events have switched, the other sides: [2, 3] (slope −2) and [−1, 0] (slope −1).
  CHECK(at(2.1, {1, 1}) == doctest::Approx(1.8));
  CHECK(at(-0.1, {-1, -1}) == doctest::Approx(0.1));
  // Without branch signs the table compares live.
  double live = 0.0;
  const double x = 2.1;
  tape.evaluate({0.0, &x, nullptr, nullptr}, &live);
  CHECK(live == doctest::Approx(1.8));
}

TEST_CASE("tape: an unindexed switch is rejected, or compares live with Unindexed::Compare") {
  const Expr outputs[2] = {sign(kX), abs(kX - 1.0)};
  IndicatorIndex index{{kX, 0}};
  CHECK_THROWS_WITH_AS(Tape(outputs, x_input(), &index), "tape: indicator x - 1 is not indexed", std::invalid_argument);
  Tape tape(outputs, x_input(), &index, Tape::Unindexed::Compare);
  const double x = 0.5;
  double out[2] = {0.0, 0.0};
  const double held[1] = {-1.0};  // sign(x) held on the negative side; |x − 1| has no branch
  tape.evaluate({0.0, &x, nullptr, nullptr}, out, held);
  CHECK(out[0] == -1.0);
  CHECK(out[1] == 0.5);
}
