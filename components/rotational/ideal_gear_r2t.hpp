#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Ideal gear from rotation to translation, massless and lossless
/// (Modelica.Mechanics.Rotational.Components.IdealGearR2T; a rack and pinion, a lead screw):
///   phi_R − phi_support_R = ratio·(s_T − s_support_T),   ratio·tau_R + f_T = 0,
/// with tau_R = flange_R.tau and f_T = flange_T.f entering the gear. So w = ratio·v relative to the
/// housings, and a force F that the gear exerts on what flange_T drives (f_T = −F) needs the torque
/// tau_R = F/ratio at the shaft.
/// Ports flange_R (rotational), flange_T (translational); with use_support_R / use_support_T
/// (default false) the ports support_R / support_T take the reactions (support_R.tau = −tau_R,
/// support_T.f = −f_T), otherwise the housings are grounded.
/// Parameters: ratio [rad/m] ≠ 0 (default 1; negative: a left-hand thread). No stored energy, no
/// loss: the port powers sum to zero.
/// @throws ModelError at …/params/ratio for ratio = 0.
class IdealGearR2T final : public Component {
 public:
  std::string_view type() const override { return "rotational.IdealGearR2T"; }
  std::string_view summary() const override {
    return "Ideal gear rotation → translation: phi_R − phi_support_R = ratio·(s_T − s_support_T), ratio·tau_R + f_T = 0";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
