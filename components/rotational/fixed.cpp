#include "components/rotational/fixed.hpp"

namespace acausal::rotational_components {

void Fixed::define(ComponentBuilder& b) const {
  Expr phi0 = b.parameter("phi0", "rad", 0.0, "Fixed angle of the flange");
  Port flange = b.port("flange", rotational(), "Fixed flange");
  b.equation(flange.potential() - phi0, "the flange does not move");
}

}  // namespace acausal::rotational_components
