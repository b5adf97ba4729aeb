#include "components/rotational/position.hpp"


namespace acausal::rotational_components {

void Position::define(ComponentBuilder& b) const {
  FlangeAndSupport h = define_flange_and_support(b, rotational(), "Driven flange");
  Expr phi = b.input("phi", "rad", "Angle of the flange relative to the support");
  Expr w = b.variable("w", "rad/s", "Angular velocity of the flange relative to the support");
  b.equation(h.rel - phi, "the source imposes the angle");
  b.equation(w - h.rate, "relative angular velocity");
  b.injected_power(-h.flange.flow() * w);
}

}  // namespace acausal::rotational_components
