#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// A universal, a prismatic and a spherical joint in series (Modelica
/// MultiBody.Joints.Assemblies.JointUPS): the universal joint at frame_a, the spherical joint at
/// frame_b, the prismatic joint along the line between their origins, driven through the 1D flanges
/// `axis` (s) and `bearing` (grounded). frame_ia and frame_ib are fixed in the prismatic joint's two
/// parts, at frame_a's and frame_b's origins. Branches frame_a–frame_ia–frame_ib; nothing relates
/// frame_a's orientation to frame_b's. No constraint, no degree of freedom of its own.
/// @throws ModelError for a zero-length axis, or n_axis_ia parallel to n1_a.
class JointUPS final : public Component {
 public:
  std::string_view type() const override { return "multibody.JointUPS"; }
  std::string_view summary() const override {
    return "Universal (frame_a) - prismatic - spherical (frame_b) joint: the 1D flange axis moves with the distance "
           "of the origins";
  }
  std::string_view details() const override;
  void declare_frames(FrameDeclaration& d) const override {
    d.joint("frame_a", "frame_ia");
    d.joint("frame_ia", "frame_ib");
  }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
