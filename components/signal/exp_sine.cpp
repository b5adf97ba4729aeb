#include "components/signal/exp_sine.hpp"

#include <numbers>

namespace acausal::signal_components {

void ExpSine::define(ComponentBuilder& b) const {
  const std::string unit = b.value_unit({"amplitude", "offset"});
  const Expr amplitude = b.parameter("amplitude", unit, 1.0, "Amplitude of the sine at start_time");
  const Expr f = b.parameter("f", "Hz", 2.0, "Frequency of the sine", non_negative());
  const Expr phase = b.parameter("phase", "rad", 0.0, "Phase of the sine at start_time");
  const Expr damping = b.parameter("damping", "1/s", 1.0, "Damping coefficient: the amplitude decays as exp(-damping*t)");
  const Expr offset = b.parameter("offset", unit, 0.0, "Offset of the output");
  const Expr start_time = b.parameter("start_time", "s", 0.0, "Time the damped sine starts");
  const Expr y = b.output("y", unit, "Output signal");
  const Expr time = Expr::time();
  const Expr elapsed = time - start_time;
  const Expr wave = amplitude * exp(-damping * elapsed) * sin(2.0 * std::numbers::pi * f * elapsed + phase);
  b.equation(y - (offset + if_else(elapsed >= Expr(0.0), wave, 0.0)), "damped sine");
}

}  // namespace acausal::signal_components
