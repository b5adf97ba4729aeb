#include <memory>

#include "components/registry.hpp"
#include "components/thermal/fixed_heat_flow.hpp"
#include "components/thermal/fixed_temperature.hpp"
#include "components/thermal/heat_capacitor.hpp"
#include "components/thermal/heat_flow_sensor.hpp"
#include "components/thermal/prescribed_heat_flow.hpp"
#include "components/thermal/prescribed_temperature.hpp"
#include "components/thermal/temperature_sensor.hpp"
#include "components/thermal/thermal_conductor.hpp"

namespace acausal {

void register_thermal(Registry& r) {
  using namespace thermal_components;
  r.add(std::make_unique<HeatCapacitor>());
  r.add(std::make_unique<ThermalConductor>());
  r.add(std::make_unique<FixedTemperature>());
  r.add(std::make_unique<PrescribedTemperature>());
  r.add(std::make_unique<FixedHeatFlow>());
  r.add(std::make_unique<PrescribedHeatFlow>());
  r.add(std::make_unique<TemperatureSensor>());
  r.add(std::make_unique<HeatFlowSensor>());
}

}  // namespace acausal
