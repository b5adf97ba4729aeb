#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// A massless rigid rod from frame_a to frame_b = frame_a shifted by r (resolved in frame_a), not
/// rotated (Modelica MultiBody.Parts.FixedTranslation).
class FixedTranslation final : public Component {
 public:
  std::string_view type() const override { return "multibody.FixedTranslation"; }
  std::string_view summary() const override {
    return "Massless rigid translation: frame_b = frame_a shifted by r (in frame_a), same orientation";
  }
  void declare_frames(FrameDeclaration& d) const override { d.branch("frame_a", "frame_b"); }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
