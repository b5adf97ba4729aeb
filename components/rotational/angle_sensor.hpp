#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Ideal absolute angle sensor (Modelica.Mechanics.Rotational.Sensors.AngleSensor):
///   phi = flange.phi, flange.tau = 0.
/// Signal output phi [rad]. No parameters, no energy.
class AngleSensor final : public Component {
 public:
  std::string_view type() const override { return "rotational.AngleSensor"; }
  std::string_view summary() const override { return "Ideal angle sensor: phi = flange.phi"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
