#include "components/rotational/relative_speed_sensor.hpp"

namespace acausal::rotational_components {

void RelativeSpeedSensor::define(ComponentBuilder& b) const {
  Port R = b.port("R", rotational(), "Flange R (Modelica flange_b)");
  Port C = b.port("C", rotational(), "Flange C (Modelica flange_a)");
  Expr w_rel = b.output("w_rel", "rad/s", "Relative angular velocity R − C");
  b.equation(R.flow(), "an ideal sensor takes no torque at R");
  b.equation(C.flow(), "an ideal sensor takes no torque at C");
  b.equation(w_rel - (der(R.potential()) - der(C.potential())), "measured relative angular velocity");
}

}  // namespace acausal::rotational_components
