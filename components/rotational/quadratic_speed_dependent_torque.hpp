#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Torque quadratic in speed (Modelica.Mechanics.Rotational.Sources.QuadraticSpeedDependentTorque):
///   TorqueDirection = true:  tau = tau_nominal·(w/w_nominal)²            (same sign both ways)
///   TorqueDirection = false: tau = tau_nominal·w·|w|/w_nominal²          (sign of the rotation)
/// with flange.tau = −tau and w = der(flange.phi) − der(phi_support).
/// Parameters: tau_nominal [N·m] (default 0; negative: a load on positive rotation), TorqueDirection
/// (default true), w_nominal [rad/s] > 0 (default 1), use_support (default false; as
/// rotational.Torque). Massless: no stored energy, no loss; injected power tau·w.
/// @throws ModelError at …/params/w_nominal for w_nominal ≤ 0.
class QuadraticSpeedDependentTorque final : public Component {
 public:
  std::string_view type() const override { return "rotational.QuadraticSpeedDependentTorque"; }
  std::string_view summary() const override {
    return "Torque quadratic in speed: tau = tau_nominal·(w/w_nominal)², with the sign of w unless TorqueDirection";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
