#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// Force linear in speed (Modelica.Mechanics.Translational.Sources.LinearSpeedDependentForce):
///   ForceDirection = true:  f = f_nominal·|v|/v_nominal        (same sign both ways)
///   ForceDirection = false: f = f_nominal·v/v_nominal          (sign of the motion)
/// with f the force on the flange, positive toward +s (flange.f = −f) and v = der(flange.s) −
/// der(s_support). Parameters: f_nominal [N] (default 0), ForceDirection (default true),
/// v_nominal [m/s] > 0 (default 1), use_support (default false). Massless: no stored energy, no
/// loss; injected power f·v.
/// @throws ModelError at …/params/v_nominal for v_nominal ≤ 0.
class LinearSpeedDependentForce final : public Component {
 public:
  std::string_view type() const override { return "translational.LinearSpeedDependentForce"; }
  std::string_view summary() const override {
    return "Force linear in speed: f = f_nominal·v/v_nominal, of one sign if ForceDirection";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::translational_components
