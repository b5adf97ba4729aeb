#pragma once
#include "core/model/component.hpp"

namespace acausal::thermal_components {

/// A fixed heat flow into the connected component (Modelica.Thermal.HeatTransfer.Sources.
/// FixedHeatFlow, without its temperature coefficient): port.Q_flow = −Q_flow, at any temperature.
/// Parameter Q_flow [W] (default 0; negative takes heat out). Injected power Q_flow.
class FixedHeatFlow final : public Component {
 public:
  std::string_view type() const override { return "thermal.FixedHeatFlow"; }
  std::string_view summary() const override { return "Fixed heat flow: Q_flow into the connected component, port.Q_flow = −Q_flow"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::thermal_components
