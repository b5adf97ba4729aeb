#include "components/rotational/torque_sensor.hpp"

namespace acausal::rotational_components {

void TorqueSensor::define(ComponentBuilder& b) const {
  Port R = b.port("R", rotational(), "Flange R (Modelica flange_b)");
  Port C = b.port("C", rotational(), "Flange C (Modelica flange_a)");
  Expr tau = b.output("tau", "N*m", "Torque passed from C to R (= C.tau)");
  b.equation(R.potential() - C.potential(), "rigid cut");
  b.equation(R.flow() + C.flow(), "the torque passes through");
  b.equation(tau - C.flow(), "measured torque");
}

}  // namespace acausal::rotational_components
