#include "components/rotational/acc_sensor.hpp"

namespace acausal::rotational_components {

void AccSensor::define(ComponentBuilder& b) const {
  Port flange = b.port("flange", rotational(), "Flange whose angular acceleration is measured");
  Expr a = b.output("a", "rad/s^2", "Absolute angular acceleration of the flange");
  Expr w = b.variable("w", "rad/s", "Absolute angular velocity of the flange");
  b.equation(flange.flow(), "an ideal sensor takes no torque");
  b.equation(w - der(flange.potential()), "angular velocity");
  b.equation(a - der(w), "measured angular acceleration");
}

}  // namespace acausal::rotational_components
