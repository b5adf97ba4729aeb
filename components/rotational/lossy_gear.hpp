#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Gear with mesh efficiency and bearing friction (Modelica.Mechanics.Rotational.Components.LossyGear
/// with flange_a = C, flange_b = R): massless, phi_C − phi_s = ratio·(phi_R − phi_s) and
/// tau_R + ratio·(tau_C − tau_loss) = 0, where tau_loss (referred to C) follows from the loss table
/// [|w_a|, eta_mf1, eta_mf2, tau_bf1, tau_bf2] by the quadrant of (speed sign, driving side). The gear
/// rolls forward, sticks or rolls backward (modes and events as MSL, without a breakaway factor);
/// self-locking when the efficiency with R driving is low enough.
/// Parameters: ratio [1] ≠ 0, loss_table (rows [w, eta_mf1, eta_mf2, tau_bf1, tau_bf2]: w ≥ 0
/// increasing, efficiencies in (0, 1]; default [[0, 1, 1, 0, 0]], an ideal gear), use_support.
/// Loss power tau_loss·w_a ≥ 0.
class LossyGear final : public Component {
 public:
  std::string_view type() const override { return "rotational.LossyGear"; }
  std::string_view summary() const override {
    return "Gear with mesh efficiency and bearing friction (loss table over |w|): rolling forward, stuck or backward";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
