#pragma once
#include "core/model/component.hpp"

namespace acausal::thermal_components {

/// Ideal heat flow sensor (Modelica.Thermal.HeatTransfer.Sensors.HeatFlowSensor), in series:
/// port_a.T = port_b.T, the heat entering at port_a leaves at port_b, Q_flow = port_a.Q_flow
/// (output [W]).
class HeatFlowSensor final : public Component {
 public:
  std::string_view type() const override { return "thermal.HeatFlowSensor"; }
  std::string_view summary() const override { return "Ideal heat flow sensor: Q_flow = port_a.Q_flow, passed on to port_b at the same temperature"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::thermal_components
