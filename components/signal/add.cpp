#include "components/signal/add.hpp"

namespace acausal::signal_components {

void Add::define(ComponentBuilder& b) const {
  Expr k1 = b.parameter("k1", "1", 1.0, "Gain of input u1");
  Expr k2 = b.parameter("k2", "1", 1.0, "Gain of input u2");
  Expr u1 = b.input("u1", "1", "First input signal");
  Expr u2 = b.input("u2", "1", "Second input signal");
  Expr y = b.output("y", "1", "Output signal");
  b.equation(y - (k1 * u1 + k2 * u2), "weighted sum");
}

}  // namespace acausal::signal_components
