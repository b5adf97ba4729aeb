#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Torque linear in speed (Modelica.Mechanics.Rotational.Sources.LinearSpeedDependentTorque):
///   TorqueDirection = true:  tau = tau_nominal·|w|/w_nominal      (same sign both ways)
///   TorqueDirection = false: tau = tau_nominal·w/w_nominal        (sign of the rotation)
/// with flange.tau = −tau and w = der(flange.phi) − der(phi_support).
/// Parameters: tau_nominal [N·m] (default 0; negative: a load on positive rotation), TorqueDirection
/// (default true), w_nominal [rad/s] > 0 (default 1), use_support (default false; as
/// rotational.Torque). Massless: no stored energy, no loss; injected power tau·w.
/// @throws ModelError at …/params/w_nominal for w_nominal ≤ 0.
class LinearSpeedDependentTorque final : public Component {
 public:
  std::string_view type() const override { return "rotational.LinearSpeedDependentTorque"; }
  std::string_view summary() const override {
    return "Torque linear in speed: tau = tau_nominal·w/w_nominal, of one sign if TorqueDirection";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
