#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// Seed 004 (MapleSim's Rod): a massless flexible rod between the origins of frame_a and frame_b,
/// a spring and damper along the line: f = Ks·(L − L0) + Kd·dL/dt (tension positive), L = |r|.
class Rod final : public Component {
 public:
  std::string_view type() const override { return "multibody.Rod"; }
  std::string_view summary() const override {
    return "Massless flexible rod between two frame origins: tension f = Ks (L - L0) + Kd dL/dt along r";
  }
  std::string_view details() const override;
  void declare_frames(FrameDeclaration& d) const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
