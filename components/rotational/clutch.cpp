#include "components/rotational/clutch.hpp"

#include "components/friction_modes.hpp"

namespace acausal::rotational_components {

std::string_view Clutch::details() const {
  return R"(A compliant two-flange element: phi_rel = phi_R − phi_C, w_rel = der(phi_rel),
a_rel = der(w_rel); the friction torque tau acts on R (R.tau = tau) and −tau on C, so tau > 0 slows
R down relative to C. The normal force is fn = fn_max·f_normalized (the input is not clipped).

- **free** (fn ≤ 0, disengaged): tau = 0.
- **slipping forward / backward** (w_rel > 0 / < 0): tau = cgeo·fn·μ(w_rel), or
  −cgeo·fn·μ(−w_rel), with μ from `mue_pos` (linear interpolation in w ≥ 0) or the constant `mue`.
- **stuck** (w_rel stays 0): tau is whatever keeps the flanges together, until |tau| would exceed
  tau0_max = peak·μ(0)·cgeo·fn; then it slips in that direction.

A slip that reverses passes through stuck unless |w_rel| > w_small when it happens (MSL's default
1e10 rad/s: always). The modes are MSL's PartialFriction's (`mode`: 2 free, 1 forward, 0 stuck,
−1 backward, and the Booleans free, startForward, startBackward, locked); while stuck the path
parameter `sa` is the torque, otherwise the relative acceleration plus or minus tau0_max. The
dissipated power is tau·w_rel.)";
}

void Clutch::define(ComponentBuilder& b) const {
  const Expr fn_max = b.parameter("fn_max", "N", 1.0, "Maximum normal force", non_negative());
  const Expr peak = b.parameter("peak", "1", 1.0, "Breakaway factor: tau0_max = peak·tau0", in_range(1.0, 1e300));
  const Expr cgeo = b.parameter("cgeo", "m", 1.0, "Geometry constant: torque per normal force and friction coefficient", non_negative());
  const double w_small = b.parameter_value("w_small", "rad/s", 1e10, "Relative speed below which a reversal passes through stuck", positive());
  const auto mue = friction_characteristic(b, {"mue_pos", "w", "rad/s", "mue", "1", "Friction coefficient over the sliding speed w ≥ 0",
                                                "mue", "1", 0.5, "Constant friction coefficient (without mue_pos)"});

  const Compliant e = define_compliant_with_relative_states(b, rotational());
  const Expr f_normalized = b.input("f_normalized", "1", "Normal force over fn_max (≤ 0: disengaged)");
  const Expr a_rel = b.variable("a_rel", "rad/s^2", "Relative acceleration der(w_rel)");
  const Expr fn = b.variable("fn", "N", "Normal force");
  b.equation(a_rel - der(e.rate), "relative acceleration");
  b.equation(fn - fn_max * f_normalized, "normal force");

  const Expr tau0 = mue(Expr(0.0)) * cgeo * fn;
  const FrictionInputs in{e.rate, a_rel, tau0, peak * tau0, fn <= Expr(0.0), w_small};
  const FrictionModes m = define_friction_modes(b, in);
  b.equation(e.flow - friction_force(m, cgeo * fn * mue(e.rate), -cgeo * fn * mue(-e.rate)), "friction torque");
  define_heat_port(b, e.flow * e.rate);
}

}  // namespace acausal::rotational_components
