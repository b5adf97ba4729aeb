#include "components/translational/multi_sensor.hpp"

namespace acausal::translational_components {

void MultiSensor::define(ComponentBuilder& b) const {
  Port R = b.port("R", translational(), "Flange R (Modelica flange_b)");
  Port C = b.port("C", translational(), "Flange C (Modelica flange_a)");
  Expr f = b.output("f", "N", "Force transmitted from C to R (= C.f = −R.f)");
  Expr v = b.output("v", "m/s", "Absolute velocity of the flanges");
  Expr power = b.output("power", "W", "Power flowing from C to R (= f·v)");
  b.equation(R.potential() - C.potential(), "rigid: R and C move together");
  b.equation(R.flow() + C.flow(), "the force passes through");
  b.equation(f - C.flow(), "measured force");
  b.equation(v - der(C.potential()), "measured velocity");
  b.equation(power - f * v, "measured power");
}

}  // namespace acausal::translational_components
