#include "components/signal/gain.hpp"

namespace acausal::signal_components {

void Gain::define(ComponentBuilder& b) const {
  Expr k = b.parameter("k", "1", 1.0, "Gain");
  Expr u = b.input("u", "1", "Input signal");
  Expr y = b.output("y", "1", "Output signal");
  b.equation(y - k * u, "gain");
}

}  // namespace acausal::signal_components
