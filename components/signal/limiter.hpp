#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Limits a signal to [uMin, uMax] (Modelica.Blocks.Nonlinear.Limiter); the switches are events.
/// Parameters: uMax [1] (default 1), uMin [1] (default −uMax).
/// @throws ModelError at …/params/uMin for uMin > uMax.
class Limiter final : public Component {
 public:
  std::string_view type() const override { return "signal.Limiter"; }
  std::string_view summary() const override { return "Limiter: y = min(max(u, uMin), uMax)"; }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
