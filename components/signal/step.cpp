#include "components/signal/step.hpp"

namespace acausal::signal_components {

void Step::define(ComponentBuilder& b) const {
  const std::string unit = b.value_unit({"height", "offset"});
  Expr height = b.parameter("height", unit, 1.0, "Height of the step");
  Expr offset = b.parameter("offset", unit, 0.0, "Output before the step");
  Expr start_time = b.parameter("start_time", "s", 0.0, "Time of the step");
  Expr y = b.output("y", unit, "Output signal");
  const Expr time = Expr::time();
  b.equation(y - (offset + if_else(time >= start_time, height, 0.0)), "step");
}

}  // namespace acausal::signal_components
