// The parameter trace: numbers computed from tunable parameters, replayed with new values, and
// the guards on what the build decided from them.

#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "core/expr/expr.hpp"
#include "core/expr/expr_context.hpp"
#include "core/expr/parameter_trace.hpp"
#include "core/expr/tape.hpp"

using namespace acausal;

namespace {

InputMap y_of(const Expr& x) {
  return [x](const Expr& leaf) -> std::optional<InputSlot> {
    if (leaf == x) return InputSlot{InputKind::Y, 0};
    return std::nullopt;
  };
}

}  // namespace

TEST_CASE("parameter trace: a folded number replays to what the new parameter values give") {
  ExprContext context;
  const Coef k = current_trace().parameter("spring.c", 2.0);
  const Coef m = current_trace().parameter("mass.m", 4.0);
  const Coef w2 = (k * Coef(3.0) + Coef(1.0)) / m;  // (3k + 1)/m
  CHECK(w2.traced());
  CHECK(w2.value == 1.75);
  CHECK(((k * Coef(3.0) + Coef(1.0)) / m).trace == w2.trace);  // the same operations are the same step
  CHECK(!(k - k).traced());                          // a step minus itself is a literal 0
  const CompiledTrace trace(current_trace(), std::vector<std::uint32_t>{w2.trace});
  CHECK(trace.parameter_names() == std::vector<std::string>{"spring.c", "mass.m"});
  const std::vector<double> values = trace.replay(std::vector<double>{5.0, 2.0});
  CHECK(values[trace.index_of(w2.trace)] == 8.0);
  CHECK(trace.broken_guard(values, std::vector<double>{5.0, 2.0}) == std::nullopt);
  // m divides: a run that makes it zero is refused, naming it.
  const std::vector<double> zero{5.0, 0.0};
  CHECK(trace.broken_guard(trace.replay(zero), zero) ==
        "mass.m = 0 (built with 4): a quantity the model's equations divide by becomes zero; rebuild the model (or "
        "choose another value)");
}

TEST_CASE("parameter trace: expressions keep a tunable factor of 1 or 0, and a tape evaluates the run's value") {
  ExprContext context;
  const Expr x = Expr::variable("x");
  const Expr one(current_trace().parameter("gain.k", 1.0));
  const Expr zero(current_trace().parameter("damper.d", 0.0));
  const Expr e = one * x + zero * x * x;
  CHECK(to_string(e) == "x + 0*x^2");  // printed as numbers, kept as nodes
  CHECK(e.op() == Op::Add);
  const Tape tape(std::span<const Expr>(&e, 1), y_of(x));
  const CompiledTrace trace(current_trace(), tape.traced_steps());
  const std::vector<double> p{3.0, 0.5};  // gain.k, damper.d
  const std::vector<double> values = trace.replay(p);
  Tape::Workspace work = tape.workspace();
  tape.parameterize(work, [&](std::uint32_t step) { return values[trace.index_of(step)]; });
  const double y = 2.0;
  double out = 0.0;
  tape.evaluate({0.0, &y, nullptr, nullptr, nullptr}, &out, nullptr, work);
  CHECK(out == 3.0 * 2.0 + 0.5 * 4.0);
  tape.evaluate({0.0, &y, nullptr, nullptr, nullptr}, &out);  // a fresh workspace: the build's numbers
  CHECK(out == 2.0);
}

TEST_CASE("parameter trace: a number the build read as a value is guarded to stay that value") {
  ExprContext context;
  const Expr n(current_trace().parameter("table.n", 3.0));
  CHECK(n.constant_value() == 3.0);  // a decision: the build read it
  const CompiledTrace trace(current_trace(), std::vector<std::uint32_t>{n.coef().trace});
  const std::vector<double> four{4.0};
  CHECK(trace.broken_guard(trace.replay(four), four) ==
        "table.n = 4 (built with 3): the model's equations were built from this value (a number the build decided "
        "on); rebuild the model to change it");
  const std::vector<double> three{3.0};
  CHECK(trace.broken_guard(trace.replay(three), three) == std::nullopt);
}
