// The explicit form of a derivative (core/analysis/program.hpp, ExplicitDerivatives): der(x) = g(t, y) read
// from the residual that is an ODE for it alone.
#include <doctest/doctest.h>

#include <algorithm>

#include "core/analysis/program.hpp"

using namespace acausal;

namespace {

/// The residuals as the analysis leaves them: rows over the unknowns, with their input map.
struct Rows {
  ReducedDae dae;
  InputMap inputs;

  Rows(std::vector<Expr> unknowns, const std::vector<Expr>& residuals) {
    dae.unknowns = std::move(unknowns);
    dae.unknown_variable.resize(dae.unknowns.size());  // (no model: the symbols are written)
    dae.unknown_order.assign(dae.unknowns.size(), 0);
    const SlotOf slot_of = [this](const Expr& leaf) -> std::optional<Slot> {
      const bool derivative = leaf.op() == Op::Derivative;
      const Expr& x = derivative ? leaf.args()[0] : leaf;
      const auto k = std::find(dae.unknowns.begin(), dae.unknowns.end(), x) - dae.unknowns.begin();
      if (static_cast<std::size_t>(k) == dae.unknowns.size()) return std::nullopt;
      return Slot{static_cast<std::uint32_t>(k), derivative ? 1u : 0u};
    };
    for (const Expr& r : residuals) {
      LinearRow row = split_row(r, [&](const Expr& leaf) -> std::optional<LeafImage> {
        const std::optional<Slot> s = slot_of(leaf);
        if (!s) return std::nullopt;
        return LeafImage{s, 1.0, 0.0, true};
      });
      set_rest(row, row.rest, slot_of);
      dae.rows.push_back(std::move(row));
    }
    inputs = [slot_of](const Expr& leaf) -> std::optional<InputSlot> {
      const std::optional<Slot> s = slot_of(leaf);
      if (!s) return std::nullopt;
      return InputSlot{s->order == 0 ? InputKind::Y : InputKind::YP, s->column};
    };
  }
};

}  // namespace

TEST_CASE("explicit derivatives: the residual that defines der(x) alone, with a constant coefficient") {
  const Expr s = Expr::variable("m.s"), v = Expr::variable("m.v"), a = Expr::variable("m.a"),
             b = Expr::variable("m.b"), w = Expr::variable("m.w");
  const std::vector<Expr> residuals{
      v - der(s),                  // der(s) = v
      2.0 * der(v) + 4.0 * s,      // der(v) = −2·s
      der(a) + der(b),             // two derivatives: defines neither
      w * der(w) - 1.0,            // a coefficient that is not constant
      sin(s) * 3.0 - 0.5 * der(s)  // der(s) is defined already (by the first)
  };
  const Rows rows({s, v, a, b, w}, residuals);
  ExplicitDerivatives d(rows.dae, rows.inputs);
  REQUIRE(d.find(der(s)) != nullptr);
  CHECK(*d.find(der(s)) == v);
  REQUIRE(d.find(der(v)) != nullptr);
  CHECK(*d.find(der(v)) == -2.0 * s);
  CHECK(d.find(der(a)) == nullptr);
  CHECK(d.find(der(b)) == nullptr);
  CHECK(d.find(der(w)) == nullptr);
  CHECK(d.find(s) == nullptr);  // not a derivative
  CHECK(d.find(der(s)) == d.find(der(s)));  // built once
}
