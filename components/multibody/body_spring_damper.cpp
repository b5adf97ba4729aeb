#include "components/multibody/body_spring_damper.hpp"

#include "components/multibody/line_force.hpp"

namespace acausal::multibody_components {

std::string_view BodySpringDamper::details() const {
  return R"(r = r_rel = r_0 of frame_b − r_0 of frame_a and v = v_rel = der(r) (world coordinates). The
force that body A exerts on body B (and B on A, −F) acts along the line between the origins:

    F = −k·(|r| − r0)·r/|r| − b·(v·r)·r/|r|²

so the damper is a dashpot along r: a relative velocity across the line is not damped. `k`
[N/m] (> 0 for a stable spring), `r0` [m] the natural length (≥ 0), `b` [N·s/m] (≥ 0
dissipates; a negative b pumps energy in, and the energy account shows it as a negative loss).
Defaults 0. No torque, no degrees of freedom; the element does not orient its frames (they
belong to bodies or joints).

Singular cases, as seed 000 says: where the origins meet (|r| < 1e-9 m, an event) the direction
r/|r| is replaced by v/|v|, so F = −k·(0 − r0)·v/|v| − b·|v|·v/|v|; if they meet at rest with
r0 ≠ 0 the direction is undefined and the run stops with an error naming the element and the
time (exit code 3, the rows so far on disk).

Stored energy ½·k·(|r| − r0)², loss power b·(v·r)²/|r|².)";
}

void BodySpringDamper::declare_frames(FrameDeclaration& d) const { declare_line_force_frames(d); }

void BodySpringDamper::define(ComponentBuilder& b) const {
  const double k = b.parameter_value("k", "N/m", 0.0, "Spring constant");
  const double damping = b.parameter_value("b", "N*s/m", 0.0, "Damping constant (negative: energy pumping)");
  const double r0 = b.parameter_value("r0", "m", 0.0, "Natural length of the spring", non_negative());
  const LineForce line = define_line_force(b, true);  // the dashpot, and the direction where the origins meet
  const Expr apart = origins_apart(line);
  const Expr length = separation(line);
  // The direction along which the element acts: r/|r|, or v/|v| where the origins meet.
  const Expr speed = sqrt(line.v.dot(line.v));
  Vec3 direction;
  for (Eigen::Index i = 0; i < 3; ++i) direction(i) = if_else(apart, line.r(i) / length, line.v(i) / speed);
  const Expr along = line.v.dot(direction);  // rate of separation
  const Vec3 F = (-k * (length - r0) - damping * along) * direction;
  const Vec3 F_var = vector_variable(b, "F", "N", "Force of body A on body B, world coordinates");
  equal(b, F_var, F, "spring and damper force");
  apply_line_force(b, line, F_var);
  const Expr length_var = b.variable("length", "m", "Distance |r| between the origins");
  b.equation(length_var - length, "distance");
  if (r0 != 0.0 && b.mode() == ComponentBuilder::Mode::Instance)
    b.assertion(if_else(apart, 1.0, line.v.dot(line.v) - 1e-24),
                "the origins of frame_a and frame_b meet at rest while r0 = " + std::to_string(r0) +
                    " m: the direction of the spring force is undefined");
  b.stored_energy(0.5 * k * pow(length - r0, 2));
  define_heat_port(b, damping * along * along);
}

}  // namespace acausal::multibody_components
