#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// Brake based on Coulomb friction (Modelica.Mechanics.Translational.Components.Brake): flanges C
/// and R move together and rub against the housing (the support port with use_support, else the
/// ground) with the normal force fn = fn_max·f_normalized (a signal, not clipped). Stuck, it holds
/// any force up to peak·f0 (f0 = μ(0)·cgeo·fn); sliding at v it resists with cgeo·fn·μ(|v|); with
/// fn ≤ 0 it is free. Modes and events as MSL's PartialFriction (components/friction_modes.hpp).
/// Parameters: fn_max [N] ≥ 0, mu (constant friction coefficient, default 0.5) or the table mu_pos
/// {"v": [m/s], "mu": [1]} over v ≥ 0, peak ≥ 1, cgeo ≥ 0, v_small [m/s] > 0, use_support.
class Brake final : public Component {
 public:
  std::string_view type() const override { return "translational.Brake"; }
  std::string_view summary() const override {
    return "Brake with Coulomb friction: stuck up to peak·μ0·cgeo·fn, sliding at cgeo·fn·μ(v); fn = fn_max·f_normalized";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::translational_components
