#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Dead zone (Modelica.Blocks.Nonlinear.DeadZone): y = u − uMax for u > uMax, u − uMin for u < uMin,
/// else 0; the switches are events. Parameters: uMax [1] (default 1), uMin [1] (default −uMax).
/// @throws ModelError at …/params/uMin for uMin > uMax.
class DeadZone final : public Component {
 public:
  std::string_view type() const override { return "signal.DeadZone"; }
  std::string_view summary() const override { return "Dead zone: y = 0 within [uMin, uMax], u − uMax above, u − uMin below"; }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
