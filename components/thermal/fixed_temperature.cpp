#include "components/thermal/fixed_temperature.hpp"

namespace acausal::thermal_components {

void FixedTemperature::define(ComponentBuilder& b) const {
  const Expr T = b.parameter("T", "K", 293.15, "Temperature of the reservoir");
  const Port port = b.port("port", thermal(), "Heat port at the fixed temperature");
  b.equation(port.potential() - T, "the port is at the fixed temperature");
  b.injected_power(-port.flow());
}

}  // namespace acausal::thermal_components
