#pragma once
#include "core/model/component.hpp"

namespace acausal::thermal_components {

/// Ideal temperature sensor (Modelica.Thermal.HeatTransfer.Sensors.TemperatureSensor): T = port.T
/// (output [K]), no heat flow.
class TemperatureSensor final : public Component {
 public:
  std::string_view type() const override { return "thermal.TemperatureSensor"; }
  std::string_view summary() const override { return "Ideal temperature sensor: T = port.T, no heat flow"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::thermal_components
