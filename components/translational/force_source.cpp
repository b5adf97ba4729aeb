#include "components/translational/force_source.hpp"

namespace acausal::translational_components {

ForceSource define_force_source(ComponentBuilder& b) {
  const FlangeAndSupport h = define_flange_and_support(b, translational(), "Flange the force pushes");
  ForceSource s{b.variable("f", "N", "Force on the flange, positive toward +s (= −flange.f)"),
                b.variable("v", "m/s", "Velocity of the flange relative to the support")};
  b.equation(h.flange.flow() + s.f, "the source pushes the flange with f");
  b.equation(s.v - h.rate, "relative velocity");
  b.injected_power(s.f * s.v);
  return s;
}

}  // namespace acausal::translational_components
