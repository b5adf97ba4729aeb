#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// A joint with no constraint (Modelica MultiBody.Joints.FreeMotion with enforceStates = true):
/// frame_b moves freely relative to frame_a, 6 degrees of freedom. States: r_rel_a (frame_b's
/// origin from frame_a's, frame_a coordinates), v_rel_a = der(r_rel_a), the quaternion Q[1..4] of
/// the rotation frame_a → frame_b and w_rel_b, frame_b's angular velocity relative to frame_a in
/// frame_b coordinates. Massless and without force: f = t = 0 at both frames. A branch of the
/// orientation graph. Parameter phi_start [rad] (default 0): Cardan angles 1-2-3 of the relative
/// rotation at the start. No energy.
class FreeMotion final : public Component {
 public:
  std::string_view type() const override { return "multibody.FreeMotion"; }
  std::string_view summary() const override {
    return "Free joint (6 DOF): states r_rel_a, v_rel_a, quaternion Q and w_rel_b of frame_b relative to frame_a";
  }
  std::string_view details() const override;
  void declare_frames(FrameDeclaration& d) const override { d.joint("frame_a", "frame_b"); }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
