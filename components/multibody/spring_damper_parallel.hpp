#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// A linear spring and a linear damper in parallel between two frame origins (Modelica
/// MultiBody.Forces.SpringDamperParallel): tension f = c·(s − s_unstretched) + d·der(s) along the
/// line, s = |r_rel|; an optional point mass m at length_fraction (line_force.hpp).
/// c [N/m] ≥ 0 (default 1), s_unstretched [m] ≥ 0 (default 0), d [N·s/m] ≥ 0 (default 0).
/// Stores ½·c·(s − s_unstretched)² (and the point mass's energy), dissipates d·der(s)².
/// @throws ModelError naming the parameter for a value out of range.
class SpringDamperParallel final : public Component {
 public:
  std::string_view type() const override { return "multibody.SpringDamperParallel"; }
  std::string_view summary() const override {
    return "Line spring and damper in parallel: tension f = c (s - s_unstretched) + d der(s); optional point mass m";
  }
  std::string_view details() const override;
  void declare_frames(FrameDeclaration& d) const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
