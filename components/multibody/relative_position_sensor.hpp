#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// Ideal sensor: r_rel[1..3], frame_b's origin relative to frame_a's, in frame_a coordinates
class RelativePositionSensor final : public Component {
 public:
  std::string_view type() const override { return "multibody.RelativePositionSensor"; }
  std::string_view summary() const override { return "Ideal sensor: r_rel[1..3], frame_b's origin relative to frame_a's, in frame_a coordinates"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
