#pragma once
#include "core/model/component.hpp"

namespace acausal::thermal_components {

/// An ideal heat reservoir at a fixed temperature (Modelica.Thermal.HeatTransfer.Sources.
/// FixedTemperature): port.T = T, any heat flow. Parameter T [K] (default 293.15). Injected power
/// −port.Q_flow: the heat it gives the model (negative while it takes heat in).
class FixedTemperature final : public Component {
 public:
  std::string_view type() const override { return "thermal.FixedTemperature"; }
  std::string_view summary() const override { return "Fixed temperature: port.T = T, a reservoir that gives or takes any heat"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::thermal_components
