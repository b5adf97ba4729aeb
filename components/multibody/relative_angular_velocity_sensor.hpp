#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// Ideal sensor (Modelica MultiBody.Sensors.RelativeAngularVelocity): w_rel[1..3], the angular
/// velocity of frame_b relative to frame_a, ω_b − ω_a, resolved in `resolve_in_frame` (default
/// "frame_a"; "world", "frame_b", "frame_resolve"). Loads neither frame.
class RelativeAngularVelocitySensor final : public Component {
 public:
  std::string_view type() const override { return "multibody.RelativeAngularVelocitySensor"; }
  std::string_view summary() const override {
    return "Ideal sensor: w_rel[1..3], the angular velocity of frame_b relative to frame_a, resolved in resolve_in_frame";
  }
  std::string_view details() const override;
  void declare_frames(FrameDeclaration& d) const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
