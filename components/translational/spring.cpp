#include "components/translational/spring.hpp"

namespace acausal::translational_components {

void Spring::define(ComponentBuilder& b) const {
  Expr c = b.parameter("c", "N/m", 1.0, "Spring constant", positive());
  Expr s_rel0 = b.parameter("s_rel0", "m", 0.0, "Unstretched spring length");
  Compliant e = define_compliant(b, translational());
  b.equation(e.flow - c * (e.rel - s_rel0), "Hooke's law");
  b.stored_energy(0.5 * c * pow(e.rel - s_rel0, 2));
}

}  // namespace acausal::translational_components
