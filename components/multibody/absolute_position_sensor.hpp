#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// Ideal sensor: r[1..3], frame_a's origin in world coordinates
class AbsolutePositionSensor final : public Component {
 public:
  std::string_view type() const override { return "multibody.AbsolutePositionSensor"; }
  std::string_view summary() const override { return "Ideal sensor: r[1..3], frame_a's origin in world coordinates"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
