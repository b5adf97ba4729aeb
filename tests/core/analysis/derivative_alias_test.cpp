// Derivative aliases: a row that gives der(x) of a state from unknowns alone (w − der(phi) = 0)
// puts its value in place of der(x) everywhere else, so residuals and outputs read the velocity
// state instead of IDA's y′ (core/analysis/analysis.cpp, substitute_derivative_aliases).

#include <doctest/doctest.h>

#include <cstddef>
#include <span>
#include <string>

#include "components/registry.hpp"
#include "core/analysis/analysis.hpp"
#include "core/expr/expr_walk.hpp"
#include "tests/support/pendulum_chain.hpp"

using namespace acausal;

namespace {

/// Does a term of `residual` other than c·leaf read `leaf` (is the residual nonlinear in it)?
bool reads_nonlinearly(const Expr& residual, const Expr& leaf) {
  const auto terms = residual.op() == Op::Add ? residual.args() : std::span<const Expr>(&residual, 1);
  for (const Expr& t : terms) {
    if (t == leaf || (t.op() == Op::Mul && t.args().size() == 2 && t.args()[0].is_constant() && t.args()[1] == leaf))
      continue;
    for (const Expr& l : leaves(t))
      if (l == leaf) return true;
  }
  return false;
}

/// How many residuals read `leaf`.
std::size_t residuals_reading(const ReducedDae& r, const Expr& leaf) {
  std::size_t n = 0;
  for (const Expr& residual : r.residual_expressions())
    for (const Expr& l : leaves(residual))
      if (l == leaf) {
        ++n;
        break;
      }
  return n;
}

bool reads_a_derivative(const Expr& e) {
  for (const Expr& l : leaves(e))
    if (l.op() == Op::Derivative) return true;
  return false;
}

}  // namespace

TEST_CASE("derivative aliases: a spring-damper's relative speed and an inertia's acceleration are read from the states") {
  const Model model = build_model(parse_netlist(R"({
    "format": "acausal/1",
    "components": { "fixed": { "type": "rotational.Fixed" },
                    "sd": { "type": "rotational.SpringDamper", "params": { "c": 100, "d": 1 } },
                    "j": { "type": "rotational.Inertia", "initial": { "phi": 0.1, "w": 0 } } },
    "connections": [["fixed.flange", "sd.C"], ["sd.R", "j.flange"]]
  })"),
                                  builtin_registry());
  const ReducedDae r = analyze(model);
  // w_rel = der(R.phi) − der(C.phi) = der(j.phi), and der(j.phi) = j.w
  CHECK(to_string(r.in_unknowns(Expr::variable("sd.w_rel"))) == "j.w");
  // a = der(w), given by Newton's law from the states (J = 1): −c·phi − d·w
  CHECK(to_string(r.in_unknowns(Expr::variable("j.a"))) == "-100*j.phi - j.w");
  // the integrated rows keep their linear derivatives: der(j.phi) in w − der(phi) and in the
  // damping torque d·der(phi) (linear: nothing for Newton to gain, a Jacobian entry to lose)
  REQUIRE(r.residual_count() == 2);
  CHECK(residuals_reading(r, der(Expr::variable("j.phi"))) == 2);
  CHECK(residuals_reading(r, der(Expr::variable("j.w"))) == 1);
}

TEST_CASE("derivative aliases: a pendulum chain's residuals read each joint speed as a state where they are nonlinear in it") {
  const Model model =
      build_model(parse_netlist(testing::pendulum_chain_netlist({.links = 5, .dampers = true})), builtin_registry());
  const ReducedDae r = analyze(model);
  int states = 0;
  for (std::size_t k = 0; k < r.size(); ++k) {
    if (!r.differential[k]) continue;
    const std::string name = to_string(r.unknown(k));
    if (name.find(".phi") == std::string::npos) continue;
    CAPTURE(name);
    ++states;
    // linearly only (w − der(phi) = 0, a damper's d·der(phi)): the centripetal and Coriolis terms read w
    int nonlinear = 0;
    for (const Expr& residual : r.residual_expressions()) nonlinear += reads_nonlinearly(residual, der(r.unknown(k)));
    CHECK(nonlinear == 0);
  }
  CHECK(states == 5);
  // outputs too: each joint's speed is a state or a sum of states, never IDA's y′
  for (int i = 1; i <= 5; ++i) {
    const std::string w = "joint" + std::to_string(i) + ".w";
    CAPTURE(w);
    CHECK_FALSE(reads_a_derivative(r.in_unknowns(Expr::variable(w))));
  }
}
