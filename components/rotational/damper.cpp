#include "components/rotational/damper.hpp"

namespace acausal::rotational_components {

void Damper::define(ComponentBuilder& b) const {
  Expr d = b.parameter("d", "N*m*s/rad", 0.0, "Damping constant", non_negative());
  Compliant e = define_compliant(b, rotational());
  b.equation(e.flow - d * e.rate, "viscous damping");
  define_heat_port(b, e.flow * e.rate);
}

}  // namespace acausal::rotational_components
