#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// A line force whose law is a 1D translational circuit between the flanges flange_a (s = 0) and
/// flange_b (s = the distance of the origins), with two optional point masses on the line, m_a at
/// L_a from frame_a's origin and m_b at L_b from frame_b's (Modelica
/// MultiBody.Forces.LineForceWithTwoMasses). m_a, m_b [kg] ≥ 0.
class LineForceWithTwoMasses final : public Component {
 public:
  std::string_view type() const override { return "multibody.LineForceWithTwoMasses"; }
  std::string_view summary() const override {
    return "Line force from a 1D translational circuit on flange_a/flange_b (flange_b.s = distance), with point "
           "masses m_a, m_b on the line";
  }
  std::string_view details() const override;
  void declare_frames(FrameDeclaration& d) const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
