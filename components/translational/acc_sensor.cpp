#include "components/translational/acc_sensor.hpp"

namespace acausal::translational_components {

void AccSensor::define(ComponentBuilder& b) const {
  Port flange = b.port("flange", translational(), "Measured flange");
  Expr a = b.output("a", "m/s^2", "Absolute acceleration of the flange");
  Expr v = b.variable("v", "m/s", "Absolute velocity of the flange");
  b.equation(flange.flow(), "ideal sensor: no force");
  b.equation(v - der(flange.potential()), "velocity");
  b.equation(a - der(v), "measured acceleration");
}

}  // namespace acausal::translational_components
