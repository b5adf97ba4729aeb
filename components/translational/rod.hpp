#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// Massless rigid rod of length L (Modelica Rod, flange_a = C, flange_b = R):
/// R.s = s + L/2, C.s = s − L/2 (so R.s − C.s = L), R.f + C.f = 0 (the force passes through).
/// Parameters: L [m] (default 0, any value). Variable s [m]: position of the rod's center. No energy.
class Rod final : public Component {
 public:
  std::string_view type() const override { return "translational.Rod"; }
  std::string_view summary() const override {
    return "Massless rigid rod: R.s = s + L/2, C.s = s − L/2, R.f + C.f = 0";
  }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::translational_components
