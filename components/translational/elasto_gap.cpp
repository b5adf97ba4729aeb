#include "components/translational/elasto_gap.hpp"

#include <cmath>
#include <optional>
#include <string>

namespace acausal::translational_components {

std::string_view ElastoGap::details() const {
  return R"(MSL 4.0.0's ElastoGap with flange_a = C and flange_b = R: s_rel = s_R − s_C, v_rel =
der(s_rel); the force f enters at R and leaves at C (R.f = f, C.f = −f), so a pushing contact has
f < 0. Contact is the Boolean `contact` = s_rel < s_rel0, a discrete variable set at the events
where s_rel crosses s_rel0 (a column of the results). In contact

    f_c = −c·|s_rel − s_rel0|ⁿ                      (spring; n = 1.5: Hertz, two metal spheres)
    f_d = d·v_rel clamped to [f_c, −f_c]            (damper, |f_d| ≤ |f_c|)
    f   = f_c + f_d

and f = 0 out of contact. The clamp keeps the force pushing (it never pulls: where d·v_rel > −f_c
the force is 0 while the surfaces still overlap) and continuous where contact starts (f_c = 0
there, so the damping is 0 too: a hard impact starts with f = 2·f_c until d·|v_rel| < |f_c|).

Energy: stored c·|s_rel − s_rel0|ⁿ⁺¹/(n + 1) in contact (the exact integral of −f_c), 0 out of
contact; loss power f_d·v_rel ≥ 0 (MSL's lossPower), which closes the balance in every branch.

Events: contact, and where d·v_rel crosses ±c·|s_rel − s_rel0|ⁿ (the clamp; MSL evaluates it with
noEvent, acausal has none: the force is continuous there and the events only restart the
integrator; they also occur out of contact, where they change nothing).

The unit of c is N/mⁿ; it is written N/m whatever n is (a netlist gives c as a number in SI, or in
N/m when n = 1). `s_nominal` [m] is the nominal of `s_rel`, 1e-4 by default as in Modelica's
PartialCompliantWithRelativeStates (see translational.SpringDamper).)";
}

void ElastoGap::define(ComponentBuilder& b) const {
  Expr c = b.parameter("c", "N/m", 1.0, "Spring constant (N/m^n)", non_negative());
  Expr d = b.parameter("d", "N*s/m", 1.0, "Damping constant", non_negative());
  Expr s_rel0 = b.parameter("s_rel0", "m", 0.0, "Unstretched spring length");
  Expr n = b.parameter("n", "1", 1.0, "Exponent of spring force (f_c = -c*|s_rel - s_rel0|^n)",
                       [](double v) -> std::optional<std::string> {
                         if (v >= 1.0) return std::nullopt;
                         return "must be at least 1";
                       });
  Compliant e = define_compliant_with_relative_states(b, translational());
  const Expr& v_rel = e.rate;

  Expr contact = b.boolean("contact", "True while in contact (s_rel < s_rel0)");
  b.discrete_equation(contact, e.rel < s_rel0);
  // The contact branch is evaluated a little past the event that leaves it, until the crossing is
  // located (between events branches are held: a held abs() would return −δ there), so the spring
  // law must be defined for a small negative penetration δ. An integer n (the untraced constants
  // 1, 2, …) is δⁿ itself; another is the odd continuation sign(δ)·|δ|ⁿ = δ·(δ²)^((n−1)/2), which
  // has no switch (its slope is 0·∞ at δ = 0 exactly, a point the contact branch does not reach:
  // contact is δ > 0). The stored energy is its exact antiderivative in both forms, past the
  // event too, so that the power audit holds wherever the branch is evaluated.
  Expr delta = s_rel0 - e.rel;  // penetration, > 0 in contact
  const bool integer_n = n.is_constant() && !n.coef().traced() && n.constant_value() == std::floor(n.constant_value());
  Expr f_c = integer_n ? -c * pow(delta, n) : -c * delta * pow(delta * delta, 0.5 * (n - 1.0));  // ≤ 0
  Expr stored = integer_n ? c * pow(delta, n + 1.0) / (n + 1.0) : c * pow(delta * delta, 0.5 * (n + 1.0)) / (n + 1.0);
  Expr f_d2 = d * v_rel;                // the linear damping force
  Expr f_d = if_else(f_d2 < f_c, f_c, if_else(f_d2 > -f_c, -f_c, f_d2));  // |f_d| ≤ |f_c|
  b.equation(e.flow - if_else(contact, f_c + f_d, 0.0), "contact force: spring and limited damper, pushing only");
  b.stored_energy(if_else(contact, stored, 0.0));
  define_heat_port(b, if_else(contact, f_d * v_rel, 0.0));
}

}  // namespace acausal::translational_components
