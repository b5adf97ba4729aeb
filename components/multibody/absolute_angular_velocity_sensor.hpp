#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// Ideal sensor: w[1..3], the angular velocity of frame_a in frame_a coordinates
class AbsoluteAngularVelocitySensor final : public Component {
 public:
  std::string_view type() const override { return "multibody.AbsoluteAngularVelocitySensor"; }
  std::string_view summary() const override { return "Ideal sensor: w[1..3], the angular velocity of frame_a in frame_a coordinates"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
