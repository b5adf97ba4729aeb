#include "components/rotational/relative_angle_sensor.hpp"

namespace acausal::rotational_components {

void RelativeAngleSensor::define(ComponentBuilder& b) const {
  Port R = b.port("R", rotational(), "Flange R (Modelica flange_b)");
  Port C = b.port("C", rotational(), "Flange C (Modelica flange_a)");
  Expr phi_rel = b.output("phi_rel", "rad", "Relative angle R − C");
  b.equation(R.flow(), "an ideal sensor takes no torque at R");
  b.equation(C.flow(), "an ideal sensor takes no torque at C");
  b.equation(phi_rel - (R.potential() - C.potential()), "measured relative angle");
}

}  // namespace acausal::rotational_components
