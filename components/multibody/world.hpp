#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// The inertial frame and the model's gravity (Modelica MultiBody.World): frame_b is at the origin,
/// with R = I and w = 0. Gravity is uniform (g along n, defaults 9.80665 m/s² and [0, −1, 0]),
/// a point mass at the origin (field constant mu), or none. A 3D model has exactly one World.
class World final : public Component {
 public:
  std::string_view type() const override { return "multibody.World"; }
  std::string_view summary() const override {
    return "Inertial frame at the origin and gravity (uniform g along n, or a point mass)";
  }
  std::string_view details() const override;
  bool provides_environment() const override { return true; }
  void declare_frames(FrameDeclaration& d) const override { d.root("frame_b"); }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
