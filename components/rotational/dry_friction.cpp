#include "components/rotational/dry_friction.hpp"

#include "components/friction_modes.hpp"

#include <sstream>

namespace acausal::rotational_components {

std::string_view DryFriction::details() const {
  return R"(The torque tau acts between the flanges (tau_R = tau, tau_C = −tau; phi_rel = phi_R − phi_C,
w_rel = der(phi_rel)). Stuck (w_rel = 0), tau is whatever holds the flanges together, up to
tau_stick in either direction; beyond it the flanges slip, and while they slip tau = tau_slide·sign(w_rel)
opposes the relative motion. When w_rel comes back to zero they stick again unless the torque exceeds
tau_stick at once (a reversal passes through stuck; MSL's friction modes, `mode`, `locked`, …).
The dissipated power is tau·w_rel; the element stores nothing.)";
}

void DryFriction::define(ComponentBuilder& b) const {
  const double tau_slide = b.parameter_value("tau_slide", "N*m", 1.0, "Sliding (Coulomb) friction torque", non_negative());
  const double tau_stick =
      b.parameter_value("tau_stick", "N*m", tau_slide, "Sticking (breakaway) torque, at least tau_slide", non_negative());
  if (tau_stick < tau_slide) {
    std::ostringstream os;
    os << "tau_stick must be at least tau_slide (" << tau_slide << "), got " << tau_stick;
    b.fail("tau_stick", os.str());
  }
  const double w_small = b.parameter_value("w_small", "rad/s", 1e10, "Speed below which a reversal passes through stuck", positive());
  Compliant e = define_compliant(b, rotational());
  const Expr a_rel = b.variable("a_rel", "rad/s^2", "Relative angular acceleration");
  b.equation(a_rel - der(e.rate), "relative acceleration");
  const FrictionModes m = define_friction_modes(b, {e.rate, a_rel, Expr(tau_slide), Expr(tau_stick), Expr(0.0), w_small});
  b.equation(e.flow - friction_force(m, Expr(tau_slide), Expr(-tau_slide)), "dry friction");
  define_heat_port(b, e.flow * e.rate);
}

}  // namespace acausal::rotational_components
