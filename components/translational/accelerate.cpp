#include "components/translational/accelerate.hpp"


namespace acausal::translational_components {

void Accelerate::define(ComponentBuilder& b) const {
  FlangeAndSupport h = define_flange_and_support(b, translational(), "Flange that follows the reference acceleration");
  Expr a = b.input("a", "m/s^2", "Reference acceleration of the flange relative to the support");
  Expr s = b.variable("s", "m", "Position of the flange relative to the support", {.priority = StatePriority::Prefer});
  Expr v = b.variable("v", "m/s", "Velocity of the flange relative to the support",
                      {.priority = StatePriority::Prefer});
  b.equation(s - h.rel, "relative position");
  b.equation(v - der(s), "velocity");
  b.equation(a - der(v), "the flange accelerates with a");
  b.injected_power(-h.flange.flow() * v);
}

}  // namespace acausal::translational_components
