#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Ideal planetary gear, massless and lossless (Modelica.Mechanics.Rotational.Components.IdealPlanetary):
///   (1 + ratio)·phi_carrier = phi_sun + ratio·phi_ring          (Willis' equation, integrated)
///   tau_ring = ratio·tau_sun,   tau_carrier = −(1 + ratio)·tau_sun
/// with ratio = ring teeth / sun teeth and the torques entering at the flanges sun, carrier, ring.
/// Absolute angles: the gear has no housing of its own (fix a flange to ground it).
/// Parameters: ratio [1] > 0 (default 2, MSL's 100/50). No stored energy, no loss: the port powers
/// sum to tau_sun·(w_sun − (1 + ratio)·w_carrier + ratio·w_ring) = 0.
/// @throws ModelError at …/params/ratio for ratio ≤ 0.
class IdealPlanetary final : public Component {
 public:
  std::string_view type() const override { return "rotational.IdealPlanetary"; }
  std::string_view summary() const override {
    return "Ideal planetary gear: (1 + ratio)·phi_carrier = phi_sun + ratio·phi_ring, ratio = ring/sun teeth";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
