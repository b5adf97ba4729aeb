#include "components/translational/relative_position_sensor.hpp"

namespace acausal::translational_components {

void RelativePositionSensor::define(ComponentBuilder& b) const {
  Port R = b.port("R", translational(), "Flange R (Modelica flange_b)");
  Port C = b.port("C", translational(), "Flange C (Modelica flange_a)");
  Expr s_rel = b.output("s_rel", "m", "Relative position R − C");
  b.equation(R.flow(), "ideal sensor: no force at R");
  b.equation(C.flow(), "ideal sensor: no force at C");
  b.equation(s_rel - (R.potential() - C.potential()), "measured relative position");
}

}  // namespace acausal::translational_components
