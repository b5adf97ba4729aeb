#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// A massless rigid part whose frame_b is frame_a shifted by r and turned by `angle` about the axis
/// n (Modelica MultiBody.Parts.FixedRotation, rotation type "rotation axis").
class FixedRotation final : public Component {
 public:
  std::string_view type() const override { return "multibody.FixedRotation"; }
  std::string_view summary() const override {
    return "Massless rigid part: frame_b = frame_a shifted by r and turned by angle about n";
  }
  void declare_frames(FrameDeclaration& d) const override { d.branch("frame_a", "frame_b"); }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
