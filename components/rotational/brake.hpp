#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Brake based on Coulomb friction (Modelica.Mechanics.Rotational.Components.Brake): flanges C and R
/// turn together and rub against the housing (the support port with use_support, else the ground)
/// with the normal force fn = fn_max·f_normalized (a signal, not clipped). Stuck, it holds any torque
/// up to peak·tau0 (tau0 = μ(0)·cgeo·fn); sliding at w it resists with cgeo·fn·μ(|w|); with fn ≤ 0
/// it is free. Modes and events as MSL's PartialFriction (components/friction_modes.hpp).
/// Parameters: fn_max [N] ≥ 0, mue (constant friction coefficient, default 0.5) or the table
/// mue_pos {"w": [rad/s], "mue": [1]} over w ≥ 0, peak ≥ 1, cgeo [m] ≥ 0, w_small [rad/s] > 0
/// (MSL's default 1e10: a reversal always passes through stuck), use_support.
class Brake final : public Component {
 public:
  std::string_view type() const override { return "rotational.Brake"; }
  std::string_view summary() const override {
    return "Brake with Coulomb friction: stuck up to peak·μ0·cgeo·fn, sliding at cgeo·fn·μ(w); fn = fn_max·f_normalized";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
