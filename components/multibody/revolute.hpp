#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// A revolute joint (Modelica MultiBody.Joints.Revolute): frame_b turns relative to frame_a by the
/// angle phi about the axis n (fixed in both frames); optional 1D flanges `axis` (driven or damped
/// by rotational elements) and `support` (grounded inside the joint).
class Revolute final : public Component {
 public:
  std::string_view type() const override { return "multibody.Revolute"; }
  std::string_view summary() const override {
    return "Revolute joint: frame_b turned by phi about axis n relative to frame_a; optional axis flange";
  }
  std::string_view details() const override;
  void declare_frames(FrameDeclaration& d) const override { d.joint("frame_a", "frame_b"); }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
