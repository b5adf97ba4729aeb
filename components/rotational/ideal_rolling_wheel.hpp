#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Ideal wheel rolling without slip, massless (Modelica.Mechanics.Rotational.Components.IdealRollingWheel):
///   (phi_R − phi_support_R)·radius = s_T − s_support_T,   radius·f_T + tau_R = 0,
/// with tau_R = flange_R.tau and f_T = flange_T.f entering the wheel: v = radius·w, and a traction
/// force F on what the contact point drives (f_T = −F) takes the torque radius·F at the axle.
/// Ports flange_R (rotational: the axle), flange_T (translational: the contact point, the vehicle);
/// use_support_R / use_support_T (default false) as rotational.IdealGearR2T.
/// Parameters: radius [m] > 0 (default 0.3). No stored energy, no loss: the port powers sum to zero.
/// @throws ModelError at …/params/radius for radius ≤ 0.
class IdealRollingWheel final : public Component {
 public:
  std::string_view type() const override { return "rotational.IdealRollingWheel"; }
  std::string_view summary() const override {
    return "Ideal rolling wheel: (phi_R − phi_support_R)·radius = s_T − s_support_T, radius·f_T + tau_R = 0";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
