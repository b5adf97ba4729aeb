#include "components/thermal/prescribed_temperature.hpp"

namespace acausal::thermal_components {

void PrescribedTemperature::define(ComponentBuilder& b) const {
  const Expr T = b.input("T", "K", "Temperature of the port");
  const Port port = b.port("port", thermal(), "Heat port at the prescribed temperature");
  b.equation(port.potential() - T, "the port is at the prescribed temperature");
  b.injected_power(-port.flow());
}

}  // namespace acausal::thermal_components
