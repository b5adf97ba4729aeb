#include "components/rotational/torque_source.hpp"

namespace acausal::rotational_components {

TorqueSource define_torque_source(ComponentBuilder& b) {
  const FlangeAndSupport h = define_flange_and_support(b, rotational(), "Driven flange");
  TorqueSource s{b.variable("tau", "N*m", "Torque applied to the flange (= −flange.tau)"),
                 b.variable("w", "rad/s", "Angular velocity of the flange relative to the support")};
  b.equation(h.flange.flow() + s.tau, "the source applies tau to the flange");
  b.equation(s.w - h.rate, "relative angular velocity");
  b.injected_power(s.tau * s.w);
  return s;
}

}  // namespace acausal::rotational_components
