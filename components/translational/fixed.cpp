#include "components/translational/fixed.hpp"

namespace acausal::translational_components {

void Fixed::define(ComponentBuilder& b) const {
  Expr s0 = b.parameter("s0", "m", 0.0, "Fixed position of the flange");
  Port flange = b.port("flange", translational(), "Fixed flange");
  b.equation(flange.potential() - s0, "the flange does not move");
}

}  // namespace acausal::translational_components
