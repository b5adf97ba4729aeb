#include "components/translational/spring_damper.hpp"

namespace acausal::translational_components {

std::string_view SpringDamper::details() const {
  return R"(`s_nominal` [m] is the nominal of `s_rel`, 1e-4 by default as in Modelica's
PartialCompliantWithRelativeStates (a stiff element deflects little next to 1 m). With one terminal
fixed `s_rel` is a state up to an offset (a mass on a stiff mount): its absolute tolerance scales with
`s_nominal`, and that of the speed state, its derivative, with the same number per second unless another
nominal reaches it (docs/netlist-format.md, "Nominals"). Between two moving bodies `s_rel` is computed
from both and scales neither. `s_nominal = 0` (anything below the machine epsilon) gives `s_rel` no
nominal; a netlist's `"nominal"` for `s_rel`, or for a quantity it equals, replaces it.)";
}

void SpringDamper::define(ComponentBuilder& b) const {
  Expr c = b.parameter("c", "N/m", 1.0, "Spring constant", positive());
  Expr d = b.parameter("d", "N*s/m", 1.0, "Damping constant", non_negative());
  Expr s_rel0 = b.parameter("s_rel0", "m", 0.0, "Unstretched spring length");
  Compliant e = define_compliant_with_relative_states(b, translational());
  b.equation(e.flow - (c * (e.rel - s_rel0) + d * e.rate), "spring and damper in parallel");
  b.stored_energy(0.5 * c * pow(e.rel - s_rel0, 2));
  define_heat_port(b, d * pow(e.rate, 2));
}

}  // namespace acausal::translational_components
