#include "components/rotational/constant_torque.hpp"


namespace acausal::rotational_components {

void ConstantTorque::define(ComponentBuilder& b) const {
  Expr tau_constant = b.parameter("tau_constant", "N*m", 0.0,
                                  "Constant torque (negative: a load on positive rotation)");
  FlangeAndSupport h = define_flange_and_support(b, rotational(), "Driven flange");
  Expr tau = b.variable("tau", "N*m", "Torque applied to the flange (= −flange.tau)");
  Expr w = b.variable("w", "rad/s", "Angular velocity of the flange relative to the support");
  b.equation(tau - tau_constant, "constant torque");
  b.equation(h.flange.flow() + tau, "the source applies tau to the flange");
  b.equation(w - h.rate, "relative angular velocity");
  b.injected_power(tau * w);
}

}  // namespace acausal::rotational_components
