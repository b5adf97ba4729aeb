#include "components/rotational/position.hpp"

#include "components/rotational/flange_and_support.hpp"

namespace acausal::rotational_components {

void Position::define(ComponentBuilder& b) const {
  FlangeAndSupport h = define_flange_and_support(b, "Driven flange");
  Expr phi = b.input("phi", "rad", "Angle of the flange relative to the support");
  Expr w = b.variable("w", "rad/s", "Angular velocity of the flange relative to the support");
  b.equation(h.phi_rel - phi, "the source imposes the angle");
  b.equation(w - h.w_rel, "relative angular velocity");
  b.injected_power(-h.flange.flow() * w);
}

}  // namespace acausal::rotational_components
