#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// One-way clutch (Modelica.Mechanics.Rotational.Components.OneWayClutch): a freewheel in parallel
/// with a dry friction clutch between flanges C (flange_a) and R (flange_b). The freewheel lets R
/// overrun C (w_rel = w_R − w_C > 0) and locks when w_rel falls to 0; the clutch, engaged with the
/// normal force fn = fn_max·f_normalized (f_normalized ≤ 0: disengaged, fn = 0), rubs while R
/// overruns and, locked, holds R back against overrunning up to tau0_max. Booleans free,
/// startForward, locked and stuck as MSL (no integer mode, no backward sliding).
/// Parameters: fn_max [N] ≥ 0, mue (constant, default 0.5) or the table mue_pos {"w": [rad/s],
/// "mue": [1]} over w ≥ 0, peak ≥ 1, cgeo [m] ≥ 0, w_small [rad/s] > 0 (default 1e10),
/// phi_nominal [rad] (default 1e-4). Loss power tau·w_rel; stores nothing.
class OneWayClutch final : public Component {
 public:
  std::string_view type() const override { return "rotational.OneWayClutch"; }
  std::string_view summary() const override {
    return "Freewheel in parallel with a friction clutch: R overruns C against cgeo·fn·μ(w_rel); locked it holds any torque that drives R backward";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
