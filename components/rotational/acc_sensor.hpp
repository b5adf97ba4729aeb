#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Ideal absolute angular acceleration sensor (Modelica.Mechanics.Rotational.Sensors.AccSensor):
///   w = der(flange.phi), a = der(w), flange.tau = 0.
/// Signal output a [rad/s²]; internal variable w [rad/s]. No parameters, no energy.
class AccSensor final : public Component {
 public:
  std::string_view type() const override { return "rotational.AccSensor"; }
  std::string_view summary() const override { return "Ideal angular acceleration sensor: a = der(der(flange.phi))"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
