#include "components/translational/position.hpp"


namespace acausal::translational_components {

void Position::define(ComponentBuilder& b) const {
  FlangeAndSupport h = define_flange_and_support(b, translational(), "Flange that follows the reference position");
  Expr s = b.input("s", "m", "Reference position of the flange relative to the support");
  Expr v = b.variable("v", "m/s", "Velocity of the flange relative to the support");
  b.equation(h.rel - s, "the flange follows s");
  b.equation(v - h.rate, "relative velocity");
  b.injected_power(-h.flange.flow() * v);
}

}  // namespace acausal::translational_components
