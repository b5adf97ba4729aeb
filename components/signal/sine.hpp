#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Sine signal (Modelica.Blocks.Sources.Sine):
///   y = offset + (0 if time < start_time, else amplitude·sin(2π·frequency·(time − start_time) + phase)).
/// Parameters: amplitude [1] (default 1), frequency [Hz] ≥ 0 (default 1), phase [rad] (default 0),
/// offset [1] (default 0), start_time [s] (default 0). Output y [1].
/// Time event at start_time.
/// @throws ModelError at …/params/frequency for a negative frequency.
class Sine final : public Component {
 public:
  std::string_view type() const override { return "signal.Sine"; }
  std::string_view summary() const override {
    return "Sine signal: y = offset + (time < start_time ? 0 : amplitude·sin(2π·frequency·(time − start_time) + "
           "phase))";
  }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
