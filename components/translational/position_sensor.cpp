#include "components/translational/position_sensor.hpp"

namespace acausal::translational_components {

void PositionSensor::define(ComponentBuilder& b) const {
  Port flange = b.port("flange", translational(), "Measured flange");
  Expr s = b.output("s", "m", "Absolute position of the flange");
  b.equation(flange.flow(), "ideal sensor: no force");
  b.equation(s - flange.potential(), "measured position");
}

}  // namespace acausal::translational_components
