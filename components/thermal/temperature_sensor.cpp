#include "components/thermal/temperature_sensor.hpp"

namespace acausal::thermal_components {

void TemperatureSensor::define(ComponentBuilder& b) const {
  const Port port = b.port("port", thermal(), "Heat port whose temperature is measured");
  const Expr T = b.output("T", "K", "Temperature of the port");
  b.equation(port.flow(), "an ideal sensor takes no heat");
  b.equation(T - port.potential(), "measured temperature");
}

}  // namespace acausal::thermal_components
