#pragma once
#include "core/model/component.hpp"

namespace acausal::thermal_components {

/// A heat flow set by a signal into the connected component (Modelica.Thermal.HeatTransfer.Sources.
/// PrescribedHeatFlow, without its temperature coefficient): port.Q_flow = −Q_flow (input [W]), at
/// any temperature. Injected power Q_flow.
class PrescribedHeatFlow final : public Component {
 public:
  std::string_view type() const override { return "thermal.PrescribedHeatFlow"; }
  std::string_view summary() const override { return "Heat flow source: Q_flow (a signal) into the connected component, port.Q_flow = −Q_flow"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::thermal_components
