#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// Ideal relative position sensor: output s_rel = R.s − C.s [m], R.f = C.f = 0. No energy.
class RelativePositionSensor final : public Component {
 public:
  std::string_view type() const override { return "translational.RelativePositionSensor"; }
  std::string_view summary() const override { return "Ideal relative position sensor: s_rel = R.s − C.s, no force"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::translational_components
