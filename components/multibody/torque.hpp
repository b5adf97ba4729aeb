#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// A torque between two frames, given by the signal inputs torque[1..3] [N·m] resolved in the frame
/// `resolve_in_frame` (Modelica MultiBody.Forces.Torque): it acts on frame_b's body, the opposite
/// torque on frame_a's body; no force. With T in world coordinates the cut torques on the element
/// are t_b = −R_b·T, t_a = R_a·T. Injected power: T·(ω_b − ω_a) (world coordinates).
/// @throws ModelError for an unknown resolve_in_frame.
class Torque final : public Component {
 public:
  std::string_view type() const override { return "multibody.Torque"; }
  std::string_view summary() const override {
    return "Torque between frame_a and frame_b: inputs torque[1..3] resolved in resolve_in_frame";
  }
  std::string_view details() const override;
  void declare_frames(FrameDeclaration& d) const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
