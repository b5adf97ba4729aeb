#include "components/rotational/torque.hpp"


namespace acausal::rotational_components {

void Torque::define(ComponentBuilder& b) const {
  FlangeAndSupport h = define_flange_and_support(b, rotational(), "Driven flange");
  Expr tau = b.input("tau", "N*m", "Torque applied to the flange (positive: drives it positively)");
  Expr w = b.variable("w", "rad/s", "Angular velocity of the flange relative to the support");
  b.equation(h.flange.flow() + tau, "the source applies tau to the flange");
  b.equation(w - h.rate, "relative angular velocity");
  b.injected_power(tau * w);
}

}  // namespace acausal::rotational_components
