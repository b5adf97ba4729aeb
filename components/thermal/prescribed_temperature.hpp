#pragma once
#include "core/model/component.hpp"

namespace acausal::thermal_components {

/// An ideal heat reservoir at the temperature of a signal (Modelica.Thermal.HeatTransfer.Sources.
/// PrescribedTemperature): port.T = T (input [K]), any heat flow. Injected power −port.Q_flow.
class PrescribedTemperature final : public Component {
 public:
  std::string_view type() const override { return "thermal.PrescribedTemperature"; }
  std::string_view summary() const override { return "Temperature source: port.T = T (a signal), any heat flow"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::thermal_components
