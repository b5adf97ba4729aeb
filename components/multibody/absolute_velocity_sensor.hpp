#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// Ideal sensor: v[1..3], the velocity of frame_a's origin in world coordinates
class AbsoluteVelocitySensor final : public Component {
 public:
  std::string_view type() const override { return "multibody.AbsoluteVelocitySensor"; }
  std::string_view summary() const override { return "Ideal sensor: v[1..3], the velocity of frame_a's origin in world coordinates"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
