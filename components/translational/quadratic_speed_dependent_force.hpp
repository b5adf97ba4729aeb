#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// Force quadratic in speed (Modelica.Mechanics.Translational.Sources.QuadraticSpeedDependentForce):
///   ForceDirection = true:  f = f_nominal·(v/v_nominal)²           (same sign both ways)
///   ForceDirection = false: f = f_nominal·v·|v|/v_nominal²         (sign of the motion)
/// with f the force on the flange, positive toward +s (flange.f = −f; MSL names flange.f itself f)
/// and v = der(flange.s) − der(s_support). A negative f_nominal with ForceDirection = false is a drag.
/// Parameters: f_nominal [N] (default 0), ForceDirection (default true), v_nominal [m/s] > 0
/// (default 1), use_support (default false). Massless: no stored energy, no loss; injected power f·v.
/// @throws ModelError at …/params/v_nominal for v_nominal ≤ 0.
class QuadraticSpeedDependentForce final : public Component {
 public:
  std::string_view type() const override { return "translational.QuadraticSpeedDependentForce"; }
  std::string_view summary() const override {
    return "Force quadratic in speed: f = f_nominal·(v/v_nominal)², with the sign of v unless ForceDirection";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::translational_components
