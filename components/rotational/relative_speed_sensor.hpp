#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Ideal relative speed sensor (Modelica.Mechanics.Rotational.Sensors.RelSpeedSensor with
/// flange_a = C, flange_b = R):
///   w_rel = der(phi_R) − der(phi_C),   tau_R = tau_C = 0.
/// Signal output w_rel [rad/s]. No parameters, no energy.
class RelativeSpeedSensor final : public Component {
 public:
  std::string_view type() const override { return "rotational.RelativeSpeedSensor"; }
  std::string_view summary() const override {
    return "Ideal relative speed sensor: w_rel = der(phi_R) − der(phi_C)";
  }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
