#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// A point mass (Modelica MultiBody.Parts.PointMass): mass m at frame_a's origin, no inertia, no
/// rotational dynamics: f = m·R·(a − g), t = 0. It takes its orientation from what frame_a is
/// connected to; when nothing orients frame_a it sets R = I, w = 0 (MSL's potential root).
/// @throws ModelError for m < 0.
class PointMass final : public Component {
 public:
  std::string_view type() const override { return "multibody.PointMass"; }
  std::string_view summary() const override {
    return "Point mass m at frame_a's origin: f = m·R·(a − g), no inertia, takes no torque";
  }
  std::string_view details() const override;
  void declare_frames(FrameDeclaration& d) const override { d.potential_root("frame_a"); }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
