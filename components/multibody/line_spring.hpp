#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// A linear spring between two frame origins (Modelica MultiBody.Forces.Spring): tension
/// f = c·(L − s_unstretched), L = |r_rel|, along the line; an optional point mass m on the line at
/// length_fraction from frame_a (line_force.hpp). c [N/m] ≥ 0, s_unstretched [m] ≥ 0, m [kg] ≥ 0,
/// length_fraction in [0, 1]. Stores ½·c·(L − s_unstretched)² and the point mass's energy.
/// @throws ModelError naming the parameter for a value out of range.
class LineSpring final : public Component {
 public:
  std::string_view type() const override { return "multibody.Spring"; }
  std::string_view summary() const override {
    return "Linear line spring between two frame origins: tension f = c (L - s_unstretched); optional point mass m";
  }
  std::string_view details() const override;
  void declare_frames(FrameDeclaration& d) const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
