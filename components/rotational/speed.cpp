#include "components/rotational/speed.hpp"


namespace acausal::rotational_components {

void Speed::define(ComponentBuilder& b) const {
  FlangeAndSupport h = define_flange_and_support(b, rotational(), "Driven flange");
  Expr w = b.input("w", "rad/s", "Angular velocity of the flange relative to the support");
  Expr phi = b.variable("phi", "rad", "Angle of the flange relative to the support",
                        {.priority = StatePriority::Prefer});
  b.equation(phi - h.rel, "relative angle");
  b.equation(w - der(phi), "the source imposes the speed");
  b.injected_power(-h.flange.flow() * w);
}

}  // namespace acausal::rotational_components
