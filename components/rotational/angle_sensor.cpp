#include "components/rotational/angle_sensor.hpp"

namespace acausal::rotational_components {

void AngleSensor::define(ComponentBuilder& b) const {
  Port flange = b.port("flange", rotational(), "Flange whose angle is measured");
  Expr phi = b.output("phi", "rad", "Absolute angle of the flange");
  b.equation(flange.flow(), "an ideal sensor takes no torque");
  b.equation(phi - flange.potential(), "measured angle");
}

}  // namespace acausal::rotational_components
