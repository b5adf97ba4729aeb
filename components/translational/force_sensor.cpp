#include "components/translational/force_sensor.hpp"

namespace acausal::translational_components {

void ForceSensor::define(ComponentBuilder& b) const {
  Port R = b.port("R", translational(), "Flange R (Modelica flange_b)");
  Port C = b.port("C", translational(), "Flange C (Modelica flange_a)");
  Expr f = b.output("f", "N", "Force transmitted from C to R (= C.f = −R.f)");
  b.equation(R.potential() - C.potential(), "rigid: R and C move together");
  b.equation(R.flow() + C.flow(), "the force passes through");
  b.equation(f - C.flow(), "measured force");
}

}  // namespace acausal::translational_components
