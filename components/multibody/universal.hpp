#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// A universal joint (Modelica MultiBody.Joints.Universal): two revolutes in series with a common
/// origin, the first turning by phi_a about the axis n_a fixed in frame_a, the second by phi_b
/// about the axis n_b fixed in frame_b. No torque about either axis passes.
/// @throws ModelError for a zero-length axis, or n_a parallel to n_b.
class Universal final : public Component {
 public:
  std::string_view type() const override { return "multibody.Universal"; }
  std::string_view summary() const override {
    return "Universal joint: frame_b turned by phi_a about n_a (in frame_a), then by phi_b about n_b (in frame_b)";
  }
  std::string_view details() const override;
  void declare_frames(FrameDeclaration& d) const override { d.joint("frame_a", "frame_b"); }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
