#include "components/translational/force.hpp"


namespace acausal::translational_components {

void Force::define(ComponentBuilder& b) const {
  FlangeAndSupport h = define_flange_and_support(b, translational(), "Flange the force pushes");
  Expr f = b.input("f", "N", "Force on the flange, positive toward +s");
  Expr v = b.variable("v", "m/s", "Velocity of the flange relative to the support");
  b.equation(h.flange.flow() + f, "the source pushes the flange with f");
  b.equation(v - h.rate, "relative velocity");
  b.injected_power(f * v);
}

}  // namespace acausal::translational_components
