#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Rotational damper with a damping coefficient from a signal (seed 002, Engee's Variable
/// Rotational Damper): T = max(B, b_min)·ω, ω = ωR − ωC, tau_R = T, tau_C = −T.
/// Parameter b_min [N·m/(rad/s)] ≥ 0, default 0. Loss power T·ω ≥ 0.
/// @throws ModelError at …/params/b_min for a negative b_min.
class VariableDamper final : public Component {
 public:
  std::string_view type() const override { return "rotational.VariableDamper"; }
  std::string_view summary() const override {
    return "Rotational damper with damping from a signal: tau = max(B, b_min)·w_rel";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
