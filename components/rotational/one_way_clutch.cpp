#include "components/rotational/one_way_clutch.hpp"

#include "components/friction_modes.hpp"

namespace acausal::rotational_components {

std::string_view OneWayClutch::details() const {
  return R"(A compliant two-flange element: phi_rel = phi_R − phi_C, w_rel = der(phi_rel),
a_rel = der(w_rel); the torque tau acts on R (R.tau = tau) and −tau on C, so tau > 0 slows R down
relative to C. The normal force is fn = fn_max·f_normalized while f_normalized > 0; with
f_normalized ≤ 0 the clutch is disengaged (`free`) and fn = 0. What it transmits:

- **freewheeling** (w_rel > 0, R overruns C): the clutch's friction torque only,
  tau = cgeo·fn·μ(w_rel) (μ from `mue_pos`, or the constant `mue`); nothing while disengaged.
- **locked** (reached when w_rel falls to 0; w_rel stays 0, tau is whatever keeps the flanges
  together): any torque that drives R backward relative to C (tau < 0), without limit — the
  freewheel — plus, the other way, up to tau0_max = peak2·μ(0)·cgeo·fn with
  peak2 = max(peak, 1 + 1e-4) (while disengaged tau0_max = 1e-4·μ(0)·cgeo·fn_max, so that a
  locked freewheel needs a small torque to release). When tau would exceed tau0_max it releases
  and R overruns C again, starting from the torque μ(0)·cgeo·fn.

There is no backward sliding: w_rel never goes below 0 (up to the event detection's accuracy).
Disengaging does not unlock the freewheel. The discrete variables are MSL's: `free`,
`startForward` (the event where overrunning starts), `locked`, `stuck` (locked, or w_rel ≤ 0);
in the locked state the path parameter `sa` is the torque, in the others sa − μ(0)·cgeo·fn is the
relative acceleration. The dissipated power is tau·w_rel.)";
}

void OneWayClutch::define(ComponentBuilder& b) const {
  const Expr fn_max = b.parameter("fn_max", "N", 1.0, "Maximum normal force", non_negative());
  const Expr peak = b.parameter("peak", "1", 1.0, "Breakaway factor: tau0_max = max(peak, 1 + 1e-4)·tau0", in_range(1.0, 1e300));
  const Expr cgeo = b.parameter("cgeo", "m", 1.0, "Geometry constant: torque per normal force and friction coefficient", non_negative());
  const double w_small = b.parameter_value("w_small", "rad/s", 1e10, "Relative speed above which a locked clutch releases at once", positive());
  const auto mue = friction_characteristic(b, {"mue_pos", "w", "rad/s", "mue", "1", "Friction coefficient over the sliding speed w ≥ 0",
                                                "mue", "1", 0.5, "Constant friction coefficient (without mue_pos)"});

  const Compliant e = define_compliant_with_relative_states(b, rotational());
  const Expr f_normalized = b.input("f_normalized", "1", "Normal force over fn_max (≤ 0: disengaged)");
  const Expr a_rel = b.variable("a_rel", "rad/s^2", "Relative acceleration der(w_rel)");
  const Expr fn = b.variable("fn", "N", "Normal force");
  const Expr sa = b.variable("sa", "", "Path parameter without a fixed unit: the torque while locked, else the relative acceleration plus tau0 (SI values)");
  const Expr free = b.boolean("free", "True while disengaged (f_normalized ≤ 0)");
  const Expr start_forward = b.boolean("startForward", "True at the event where R starts to overrun C");
  const Expr locked = b.boolean("locked", "True while locked (w_rel = 0)");
  const Expr stuck = b.boolean("stuck", "True while locked or w_rel ≤ 0");
  const Expr& w_rel = e.rate;

  // MSL's constants: eps0 = 1e-4 is the relative hysteresis of the breakaway.
  const double eps0 = 1e-4;
  const Expr mu0 = mue(Expr(0.0));
  const Expr tau0 = mu0 * cgeo * fn;  // friction torque at w_rel = 0 when overrunning starts
  const Expr tau0_max = if_else(free, eps0 * mu0 * cgeo * fn_max, max(peak, Expr(1.0 + eps0)) * tau0);

  b.discrete_equation(free, f_normalized <= Expr(0.0));
  // Overrunning starts from stuck when the torque needed to hold exceeds tau0_max (or, at the event
  // it started, the sliding torque tau0), or at the start if R already overruns C.
  b.discrete_equation(start_forward,
                      logical_or(logical_and(b.pre(stuck), logical_or(logical_or(sa > tau0_max, logical_and(b.pre(start_forward), sa > tau0)),
                                                                      w_rel > Expr(w_small))),
                                 logical_and(ComponentBuilder::initial(), w_rel > Expr(0.0))));
  b.discrete_equation(locked, logical_and(b.pre(stuck), logical_not(start_forward)));
  b.discrete_equation(stuck, logical_or(locked, w_rel <= Expr(0.0)));

  b.equation(a_rel - der(w_rel), "relative acceleration");
  b.equation(fn - if_else(free, Expr(0.0), fn_max * f_normalized), "normal force");
  b.equation(a_rel - if_else(locked, Expr(0.0), sa - tau0), "the acceleration on the path sa (0 locked)");
  b.equation(e.flow - if_else(locked, sa, if_else(free, Expr(0.0), cgeo * fn * mue(w_rel))), "friction torque");
  define_heat_port(b, e.flow * w_rel);
}

}  // namespace acausal::rotational_components
