#include "components/thermal/thermal_conductor.hpp"

namespace acausal::thermal_components {

void ThermalConductor::define(ComponentBuilder& b) const {
  const Expr G = b.parameter("G", "W/K", 1.0, "Thermal conductance", non_negative());
  const Port a = b.port("port_a", thermal(), "Heat port a: the heat flow Q_flow enters here");
  const Port c = b.port("port_b", thermal(), "Heat port b: the heat flow Q_flow leaves here");
  const Expr Q_flow = b.variable("Q_flow", "W", "Heat flow from port_a to port_b");
  const Expr dT = b.variable("dT", "K", "Temperature difference port_a.T − port_b.T");
  b.equation(dT - (a.potential() - c.potential()), "temperature difference");
  b.equation(a.flow() - Q_flow, "the heat flow enters at port_a");
  b.equation(c.flow() + Q_flow, "and leaves at port_b");
  b.equation(Q_flow - G * dT, "Fourier's law");
}

}  // namespace acausal::thermal_components
