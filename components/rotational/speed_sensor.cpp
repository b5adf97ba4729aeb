#include "components/rotational/speed_sensor.hpp"

namespace acausal::rotational_components {

void SpeedSensor::define(ComponentBuilder& b) const {
  Port flange = b.port("flange", rotational(), "Flange whose angular velocity is measured");
  Expr w = b.output("w", "rad/s", "Absolute angular velocity of the flange");
  b.equation(flange.flow(), "an ideal sensor takes no torque");
  b.equation(w - der(flange.potential()), "measured angular velocity");
}

}  // namespace acausal::rotational_components
