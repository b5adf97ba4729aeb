#include "components/thermal/fixed_heat_flow.hpp"

namespace acausal::thermal_components {

void FixedHeatFlow::define(ComponentBuilder& b) const {
  const Expr Q_flow = b.parameter("Q_flow", "W", 0.0, "Heat flow into the connected component");
  const Port port = b.port("port", thermal(), "Heat port: the heat flow leaves the source here");
  b.equation(port.flow() + Q_flow, "the source gives the heat flow Q_flow");
  b.injected_power(Q_flow);
}

}  // namespace acausal::thermal_components
