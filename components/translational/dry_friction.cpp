#include "components/translational/dry_friction.hpp"

#include "components/friction_modes.hpp"

#include <sstream>

namespace acausal::translational_components {

std::string_view DryFriction::details() const {
  return R"(The force f acts between the flanges (f_R = f, f_C = −f; s_rel = s_R − s_C, v_rel = der(s_rel)).
Stuck (v_rel = 0), f is whatever holds the flanges together, up to f_stick in either direction; beyond
it the flanges slip, and while they slip f = f_slide·sign(v_rel) opposes the relative motion. When
v_rel comes back to zero they stick again unless the force exceeds f_stick at once (a reversal passes
through stuck unless faster than v_small; MSL's friction modes, `mode`, `locked`, …). The dissipated
power is f·v_rel; the element stores nothing.)";
}

void DryFriction::define(ComponentBuilder& b) const {
  const double f_slide = b.parameter_value("f_slide", "N", 1.0, "Sliding (Coulomb) friction force", non_negative());
  const double f_stick =
      b.parameter_value("f_stick", "N", f_slide, "Sticking (breakaway) force, at least f_slide", non_negative());
  if (f_stick < f_slide) {
    std::ostringstream os;
    os << "f_stick must be at least f_slide (" << f_slide << "), got " << f_stick;
    b.fail("f_stick", os.str());
  }
  const double v_small = b.parameter_value("v_small", "m/s", 1e-3, "Speed below which a reversal passes through stuck", positive());
  Compliant e = define_compliant(b, translational());
  const Expr a_rel = b.variable("a_rel", "m/s^2", "Relative acceleration");
  b.equation(a_rel - der(e.rate), "relative acceleration");
  const FrictionModes m = define_friction_modes(b, {e.rate, a_rel, Expr(f_slide), Expr(f_stick), Expr(0.0), v_small});
  b.equation(e.flow - friction_force(m, Expr(f_slide), Expr(-f_slide)), "dry friction");
  define_heat_port(b, e.flow * e.rate);
}

}  // namespace acausal::translational_components
