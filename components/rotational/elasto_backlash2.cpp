#include "components/rotational/elasto_backlash2.hpp"

#include "components/rotational/backlash_law.hpp"

namespace acausal::rotational_components {

std::string_view ElastoBacklash2::details() const {
  return R"(MSL 4.0.0's ElastoBacklash2 with flange_a = C and flange_b = R: phi_rel = phi_R − phi_C,
w_rel = der(phi_rel); the torque tau enters at R and leaves at C (R.tau = tau, C.tau = −tau). With
phi_diff = phi_rel − phi_rel0:

- |phi_diff| ≤ b/2, inside the backlash: tau = 0 (exactly);
- phi_diff > b/2: tau_c = c·(phi_diff − b/2), tau_d = d·w_rel; tau = 0 where tau_c + tau_d ≤ 0 (the
  contact would pull), else tau = tau_c + tau_d;
- phi_diff < −b/2: tau_c = c·(phi_diff + b/2); tau = 0 where tau_c + tau_d ≥ 0, else
  tau = tau_c + tau_d;
- b ≤ 1e-10 rad: a spring and damper in parallel, tau = c·phi_diff + d·w_rel.

Unlike rotational.ElastoBacklash the damping is not capped by the spring torque: where contact
starts with w_rel ≠ 0 the torque jumps from 0 to d·w_rel, and it damps harder for the same d. As in
MSL 4.0.0 every relation is an event (MSL's ElastoBacklash2 has no noEvent): entering and leaving
contact, and where tau_c + tau_d changes sign (the contact releases, the torque drops to 0
continuously).

Energy: stored ½·c·(phi_diff ∓ b/2)² in contact, 0 inside the backlash; loss power
(tau − tau_c)·w_rel ≥ 0 — d·w_rel² while the contact pushes, and tau_c·|w_rel| where it would pull
(the spring is deflected but transmits nothing, and its energy is lost; MSL's lossPower is 0 there,
so its heat does not balance).

Not as MSL: MSL replaces the characteristic during the initialization by a strictly increasing one
(c/3·phi_diff for |phi_diff| ≤ 1.5·b/2); acausal's initialization solves the law above (see
rotational.ElastoBacklash). `phi_nominal` [rad] as rotational.SpringDamper.)";
}

void ElastoBacklash2::define(ComponentBuilder& b) const {
  define_elasto_backlash(b, BacklashDamping::Unlimited);
}

}  // namespace acausal::rotational_components
