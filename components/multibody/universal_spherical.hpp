#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// A massless rod between a universal joint at frame_a and a spherical joint at frame_b (Modelica
/// MultiBody.Joints.UniversalSpherical): one constraint, |r_0,b − r_0,a| = the rod's length, and the
/// frame frame_ia fixed in the rod at frame_a's origin. A branch frame_a–frame_ia only: it relates
/// no orientation between frame_a and frame_b, so a loop it closes stays a tree.
/// @throws ModelError for a zero-length axis or rod, or a rod parallel to n1_a.
class UniversalSpherical final : public Component {
 public:
  std::string_view type() const override { return "multibody.UniversalSpherical"; }
  std::string_view summary() const override {
    return "Universal joint at frame_a, spherical joint at frame_b, a massless rod between: |r_0,b - r_0,a| = "
           "rod length, force f_rod along the rod";
  }
  std::string_view details() const override;
  void declare_frames(FrameDeclaration& d) const override { d.joint("frame_a", "frame_ia"); }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
