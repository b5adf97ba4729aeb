#include "components/rotational/backlash_law.hpp"

namespace acausal::rotational_components {

namespace {

/// MSL's minimum backlash: below it the element is a plain spring and damper in parallel (a
/// backlash of zero width would switch contact sides at every crossing of phi_rel0).
constexpr double kMinimumBacklash = 1e-10;  // [rad], MSL's bEps

}  // namespace

void define_elasto_backlash(ComponentBuilder& b, BacklashDamping damping) {
  Expr c = b.parameter("c", "N*m/rad", 1.0e5, "Spring constant (c > 0 required)", positive());
  Expr d = b.parameter("d", "N*m*s/rad", 0.0, "Damping constant", non_negative());
  Expr gap = b.parameter("b", "rad", 0.0, "Total backlash", non_negative());
  Expr phi_rel0 = b.parameter("phi_rel0", "rad", 0.0, "Unstretched spring angle");
  Compliant e = define_compliant_with_relative_states(b, rotational());
  const Expr& w_rel = e.rate;

  // The backlash range is bMin ≤ phi_diff ≤ bMax around phi_rel0; contact above bMax (R turned
  // ahead of C: the element pulls R back) or below bMin (it pushes R forward).
  Expr phi_diff = e.rel - phi_rel0;
  Expr b_max = 0.5 * gap, b_min = -0.5 * gap;
  Expr tau_d = d * w_rel;
  // The spring torque in each contact, measured from the edge of the backlash where it is zero.
  Expr tau_c_above = c * (phi_diff - b_max), tau_c_below = c * (phi_diff - b_min);
  // The damping torque that acts: ElastoBacklash caps it by the spring torque when it pushes
  // (min above, max below), so it is zero where contact starts and the torque rises continuously;
  // ElastoBacklash2 takes d·w_rel as it is.
  const bool limited = damping == BacklashDamping::LimitedBySpring;
  Expr damping_above = limited ? min(tau_c_above, tau_d) : tau_d;
  Expr damping_below = limited ? max(tau_c_below, tau_d) : tau_d;
  // Where spring and damper together would pull (stick) the contact torque is zero instead: the
  // flanges separate while the spring is still deflected.
  Expr sticks_above = tau_c_above + tau_d <= 0.0, sticks_below = tau_c_below + tau_d >= 0.0;
  Expr tau_above = if_else(sticks_above, 0.0, tau_c_above + damping_above);
  Expr tau_below = if_else(sticks_below, 0.0, tau_c_below + damping_below);

  Expr no_backlash = gap <= kMinimumBacklash;
  Expr above = phi_diff > b_max, below = phi_diff < b_min;
  b.equation(e.flow - if_else(no_backlash, c * phi_diff + tau_d,
                              if_else(above, tau_above, if_else(below, tau_below, 0.0))),
             "backlash in series with a spring and damper in parallel");

  // Stored: the spring's energy, from the edge of the backlash where contact starts (exact for
  // the linear spring). Lost: the rest of the port power, (tau − tau_c)·w_rel, which is the damping
  // torque that acts times w_rel while the contact pushes; where it would stick (tau = 0 with
  // the spring deflected) the spring's energy drains at tau_c·|w_rel| and is lost (MSL's
  // lossPower books 0 there, which does not close the balance). Both are ≥ 0 in every branch.
  b.stored_energy(if_else(no_backlash, 0.5 * c * pow(phi_diff, 2),
                          if_else(above, 0.5 * c * pow(phi_diff - b_max, 2),
                                  if_else(below, 0.5 * c * pow(phi_diff - b_min, 2), 0.0))));
  Expr loss_above = if_else(sticks_above, -tau_c_above * w_rel, damping_above * w_rel);
  Expr loss_below = if_else(sticks_below, -tau_c_below * w_rel, damping_below * w_rel);
  define_heat_port(b, if_else(no_backlash, d * pow(w_rel, 2), if_else(above, loss_above, if_else(below, loss_below, 0.0))));
}

}  // namespace acausal::rotational_components
