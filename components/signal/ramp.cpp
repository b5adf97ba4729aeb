#include "components/signal/ramp.hpp"

namespace acausal::signal_components {

void Ramp::define(ComponentBuilder& b) const {
  const std::string unit = b.value_unit({"height", "offset"});
  Expr height = b.parameter("height", unit, 1.0, "Height of the ramp");
  Expr duration = b.parameter("duration", "s", 2.0, "Duration of the ramp (0: a step)", non_negative());
  Expr offset = b.parameter("offset", unit, 0.0, "Output before the ramp");
  Expr start_time = b.parameter("start_time", "s", 0.0, "Time the ramp starts");
  Expr y = b.output("y", unit, "Output signal");
  const Expr time = Expr::time();
  // In an instance the duration is a number; a zero duration is a step (no division by zero).
  // When describing the type it is a symbol and the general form is shown.
  const bool is_step = duration.is_constant() && !(duration.constant_value() > 0.0);
  Expr after_start = is_step ? height
                             : if_else(time < start_time + duration, height * (time - start_time) / duration, height);
  b.equation(y - (offset + if_else(time < start_time, 0.0, after_start)), "ramp");
}

}  // namespace acausal::signal_components
