#include "components/translational/spring_damper.hpp"

namespace acausal::translational_components {

void SpringDamper::define(ComponentBuilder& b) const {
  Expr c = b.parameter("c", "N/m", 1.0, "Spring constant", positive());
  Expr d = b.parameter("d", "N*s/m", 1.0, "Damping constant", non_negative());
  Expr s_rel0 = b.parameter("s_rel0", "m", 0.0, "Unstretched spring length");
  Compliant e = define_compliant(b, translational());
  b.equation(e.flow - (c * (e.rel - s_rel0) + d * e.rate), "spring and damper in parallel");
  b.stored_energy(0.5 * c * pow(e.rel - s_rel0, 2));
  b.loss_power(d * pow(e.rate, 2));
}

}  // namespace acausal::translational_components
