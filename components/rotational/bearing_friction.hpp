#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Coulomb friction in a bearing (Modelica.Mechanics.Rotational.Components.BearingFriction):
/// flanges C (flange_a) and R (flange_b) turn together at w relative to the housing (the support
/// port with use_support, else the ground), which resists with the friction torque tau_pos(|w|).
/// Stuck, it holds any torque up to peak·tau_pos(0). Modes and events as MSL's PartialFriction
/// (components/friction_modes.hpp); a bearing is never free. Parameters: the table tau_pos
/// {"w": [rad/s], "tau": [N·m]} over w ≥ 0 or the constant tau0 [N·m] ≥ 0 (default 1, MSL's
/// tau_pos = [0, 1]), peak ≥ 1, w_small [rad/s] > 0 (default 1e10), use_support. Loss power tau·w.
class BearingFriction final : public Component {
 public:
  std::string_view type() const override { return "rotational.BearingFriction"; }
  std::string_view summary() const override {
    return "Bearing friction: stuck up to peak·tau_pos(0), sliding at tau_pos(|w|) against the speed relative to the housing";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
