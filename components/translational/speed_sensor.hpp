#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// Ideal absolute speed sensor: output v = der(flange.s) [m/s], flange.f = 0. No energy.
class SpeedSensor final : public Component {
 public:
  std::string_view type() const override { return "translational.SpeedSensor"; }
  std::string_view summary() const override { return "Ideal speed sensor: v = der(flange.s), flange.f = 0"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::translational_components
