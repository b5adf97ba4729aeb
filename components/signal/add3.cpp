#include "components/signal/add3.hpp"

namespace acausal::signal_components {

std::string_view Add3::details() const {
  return R"(MSL 4.0.0's Math.Add3 block: a weighted sum of three signals,

    y = k1·u1 + k2·u2 + k3·u3

with the gains 1 by default. A signal block: no energy terms.)";
}

void Add3::define(ComponentBuilder& b) const {
  const Expr k1 = b.parameter("k1", "1", 1.0, "Gain of input u1");
  const Expr k2 = b.parameter("k2", "1", 1.0, "Gain of input u2");
  const Expr k3 = b.parameter("k3", "1", 1.0, "Gain of input u3");
  const Expr u1 = b.input("u1", "1", "First input signal");
  const Expr u2 = b.input("u2", "1", "Second input signal");
  const Expr u3 = b.input("u3", "1", "Third input signal");
  const Expr y = b.output("y", "1", "Output signal");
  b.equation(y - (k1 * u1 + k2 * u2 + k3 * u3), "weighted sum");
}

}  // namespace acausal::signal_components
