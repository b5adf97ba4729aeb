#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// A cylindrical joint (Modelica MultiBody.Joints.Cylindrical): a prismatic and a revolute joint on
/// the same axis n (fixed in frame_a and frame_b): frame_b slides by s along n and turns by phi
/// about it. Neither the force along n nor the torque about n passes.
/// @throws ModelError for a zero-length axis.
class Cylindrical final : public Component {
 public:
  std::string_view type() const override { return "multibody.Cylindrical"; }
  std::string_view summary() const override {
    return "Cylindrical joint: frame_b shifted by s along n and turned by phi about n relative to frame_a";
  }
  std::string_view details() const override;
  void declare_frames(FrameDeclaration& d) const override { d.joint("frame_a", "frame_b"); }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
