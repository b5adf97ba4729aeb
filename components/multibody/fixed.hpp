#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// A frame fixed in the world at position r, not rotated (Modelica MultiBody.Parts.Fixed).
class Fixed final : public Component {
 public:
  std::string_view type() const override { return "multibody.Fixed"; }
  std::string_view summary() const override { return "Frame fixed in the world at r: r_0 = r, R = I, w = 0"; }
  void declare_frames(FrameDeclaration& d) const override { d.root("frame_b"); }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
