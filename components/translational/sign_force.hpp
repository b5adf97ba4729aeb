#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// Constant force that changes sign with the direction of motion
/// (Modelica.Mechanics.Translational.Sources.SignForce, MSL 4):
///   f = f_nominal·sgn_reg(v/v0),   flange.f = −f,
/// f the force on the flange, positive toward +s, sgn_reg the sign regularized below |v| = v0 as
/// `reg` chooses (as rotational.SignTorque). A negative f_nominal brakes in both directions.
/// Parameters: f_nominal [N] (default 0), reg ("exp" (default), "sine", "linear", "cosine"),
/// v0 [m/s] > 0 (default 0.1), use_support (default false). Massless: no stored energy, no loss;
/// injected power f·v.
/// @throws ModelError at …/params/v0 for v0 ≤ 0, at …/params/reg for another choice.
class SignForce final : public Component {
 public:
  std::string_view type() const override { return "translational.SignForce"; }
  std::string_view summary() const override {
    return "Force changing sign with speed: f = f_nominal·sign(v), regularized below v0";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::translational_components
