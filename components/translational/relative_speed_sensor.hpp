#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// Ideal relative speed sensor: output v_rel = der(R.s) − der(C.s) [m/s], R.f = C.f = 0. No energy.
class RelativeSpeedSensor final : public Component {
 public:
  std::string_view type() const override { return "translational.RelativeSpeedSensor"; }
  std::string_view summary() const override { return "Ideal relative speed sensor: v_rel = der(R.s − C.s), no force"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::translational_components
