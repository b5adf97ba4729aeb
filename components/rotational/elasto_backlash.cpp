#include "components/rotational/elasto_backlash.hpp"

#include "components/rotational/backlash_law.hpp"

namespace acausal::rotational_components {

std::string_view ElastoBacklash::details() const {
  return R"(MSL 4.0.0's ElastoBacklash with flange_a = C and flange_b = R: phi_rel = phi_R − phi_C,
w_rel = der(phi_rel); the torque tau enters at R and leaves at C (R.tau = tau, C.tau = −tau). With
phi_diff = phi_rel − phi_rel0:

- |phi_diff| ≤ b/2, inside the backlash: tau = 0 (exactly);
- phi_diff > b/2: tau_c = c·(phi_diff − b/2), tau_d = d·w_rel; tau = 0 where tau_c + tau_d ≤ 0 (the
  contact would pull), else tau = tau_c + min(tau_c, tau_d);
- phi_diff < −b/2: tau_c = c·(phi_diff + b/2); tau = 0 where tau_c + tau_d ≥ 0, else
  tau = tau_c + max(tau_c, tau_d);
- b ≤ 1e-10 rad: a spring and damper in parallel, tau = c·phi_diff + d·w_rel.

Capping the damping by the spring torque makes it zero where contact starts, so the torque is
continuous there (rotational.ElastoBacklash2 lets it jump by d·w_rel).

Energy: stored ½·c·(phi_diff ∓ b/2)² in contact, 0 inside the backlash; loss power
(tau − tau_c)·w_rel ≥ 0 — the damping that acts times w_rel while the contact pushes, and
tau_c·|w_rel| where it would pull (the spring is deflected but transmits nothing, and its energy is
lost; MSL's lossPower is 0 there, so its heat does not balance).

Events: entering and leaving contact, and where tau_c + tau_d and tau_c − tau_d change sign. MSL
evaluates the last two with noEvent; acausal has no noEvent, and the torque is continuous there, so
these events only restart the integrator.

Not as MSL: MSL replaces the characteristic during the initialization by a strictly increasing one
(c/3·phi_diff for |phi_diff| ≤ 1.5·b/2), so that an initialization that has to invert it (a
prescribed torque at rest) is not singular. acausal's initialization solves the law above (initial()
is 0 in the continuous equations while it solves), so such an initialization is singular inside the
backlash; one from positions and speeds is not affected.

`phi_nominal` [rad] is the nominal of `phi_rel`, 1e-4 by default as in Modelica's
PartialCompliantWithRelativeStates (see rotational.SpringDamper).)";
}

void ElastoBacklash::define(ComponentBuilder& b) const {
  define_elasto_backlash(b, BacklashDamping::LimitedBySpring);
}

}  // namespace acausal::rotational_components
