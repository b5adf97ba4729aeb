#include "components/translational/brake.hpp"

#include "components/friction_modes.hpp"

namespace acausal::translational_components {

std::string_view Brake::details() const {
  return R"(Flanges C and R are rigidly joined (s = s_C = s_R relative to the housing, v = der(s)) and the
brake exerts the friction force f on them: f_C + f_R = f, the housing takes −f. The normal force is
fn = fn_max·f_normalized (the input is not clipped: 2 doubles the force).

- **free** (fn ≤ 0): f = 0.
- **sliding forward / backward**: f = cgeo·fn·μ(v), or −cgeo·fn·μ(−v), with μ from `mu_pos` (linear
  interpolation in v ≥ 0) or the constant `mu`.
- **stuck**: v stays 0 and f is whatever holds the flanges, until |f| would exceed f0_max =
  peak·μ(0)·cgeo·fn; then it slides in that direction.

A reversal of the speed passes through stuck (an event each) unless |v| > v_small when it happens.
The dissipated power is f·v; the brake stores nothing.)";
}

void Brake::define(ComponentBuilder& b) const {
  const Expr fn_max = b.parameter("fn_max", "N", 1.0, "Maximum normal force", non_negative());
  const Expr peak = b.parameter("peak", "1", 1.0, "Breakaway factor: f0_max = peak·f0", at_least(1.0));
  const Expr cgeo = b.parameter("cgeo", "1", 1.0, "Geometry constant of the friction distribution", non_negative());
  const double v_small = b.parameter_value("v_small", "m/s", 1e-3, "Speed below which a reversal passes through stuck", positive());
  const auto mu = friction_characteristic(b, {"mu_pos", "v", "m/s", "mu", "1", "Friction coefficient over the sliding speed v ≥ 0",
                                               "mu", "1", 0.5, "Constant friction coefficient (without mu_pos)"});

  Port C = b.port("C", translational(), "Flange C (Modelica flange_a)");
  Port R = b.port("R", translational(), "Flange R (Modelica flange_b), rigidly joined to C");
  const bool use_support = b.flag("use_support", false, "true: a support port takes the reaction; false: the housing is grounded");
  const Expr f_normalized = b.input("f_normalized", "1", "Normal force over fn_max");
  const Expr s = b.variable("s", "m", "Position of the flanges relative to the housing");
  const Expr v = b.variable("v", "m/s", "Speed of the flanges relative to the housing", {.priority = StatePriority::Prefer});
  const Expr a = b.variable("a", "m/s^2", "Acceleration of the flanges relative to the housing");
  const Expr f = b.variable("f", "N", "Friction force on the flanges (C and R together)");
  const Expr fn = b.variable("fn", "N", "Normal force");

  b.equation(R.potential() - C.potential(), "the flanges are rigidly joined");
  Expr housing = 0.0;
  if (use_support) {
    Port support = b.port("support", translational(), "Support (housing): takes the reaction");
    housing = support.potential();
    b.equation(support.flow() + f, "the support takes the reaction");
  }
  b.equation(s - (C.potential() - housing), "position relative to the housing");
  b.equation(v - der(s), "speed");
  b.equation(a - der(v), "acceleration");
  b.equation(C.flow() + R.flow() - f, "the friction force acts on both flanges together");
  b.equation(fn - fn_max * f_normalized, "normal force");

  const Expr f0 = mu(Expr(0.0)) * cgeo * fn;
  FrictionInputs in{v, a, f0, peak * f0, fn <= Expr(0.0), v_small};
  const FrictionModes m = define_friction_modes(b, in);
  b.equation(f - friction_force(m, cgeo * fn * mu(v), -cgeo * fn * mu(-v)), "friction force");
  define_heat_port(b, f * v);
}

}  // namespace acausal::translational_components
