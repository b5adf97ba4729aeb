#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// Ideal force sensor between C and R (Modelica flange_a = C, flange_b = R): R.s = C.s,
/// C.f + R.f = 0, output f = C.f [N] (the force pulling C toward +s, transmitted to R). No energy.
class ForceSensor final : public Component {
 public:
  std::string_view type() const override { return "translational.ForceSensor"; }
  std::string_view summary() const override { return "Ideal force sensor: R.s = C.s, f = C.f = −R.f"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::translational_components
