#include "components/thermal/heat_flow_sensor.hpp"

namespace acausal::thermal_components {

void HeatFlowSensor::define(ComponentBuilder& b) const {
  const Port a = b.port("port_a", thermal(), "Heat port a: the measured heat flow enters here");
  const Port c = b.port("port_b", thermal(), "Heat port b: and leaves here");
  const Expr Q_flow = b.output("Q_flow", "W", "Heat flow from port_a to port_b");
  b.equation(a.potential() - c.potential(), "no temperature drop");
  b.equation(a.flow() + c.flow(), "the heat passes through");
  b.equation(Q_flow - a.flow(), "measured heat flow");
}

}  // namespace acausal::thermal_components
