#include "components/translational/speed.hpp"


namespace acausal::translational_components {

void Speed::define(ComponentBuilder& b) const {
  FlangeAndSupport h = define_flange_and_support(b, translational(), "Flange that moves with the reference speed");
  Expr v = b.input("v", "m/s", "Reference speed of the flange relative to the support");
  Expr s = b.variable("s", "m", "Position of the flange relative to the support", {.priority = StatePriority::Prefer});
  b.equation(s - h.rel, "relative position");
  b.equation(v - der(s), "the flange moves with v");
  b.injected_power(-h.flange.flow() * v);
}

}  // namespace acausal::translational_components
