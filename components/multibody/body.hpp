#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// A rigid body (Modelica MultiBody.Parts.Body): mass m at r_CM from frame_a (resolved in frame_a),
/// inertia tensor I about the center of mass, resolved in frame_a; Newton–Euler equations at
/// frame_a with the model's gravity. Its orientation comes from the frame it is connected to.
class Body final : public Component {
 public:
  std::string_view type() const override { return "multibody.Body"; }
  std::string_view summary() const override {
    return "Rigid body: mass m at r_CM, inertia tensor I about the center of mass, gravity from the World";
  }
  std::string_view details() const override;
  void declare_frames(FrameDeclaration& d) const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
