#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Ramp signal (Modelica.Blocks.Sources.Ramp):
///   y = offset + (0                                    if time < start_time,
///                 height·(time − start_time)/duration   if time < start_time + duration,
///                 height                                otherwise).
/// Parameters: height [1] (default 1), duration [s] ≥ 0 (default 2), offset [1] (default 0),
/// start_time [s] (default 0). Output y [1]. duration = 0 is a step of height at start_time.
/// Time events at start_time and start_time + duration.
/// @throws ModelError at …/params/duration for a negative duration.
class Ramp final : public Component {
 public:
  std::string_view type() const override { return "signal.Ramp"; }
  std::string_view summary() const override {
    return "Ramp signal: y = offset + height·clamp((time − start_time)/duration, 0, 1)";
  }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
