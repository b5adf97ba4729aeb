#include "components/rotational/nonlinear_spring.hpp"

#include "components/rotational/nonlinear_law.hpp"

namespace acausal::rotational_components {

std::string_view NonlinearSpring::details() const {
  return R"(The deflection is measured from the start: θ = θinit + (φR − φR(t0)) − (φC − φC(t0)), so
θ(t0) = `theta_init` whatever angles the flanges start at (`phi_rel_start` is φR − φC at the start
time, a parameter fixed by the initialization). The torque T enters at R: tau_R = T, tau_C = −T.

`parameterization` selects the law (only that parameterization's parameters may be given):

- `"symmetric"` (default): T = k1·θ + sign(θ)·k2·θ² + k3·θ³ + sign(θ)·k4·θ⁴ + k5·θ⁵ with
  `k` = [k1, …, k5], kᵢ in N·m/radⁱ. Zero coefficients drop out; an odd polynomial (k2 = k4 = 0)
  has no sign() and so no events (`check` notes the others).
- `"two_sided"`: T = k1t·θ + k2t·θ² + k3t·θ³ + k4t·θ⁴ + k5t·θ⁵ for θ ≥ 0 (`k_tension`) and
  T = k1c·θ − k2c·θ² + k3c·θ³ − k4c·θ⁴ + k5c·θ⁵ for θ < 0 (`k_compression`): one event where θ
  crosses 0.
- `"table"`: `table` = { "theta": [...] (rad), "torque": [...] (N·m) }, at least two points,
  θ strictly increasing, the point (0, 0) added when there is no θ = 0. `interpolation`
  `"linear"` (default) or `"smooth"` (monotone cubic, continuous slope); `extrapolation`
  `"linear"` (default: continue the end slope) or `"nearest"` (hold the end torque). Events only
  at breakpoints where the slope jumps.

Stored energy E = ∫₀^θ T dθ, exact for every parameterization (term by term with the sign
factors; a table piece by piece, cubic pieces and extrapolation included), so the energy audit
holds to rounding. E is zero at θ = 0, not at θinit.)";
}

void NonlinearSpring::define(ComponentBuilder& b) const {
  Compliant e = define_compliant(b, rotational());
  const Expr theta = b.variable("theta", "rad", "Spring deflection θ = θinit + (φR − φR(t0)) − (φC − φC(t0))");
  const NonlinearLaw law = define_nonlinear_law(
      b, {"theta", "rad", "rad", "k", "k_tension", "k_compression", "spring", true, {1.0e4, 0.0, 0.0, 0.0, 0.0}},
      theta);
  const Expr theta_init = b.parameter("theta_init", "rad", 0.0, "Deflection at the start time");
  const Expr start = b.initial_parameter("phi_rel_start", "rad", "phi_rel at the start time", e.rel);
  b.equation(theta - (theta_init + e.rel - start), "deflection counted from the start");
  b.equation(e.flow - law.torque, "spring torque");
  b.stored_energy(law.integral);
}

}  // namespace acausal::rotational_components
