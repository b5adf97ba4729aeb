#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// A force and a torque between two frames, given by the signal inputs force[1..3] [N] and
/// torque[1..3] [N·m] resolved in the frame `resolve_in_frame` (Modelica
/// MultiBody.Forces.ForceAndTorque): they act on frame_b's body at its origin, and the opposite
/// force, with the torque that balances the moments, on frame_a's body. With F and T in world
/// coordinates and r = r_0,b − r_0,a: the cut forces on the element are f_b = −R_b·F,
/// t_b = −R_b·T, f_a = R_a·F, t_a = R_a·(T + r × F). Injected power: the power it delivers,
/// F·(v_b − v_a) + T·(ω_b − ω_a) − (r × F)·ω_a (world coordinates).
/// @throws ModelError for an unknown resolve_in_frame.
class ForceAndTorque final : public Component {
 public:
  std::string_view type() const override { return "multibody.ForceAndTorque"; }
  std::string_view summary() const override {
    return "Force and torque between frame_a and frame_b: inputs force[1..3], torque[1..3] resolved in resolve_in_frame";
  }
  std::string_view details() const override;
  void declare_frames(FrameDeclaration& d) const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
