#include "components/rotational/nonlinear_damper.hpp"

#include "components/rotational/nonlinear_law.hpp"

namespace acausal::rotational_components {

std::string_view NonlinearDamper::details() const {
  return R"(The torque T depends on the relative speed ω = w_rel = ωR − ωC and enters at R:
tau_R = T, tau_C = −T (positive ω, positive T: the damper opposes the motion).

`parameterization` selects the law (only that parameterization's parameters may be given):

- `"symmetric"` (default): T = b1·ω + sign(ω)·b2·ω² + b3·ω³ + sign(ω)·b4·ω⁴ + b5·ω⁵ with
  `b` = [b1, …, b5], bᵢ in N·m/(rad/s)ⁱ. An odd polynomial (b2 = b4 = 0) has no events.
- `"two_sided"`: T = b1p·ω + … + b5p·ω⁵ for ω ≥ 0 (`b_positive`) and T = b1n·ω + b2n·ω² + … +
  b5n·ω⁵ for ω < 0 (`b_negative`), as seed 003 writes it: unlike the spring's compression form the
  signs do not alternate, so a dissipative even term needs b2n, b4n ≤ 0 (`check` notes positive ones).
- `"table"`: `table` = { "w": [...] (rad/s), "torque": [...] (N·m) }, the point (0, 0) added when
  there is no ω = 0; `interpolation` and `extrapolation` as for `rotational.NonlinearSpring`.

Loss power T·ω (negative where a law pushes along the motion: the ledger shows the power it
generates). No stored energy.)";
}

void NonlinearDamper::define(ComponentBuilder& b) const {
  Compliant e = define_compliant(b, rotational());
  const NonlinearLaw law = define_nonlinear_law(
      b, {"w", "rad/s", "(rad/s)", "b", "b_positive", "b_negative", "damping", false, {100.0, 0.0, 0.0, 0.0, 0.0}},
      e.rate);
  b.equation(e.flow - law.torque, "damping torque");
  define_heat_port(b, e.flow * e.rate);
}

}  // namespace acausal::rotational_components
