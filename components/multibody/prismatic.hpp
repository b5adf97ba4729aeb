#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// A prismatic joint (Modelica MultiBody.Joints.Prismatic): frame_b slides relative to frame_a by s
/// along the axis n (fixed in both frames), same orientation; optional 1D flanges `axis` (driven,
/// damped or sprung by translational elements) and `support` (grounded inside the joint).
class Prismatic final : public Component {
 public:
  std::string_view type() const override { return "multibody.Prismatic"; }
  std::string_view summary() const override {
    return "Prismatic joint: frame_b shifted by s along axis n relative to frame_a; optional axis flange";
  }
  std::string_view details() const override;
  void declare_frames(FrameDeclaration& d) const override { d.joint("frame_a", "frame_b"); }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
