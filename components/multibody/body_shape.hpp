#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// A rigid body with two frames (Modelica MultiBody.Parts.BodyShape): a Body (m, r_CM, inertia
/// tensor about the center of mass, all in frame_a) rigidly attached to frame_a, and frame_b at r
/// from frame_a (resolved in frame_a), parallel to it.
class BodyShape final : public Component {
 public:
  std::string_view type() const override { return "multibody.BodyShape"; }
  std::string_view summary() const override {
    return "Rigid body with two frames: a Body at frame_a, frame_b at r from frame_a (same orientation)";
  }
  std::string_view details() const override;
  void declare_frames(FrameDeclaration& d) const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
