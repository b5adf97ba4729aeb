#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// An external force on frame_b's origin, given in world coordinates by the signal inputs
/// force[1..3] (Modelica MultiBody.Forces.WorldForce).
class WorldForce final : public Component {
 public:
  std::string_view type() const override { return "multibody.WorldForce"; }
  std::string_view summary() const override { return "External force on frame_b, world coordinates: inputs force[1..3]"; }
  void define(ComponentBuilder& b) const override;
};

/// An external torque on frame_b, given in world coordinates by the signal inputs torque[1..3]
/// (Modelica MultiBody.Forces.WorldTorque).
class WorldTorque final : public Component {
 public:
  std::string_view type() const override { return "multibody.WorldTorque"; }
  std::string_view summary() const override { return "External torque on frame_b, world coordinates: inputs torque[1..3]"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
