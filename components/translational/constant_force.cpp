#include "components/translational/constant_force.hpp"


namespace acausal::translational_components {

void ConstantForce::define(ComponentBuilder& b) const {
  Expr f_constant = b.parameter("f_constant", "N", 0.0, "Force on the flange, positive toward +s (negative: a load)");
  FlangeAndSupport h = define_flange_and_support(b, translational(), "Flange the force pushes");
  Expr f = b.variable("f", "N", "Force on the flange, positive toward +s");
  Expr v = b.variable("v", "m/s", "Velocity of the flange relative to the support");
  b.equation(f - f_constant, "constant force");
  b.equation(h.flange.flow() + f, "the source pushes the flange with f");
  b.equation(v - h.rate, "relative velocity");
  b.injected_power(f * v);
}

}  // namespace acausal::translational_components
