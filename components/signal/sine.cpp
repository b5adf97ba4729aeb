#include "components/signal/sine.hpp"

#include <numbers>

namespace acausal::signal_components {

void Sine::define(ComponentBuilder& b) const {
  const std::string unit = b.value_unit({"amplitude", "offset"});
  Expr amplitude = b.parameter("amplitude", unit, 1.0, "Amplitude of the sine wave");
  Expr frequency = b.parameter("frequency", "Hz", 1.0, "Frequency of the sine wave", non_negative());
  Expr phase = b.parameter("phase", "rad", 0.0, "Phase of the sine wave at start_time");
  Expr offset = b.parameter("offset", unit, 0.0, "Offset of the output");
  Expr start_time = b.parameter("start_time", "s", 0.0, "Time the sine wave starts");
  Expr y = b.output("y", unit, "Output signal");
  const Expr time = Expr::time();
  Expr wave = amplitude * sin(2.0 * std::numbers::pi * frequency * (time - start_time) + phase);
  b.equation(y - (offset + if_else(time < start_time, 0.0, wave)), "sine wave");
}

}  // namespace acausal::signal_components
