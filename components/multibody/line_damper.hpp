#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// A linear damper between two frame origins (Modelica MultiBody.Forces.Damper): f = d·dL/dt along
/// the line (positive while the origins separate), L = |r_rel|.
class LineDamper final : public Component {
 public:
  std::string_view type() const override { return "multibody.Damper"; }
  std::string_view summary() const override {
    return "Linear line damper between two frame origins: f = d dL/dt along the line";
  }
  void declare_frames(FrameDeclaration& d) const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
