#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// Ideal absolute position sensor: output s = flange.s [m], flange.f = 0. No energy.
class PositionSensor final : public Component {
 public:
  std::string_view type() const override { return "translational.PositionSensor"; }
  std::string_view summary() const override { return "Ideal position sensor: s = flange.s, flange.f = 0"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::translational_components
