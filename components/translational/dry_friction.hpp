#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// Ideal dry (Coulomb) friction between flanges R and C, with a sticking force and a lower sliding
/// force (MSL has no such element; Simscape's Translational Friction without its viscous and Stribeck
/// terms): stuck while |f| ≤ f_stick, sliding with f = ±f_slide against the relative motion.
class DryFriction final : public Component {
 public:
  std::string_view type() const override { return "translational.DryFriction"; }
  std::string_view summary() const override {
    return "Ideal dry friction: stuck up to f_stick, sliding at f_slide against v_rel";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::translational_components
