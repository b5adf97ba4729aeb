#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// A planar joint (Modelica MultiBody.Joints.Planar): frame_b moves in the plane normal to n (s_x
/// along n_x, s_y along n × n_x) and turns by phi about n. Neither the forces in the plane nor the
/// torque about n pass.
/// @throws ModelError for a zero-length n or n_x, or n_x parallel to n.
class Planar final : public Component {
 public:
  std::string_view type() const override { return "multibody.Planar"; }
  std::string_view summary() const override {
    return "Planar joint: frame_b shifted by s_x, s_y in the plane normal to n and turned by phi about n";
  }
  std::string_view details() const override;
  void declare_frames(FrameDeclaration& d) const override { d.joint("frame_a", "frame_b"); }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
