#include "components/signal/constant.hpp"

namespace acausal::signal_components {

void Constant::define(ComponentBuilder& b) const {
  Expr k = b.parameter("k", "1", 1.0, "Constant output value");
  Expr y = b.output("y", "1", "Output signal");
  b.equation(y - k, "constant output");
}

}  // namespace acausal::signal_components
