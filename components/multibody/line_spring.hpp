#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// A linear spring between two frame origins (Modelica MultiBody.Forces.Spring without its
/// optional mass): tension f = c·(L − s_unstretched), L = |r_rel|, along the line.
class LineSpring final : public Component {
 public:
  std::string_view type() const override { return "multibody.Spring"; }
  std::string_view summary() const override {
    return "Linear line spring between two frame origins: tension f = c (L - s_unstretched)";
  }
  void declare_frames(FrameDeclaration& d) const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
