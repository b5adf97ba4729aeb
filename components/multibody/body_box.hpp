#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// A rigid body shaped as a (hollow) box of uniform density between frame_a and frame_b (Modelica
/// MultiBody.Parts.BodyBox): mass, center of mass and inertia tensor derived from the geometry, then
/// a BodyShape.
class BodyBox final : public Component {
 public:
  std::string_view type() const override { return "multibody.BodyBox"; }
  std::string_view summary() const override {
    return "Rigid (hollow) box: mass and inertia from its dimensions and density; frame_b at r from frame_a";
  }
  std::string_view details() const override;
  void declare_frames(FrameDeclaration& d) const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
