#include "components/rotational/spring.hpp"

namespace acausal::rotational_components {

void Spring::define(ComponentBuilder& b) const {
  Expr c = b.parameter("c", "N*m/rad", 1.0e5, "Spring constant", positive());
  Expr phi_rel0 = b.parameter("phi_rel0", "rad", 0.0, "Unstretched spring angle");
  Compliant e = define_compliant(b, rotational());
  b.equation(e.flow - c * (e.rel - phi_rel0), "Hooke's law");
  b.stored_energy(0.5 * c * pow(e.rel - phi_rel0, 2));
}

}  // namespace acausal::rotational_components
