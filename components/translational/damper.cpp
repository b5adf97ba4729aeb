#include "components/translational/damper.hpp"

namespace acausal::translational_components {

void Damper::define(ComponentBuilder& b) const {
  Expr d = b.parameter("d", "N*s/m", 0.0, "Damping constant", non_negative());
  Compliant e = define_compliant(b, translational());
  b.equation(e.flow - d * e.rate, "viscous damping");
  define_heat_port(b, e.flow * e.rate);
}

}  // namespace acausal::translational_components
