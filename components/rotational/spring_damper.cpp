#include "components/rotational/spring_damper.hpp"

namespace acausal::rotational_components {

std::string_view SpringDamper::details() const {
  return R"(`phi_nominal` [rad] is the nominal of `phi_rel`, 1e-4 by default as in Modelica's
PartialCompliantWithRelativeStates (a stiff element deflects little next to 1 rad). With one terminal
fixed `phi_rel` is a state up to an offset (a housing on a stiff mount): its absolute tolerance scales with
`phi_nominal`, and that of the speed state, its derivative, with the same number per second unless another
nominal reaches it (docs/netlist-format.md, "Nominals"). Between two moving bodies `phi_rel` is computed
from both and scales neither. `phi_nominal = 0` (anything below the machine epsilon) gives `phi_rel` no
nominal; a netlist's `"nominal"` for `phi_rel`, or for a quantity it equals, replaces it.)";
}

void SpringDamper::define(ComponentBuilder& b) const {
  Expr c = b.parameter("c", "N*m/rad", 1.0e5, "Spring constant", positive());
  Expr d = b.parameter("d", "N*m*s/rad", 0.0, "Damping constant", non_negative());
  Expr phi_rel0 = b.parameter("phi_rel0", "rad", 0.0, "Unstretched spring angle");
  Compliant e = define_compliant_with_relative_states(b, rotational());
  b.equation(e.flow - (c * (e.rel - phi_rel0) + d * e.rate), "spring and damper in parallel");
  b.stored_energy(0.5 * c * pow(e.rel - phi_rel0, 2));
  define_heat_port(b, d * pow(e.rate, 2));
}

}  // namespace acausal::rotational_components
