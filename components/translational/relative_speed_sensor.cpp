#include "components/translational/relative_speed_sensor.hpp"

namespace acausal::translational_components {

void RelativeSpeedSensor::define(ComponentBuilder& b) const {
  Port R = b.port("R", translational(), "Flange R (Modelica flange_b)");
  Port C = b.port("C", translational(), "Flange C (Modelica flange_a)");
  Expr v_rel = b.output("v_rel", "m/s", "Relative velocity R − C");
  b.equation(R.flow(), "ideal sensor: no force at R");
  b.equation(C.flow(), "ideal sensor: no force at C");
  b.equation(v_rel - (der(R.potential()) - der(C.potential())), "measured relative velocity");
}

}  // namespace acausal::translational_components
