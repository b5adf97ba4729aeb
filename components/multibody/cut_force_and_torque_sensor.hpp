#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// Ideal sensor in the line frame_a to frame_b (rigidly joined): force[1..3] and torque[1..3] cut there, in frame_a coordinates
class CutForceAndTorqueSensor final : public Component {
 public:
  std::string_view type() const override { return "multibody.CutForceAndTorque"; }
  std::string_view summary() const override { return "Ideal sensor in the line frame_a to frame_b (rigidly joined): force[1..3] and torque[1..3] cut there, in frame_a coordinates"; }
  void declare_frames(FrameDeclaration& d) const override { d.branch("frame_a", "frame_b"); }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
