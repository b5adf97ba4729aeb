#include "components/signal/inverse_block_constraints.hpp"

namespace acausal::signal_components {

std::string_view InverseBlockConstraints::details() const {
  return R"(MSL 4.0.0's Math.InverseBlockConstraints block: two equations that turn a block around,

    u1 = u2
    y1 = y2

Connect the output of the block to invert to u2 and its input to y2; then u1 is what that
output must be and y1 the input that achieves it. The block has two inputs and two outputs, so
every signal node keeps exactly one output; the structural analysis solves the block to invert
backwards, differentiating u1 as often as the inverted block's relative degree needs (a
first-order lag: once), so u1 must be differentiable (a sine, a filtered signal). A signal block:
no energy terms.)";
}

void InverseBlockConstraints::define(ComponentBuilder& b) const {
  const Expr u1 = b.input("u1", "1", "What the inverted block's output must be");
  const Expr u2 = b.input("u2", "1", "The inverted block's output");
  const Expr y1 = b.output("y1", "1", "The input that achieves u1 (= y2)");
  const Expr y2 = b.output("y2", "1", "The inverted block's input");
  b.equation(u1 - u2, "the inverted block's output is u1");
  b.equation(y1 - y2, "the inverted block's input is y1");
}

}  // namespace acausal::signal_components
