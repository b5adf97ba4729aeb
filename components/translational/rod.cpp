#include "components/translational/rod.hpp"

namespace acausal::translational_components {

void Rod::define(ComponentBuilder& b) const {
  Expr L = b.parameter("L", "m", 0.0, "Length of the rod (R.s − C.s)");
  Port R = b.port("R", translational(), "Right end (Modelica flange_b), at s + L/2");
  Port C = b.port("C", translational(), "Left end (Modelica flange_a), at s − L/2");
  Expr s = b.variable("s", "m", "Position of the rod's center");
  b.equation(R.potential() - (s + 0.5 * L), "right end");
  b.equation(C.potential() - (s - 0.5 * L), "left end");
  b.equation(R.flow() + C.flow(), "massless: the force passes through");
}

}  // namespace acausal::translational_components
