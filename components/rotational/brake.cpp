#include "components/rotational/brake.hpp"

#include "components/friction_modes.hpp"

namespace acausal::rotational_components {

std::string_view Brake::details() const {
  return R"(Flanges C and R are rigidly joined (phi = phi_C = phi_R relative to the housing, w = der(phi))
and the brake exerts the friction torque tau on them: tau_C + tau_R = tau, the housing takes −tau.
The normal force is fn = fn_max·f_normalized (the input is not clipped).

- **free** (fn ≤ 0): tau = 0.
- **sliding forward / backward**: tau = cgeo·fn·μ(w), or −cgeo·fn·μ(−w), with μ from `mue_pos`
  (linear interpolation in w ≥ 0) or the constant `mue`.
- **stuck**: w stays 0 and tau is whatever holds the flanges, until |tau| would exceed tau0_max =
  peak·μ(0)·cgeo·fn; then it slides in that direction.

A reversal of the speed passes through stuck unless |w| > w_small when it happens (MSL's default
1e10 rad/s: always). The dissipated power is tau·w; the brake stores nothing.)";
}

void Brake::define(ComponentBuilder& b) const {
  const Expr fn_max = b.parameter("fn_max", "N", 1.0, "Maximum normal force", non_negative());
  const Expr peak = b.parameter("peak", "1", 1.0, "Breakaway factor: tau0_max = peak·tau0", at_least(1.0));
  const Expr cgeo = b.parameter("cgeo", "m", 1.0, "Geometry constant: torque per normal force and friction coefficient", non_negative());
  const double w_small = b.parameter_value("w_small", "rad/s", 1e10, "Speed below which a reversal passes through stuck", positive());
  const auto mue = friction_characteristic(b, {"mue_pos", "w", "rad/s", "mue", "1", "Friction coefficient over the sliding speed w ≥ 0",
                                                "mue", "1", 0.5, "Constant friction coefficient (without mue_pos)"});

  Port C = b.port("C", rotational(), "Flange C (Modelica flange_a)");
  Port R = b.port("R", rotational(), "Flange R (Modelica flange_b), rigidly joined to C");
  const bool use_support = b.flag("use_support", false, "true: a support port takes the reaction; false: the housing is grounded");
  const Expr f_normalized = b.input("f_normalized", "1", "Normal force over fn_max");
  const Expr phi = b.variable("phi", "rad", "Angle of the flanges relative to the housing");
  const Expr w = b.variable("w", "rad/s", "Speed of the flanges relative to the housing", {.priority = StatePriority::Prefer});
  const Expr a = b.variable("a", "rad/s^2", "Acceleration of the flanges relative to the housing");
  const Expr tau = b.variable("tau", "N*m", "Friction torque on the flanges (C and R together)");
  const Expr fn = b.variable("fn", "N", "Normal force");

  b.equation(R.potential() - C.potential(), "the flanges are rigidly joined");
  Expr housing = 0.0;
  if (use_support) {
    Port support = b.port("support", rotational(), "Support (housing): takes the reaction");
    housing = support.potential();
    b.equation(support.flow() + tau, "the support takes the reaction");
  }
  b.equation(phi - (C.potential() - housing), "angle relative to the housing");
  b.equation(w - der(phi), "speed");
  b.equation(a - der(w), "acceleration");
  b.equation(C.flow() + R.flow() - tau, "the friction torque acts on both flanges together");
  b.equation(fn - fn_max * f_normalized, "normal force");

  const Expr tau0 = mue(Expr(0.0)) * cgeo * fn;
  FrictionInputs in{w, a, tau0, peak * tau0, fn <= Expr(0.0), w_small};
  const FrictionModes m = define_friction_modes(b, in);
  b.equation(tau - friction_force(m, cgeo * fn * mue(w), -cgeo * fn * mue(-w)), "friction torque");
  define_heat_port(b, tau * w);
}

}  // namespace acausal::rotational_components
