#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Ideal absolute speed sensor (Modelica.Mechanics.Rotational.Sensors.SpeedSensor):
///   w = der(flange.phi), flange.tau = 0.
/// Signal output w [rad/s]. No parameters, no energy.
class SpeedSensor final : public Component {
 public:
  std::string_view type() const override { return "rotational.SpeedSensor"; }
  std::string_view summary() const override { return "Ideal speed sensor: w = der(flange.phi)"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
