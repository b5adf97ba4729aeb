#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Constant torque that changes sign with the direction of rotation
/// (Modelica.Mechanics.Rotational.Sources.SignTorque, MSL 4):
///   tau = tau_nominal·sgn_reg(w/w0),   flange.tau = −tau,
/// where sgn_reg is the sign regularized below |w| = w0 as `reg` chooses ("exp" (default): tanh(50·w/w0),
/// "sine", "linear", "cosine"; see sign_regularization.hpp). A positive tau_nominal accelerates in
/// both directions of rotation, a negative one brakes in both (Coulomb-like drag).
/// Parameters: tau_nominal [N·m] (default 0), reg, w0 [rad/s] > 0 (default 0.1), use_support
/// (default false). Massless: no stored energy, no loss; injected power tau·w.
/// @throws ModelError at …/params/w0 for w0 ≤ 0, at …/params/reg for another choice.
class SignTorque final : public Component {
 public:
  std::string_view type() const override { return "rotational.SignTorque"; }
  std::string_view summary() const override {
    return "Torque changing sign with speed: tau = tau_nominal·sign(w), regularized below w0";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
