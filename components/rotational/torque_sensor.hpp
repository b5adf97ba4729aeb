#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Ideal torque sensor (Modelica.Mechanics.Rotational.Sensors.TorqueSensor with flange_a = C,
/// flange_b = R): a rigid cut between C and R that measures the torque passing through it,
///   phi_R = phi_C,   tau_R + tau_C = 0,   tau = tau_C.
/// tau is positive when the side at C drives the side at R positively (note: the opposite sign of the
/// compliant elements' tau, which is tau_R; Modelica has the same difference between Spring and
/// TorqueSensor). Signal output tau [N·m]. No parameters, no energy.
class TorqueSensor final : public Component {
 public:
  std::string_view type() const override { return "rotational.TorqueSensor"; }
  std::string_view summary() const override {
    return "Ideal torque sensor: phi_R = phi_C, tau = tau_C = −tau_R (torque passed from C to R)";
  }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
