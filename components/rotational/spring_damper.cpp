#include "components/rotational/spring_damper.hpp"

namespace acausal::rotational_components {

void SpringDamper::define(ComponentBuilder& b) const {
  Expr c = b.parameter("c", "N*m/rad", 1.0e5, "Spring constant", positive());
  Expr d = b.parameter("d", "N*m*s/rad", 0.0, "Damping constant", non_negative());
  Expr phi_rel0 = b.parameter("phi_rel0", "rad", 0.0, "Unstretched spring angle");
  Compliant e = define_compliant(b, rotational());
  b.equation(e.flow - (c * (e.rel - phi_rel0) + d * e.rate), "spring and damper in parallel");
  b.stored_energy(0.5 * c * pow(e.rel - phi_rel0, 2));
  b.loss_power(d * pow(e.rate, 2));
}

}  // namespace acausal::rotational_components
