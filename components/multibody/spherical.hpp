#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// A spherical joint (Modelica MultiBody.Joints.Spherical): the origins of frame_a and frame_b
/// coincide, the frames turn freely; no torque passes. Orientation does not pass through it: the
/// body on the other side carries its own (a free body's quaternion).
class Spherical final : public Component {
 public:
  std::string_view type() const override { return "multibody.Spherical"; }
  std::string_view summary() const override {
    return "Spherical joint: the origins of frame_a and frame_b coincide, no torque is transmitted";
  }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
