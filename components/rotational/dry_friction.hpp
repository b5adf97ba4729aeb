#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Ideal dry (Coulomb) friction between flanges R and C, with a sticking torque and a lower sliding
/// torque (MSL has no such element; Simscape's Rotational Friction without its viscous and Stribeck
/// terms): stuck while |tau| ≤ tau_stick, sliding with tau = ±tau_slide against the relative motion.
class DryFriction final : public Component {
 public:
  std::string_view type() const override { return "rotational.DryFriction"; }
  std::string_view summary() const override {
    return "Ideal dry friction: stuck up to tau_stick, sliding at tau_slide against w_rel";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
