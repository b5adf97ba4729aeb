#include "components/translational/speed_sensor.hpp"

namespace acausal::translational_components {

void SpeedSensor::define(ComponentBuilder& b) const {
  Port flange = b.port("flange", translational(), "Measured flange");
  Expr v = b.output("v", "m/s", "Absolute velocity of the flange");
  b.equation(flange.flow(), "ideal sensor: no force");
  b.equation(v - der(flange.potential()), "measured velocity");
}

}  // namespace acausal::translational_components
