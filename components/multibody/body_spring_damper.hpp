#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// Seed 000 (Body Spring & Damper): a damped linear spring acting along the line between the
/// origins of frame_a (body A) and frame_b (body B). With r = r_B − r_A and v = dr/dt, the force
/// of A on B is F = −k(|r| − r0)·r/|r| − b·(v·r)·r/|r|². No torque, no degrees of freedom.
class BodySpringDamper final : public Component {
 public:
  std::string_view type() const override { return "multibody.BodySpringDamper"; }
  std::string_view summary() const override {
    return "Damped spring between two frame origins: F = -k(|r| - r0) r/|r| - b (v.r) r/|r|^2 on B";
  }
  std::string_view details() const override;
  void declare_frames(FrameDeclaration& d) const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
