#pragma once
#include "core/model/component.hpp"

namespace acausal::thermal_components {

/// Lumped thermal element storing heat (Modelica.Thermal.HeatTransfer.Components.HeatCapacitor):
///   C·der(T) = port.Q_flow, port.T = T.
/// Parameters: C [J/K] > 0 (default 1), T_start [K] > 0 (default 293.15), the temperature at the
/// start. Variables T [K], dT = T − T_start [K] (the state: its tolerance is relative to the rise, not
/// to some 300 K), der_T [K/s]. Stored energy C·(T − T_start), the heat taken in since the start.
/// @throws ModelError at …/params/C for C ≤ 0, at …/params/T_start for T_start ≤ 0.
class HeatCapacitor final : public Component {
 public:
  std::string_view type() const override { return "thermal.HeatCapacitor"; }
  std::string_view summary() const override { return "Heat capacitor: C·der(T) = port.Q_flow"; }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::thermal_components
