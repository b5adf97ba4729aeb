#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// The cut joint of a planar loop (Modelica MultiBody.Joints.RevolutePlanarLoopConstraint): a
/// revolute joint that keeps only the two in-plane position constraints. It relates no
/// orientations (both frames are oriented by the rest of the loop) and transmits no torque and no
/// force along its axis: the quantities a planar loop of parallel axes leaves undetermined.
class RevolutePlanarLoopConstraint final : public Component {
 public:
  std::string_view type() const override { return "multibody.RevolutePlanarLoopConstraint"; }
  std::string_view summary() const override {
    return "Cut joint of a planar loop: frame_b's origin stays on frame_a's axis n; no torque, no axial force";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
