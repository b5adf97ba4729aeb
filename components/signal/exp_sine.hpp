#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Exponentially damped sine (Modelica.Blocks.Sources.ExpSine): y = offset before start_time, then
/// y = offset + amplitude·exp(−damping·(t − start_time))·sin(2π·f·(t − start_time) + phase).
/// Parameters: amplitude [1] (default 1), f [Hz] ≥ 0 (default 2), phase [rad] (default 0), damping
/// [1/s] (default 1), offset [1] (default 0), start_time [s] (default 0). Output y [1]. The start is
/// a time event.
/// @throws ModelError at …/params/f for a negative frequency.
class ExpSine final : public Component {
 public:
  std::string_view type() const override { return "signal.ExpSine"; }
  std::string_view summary() const override {
    return "Damped sine: y = offset + amplitude·exp(−damping·(t − start_time))·sin(2π·f·(t − start_time) + phase)";
  }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
