#pragma once
#include "core/model/component.hpp"

namespace acausal::thermal_components {

/// Lumped thermal conduction without storage (Modelica.Thermal.HeatTransfer.Components.
/// ThermalConductor): Q_flow = G·dT, dT = port_a.T − port_b.T, port_a.Q_flow = Q_flow,
/// port_b.Q_flow = −Q_flow. Parameter G [W/K] ≥ 0 (default 1). Stores nothing and loses nothing:
/// the heat that enters at port_a leaves at port_b.
/// @throws ModelError at …/params/G for a negative G.
class ThermalConductor final : public Component {
 public:
  std::string_view type() const override { return "thermal.ThermalConductor"; }
  std::string_view summary() const override { return "Thermal conductor: Q_flow = G·(port_a.T − port_b.T) from port_a to port_b"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::thermal_components
