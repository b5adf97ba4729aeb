#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Ideal gear, massless and lossless (Modelica.Mechanics.Rotational.Components.IdealGear with
/// flange_a = C, flange_b = R):
///   phi_C − phi_s = ratio·(phi_R − phi_s),   tau_R = −ratio·tau_C,
/// where phi_s is the housing angle. So w_C = ratio·w_R relative to the housing, and the torque at R
/// is ratio times the torque at C (C is the fast side for |ratio| > 1).
/// With use_support = true the housing is the port `support`, which takes the reaction
/// tau_s = −(tau_R + tau_C) = (ratio − 1)·tau_C; with use_support = false (default) there is no
/// support port, phi_s = 0 and the reaction goes to ground.
/// Parameters: ratio [1] ≠ 0 (default 1), use_support (default false). No stored energy, no loss:
/// the port powers sum to zero.
/// @throws ModelError at …/params/ratio for ratio = 0.
class IdealGear final : public Component {
 public:
  std::string_view type() const override { return "rotational.IdealGear"; }
  std::string_view summary() const override {
    return "Ideal gear: phi_C − phi_support = ratio·(phi_R − phi_support), tau_R = −ratio·tau_C";
  }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
