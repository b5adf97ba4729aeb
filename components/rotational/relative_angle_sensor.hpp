#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Ideal relative angle sensor (Modelica.Mechanics.Rotational.Sensors.RelAngleSensor with
/// flange_a = C, flange_b = R):
///   phi_rel = phi_R − phi_C,   tau_R = tau_C = 0.
/// Signal output phi_rel [rad]. No parameters, no energy.
class RelativeAngleSensor final : public Component {
 public:
  std::string_view type() const override { return "rotational.RelativeAngleSensor"; }
  std::string_view summary() const override { return "Ideal relative angle sensor: phi_rel = phi_R − phi_C"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
