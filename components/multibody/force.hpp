#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// A force between two frames, given by the signal inputs force[1..3] [N] resolved in the frame
/// `resolve_in_frame` (Modelica MultiBody.Forces.Force): it acts on frame_b's body at its origin;
/// frame_a's body takes the opposite force at its origin and the moment of the pair. With F in
/// world coordinates and r = r_0,b − r_0,a the cut forces on the element are f_b = −R_b·F, t_b = 0,
/// f_a = R_a·F, t_a = R_a·(r × F). Injected power: F·(v_b − v_a) − (r × F)·ω_a (world coordinates).
/// @throws ModelError for an unknown resolve_in_frame.
class Force final : public Component {
 public:
  std::string_view type() const override { return "multibody.Force"; }
  std::string_view summary() const override {
    return "Force between frame_a and frame_b: inputs force[1..3] resolved in resolve_in_frame, acting at frame_b";
  }
  std::string_view details() const override;
  void declare_frames(FrameDeclaration& d) const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
