#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// Ideal sensor (Modelica MultiBody.Sensors.RelativeVelocity): v_rel[1..3] = der(r_rel), the rate
/// of r_rel = R_a·(r_0,b − r_0,a) as seen from frame_a, resolved in `resolve_in_frame` (default
/// "frame_a"; "world", "frame_b", "frame_resolve"). Loads neither frame.
class RelativeVelocitySensor final : public Component {
 public:
  std::string_view type() const override { return "multibody.RelativeVelocitySensor"; }
  std::string_view summary() const override {
    return "Ideal sensor: v_rel[1..3], the velocity of frame_b's origin relative to frame_a, resolved in resolve_in_frame";
  }
  std::string_view details() const override;
  void declare_frames(FrameDeclaration& d) const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
