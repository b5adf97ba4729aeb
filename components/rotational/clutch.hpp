#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Clutch based on Coulomb friction (Modelica.Mechanics.Rotational.Components.Clutch): flanges C
/// (flange_a) and R (flange_b) rub against each other with the normal force
/// fn = fn_max·f_normalized (a signal, not clipped; fn ≤ 0: disengaged). Stuck, it transmits any
/// torque up to peak·tau0 (tau0 = μ(0)·cgeo·fn); slipping at w_rel = w_R − w_C it transmits
/// cgeo·fn·μ(|w_rel|) against the slip. Modes and events as MSL's PartialFriction
/// (components/friction_modes.hpp). Parameters: fn_max [N] ≥ 0, mue (constant, default 0.5) or the
/// table mue_pos {"w": [rad/s], "mue": [1]} over w ≥ 0, peak ≥ 1, cgeo [m] ≥ 0, w_small [rad/s] > 0
/// (default 1e10), phi_nominal [rad] (default 1e-4). Loss power tau·w_rel; stores nothing.
class Clutch final : public Component {
 public:
  std::string_view type() const override { return "rotational.Clutch"; }
  std::string_view summary() const override {
    return "Friction clutch: stuck up to peak·μ0·cgeo·fn, slipping at cgeo·fn·μ(w_rel); fn = fn_max·f_normalized";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
