#include "components/signal/constant.hpp"

namespace acausal::signal_components {

void Constant::define(ComponentBuilder& b) const {
  const std::string unit = b.value_unit({"k"});
  Expr k = b.parameter("k", unit, 1.0, "Constant output value");
  Expr y = b.output("y", unit, "Output signal");
  b.equation(y - k, "constant output");
}

}  // namespace acausal::signal_components
