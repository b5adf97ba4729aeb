#include "components/multibody/spring_damper_parallel.hpp"

#include "components/multibody/line_force.hpp"

namespace acausal::multibody_components {

std::string_view SpringDamperParallel::details() const {
  return R"(A spring and a damper side by side along the line between the origins of frame_a and frame_b.
With s = |r_rel| the distance between the origins and der(s) = r_rel·v_rel/s its rate, the tension

    f = c·(s − s_unstretched) + d·der(s)

pulls the origins together (f > 0) or pushes them apart; the force on frame_b's body is
−f·r_rel/s, on frame_a's body the opposite. No torque. Where the origins meet (s < 1e-9 m, an
event) the force is zero. Stored energy ½·c·(s − s_unstretched)², loss power d·der(s)². With
d = 0 the element does not declare v_rel (a spring at a massless junction then stays index 1).

Optional point mass `m` at `length_fraction` along the line, as in `multibody.Spring`; and
`fixed_rotation_at_frame_a` / `_b` as for every line force.)";
}

void SpringDamperParallel::declare_frames(FrameDeclaration& d) const { declare_line_force_frames(d); }

void SpringDamperParallel::define(ComponentBuilder& b) const {
  const double c = b.parameter_value("c", "N/m", 1.0, "Spring constant", non_negative());
  const double s0 = b.parameter_value("s_unstretched", "m", 0.0, "Unstretched length", non_negative());
  const double d = b.parameter_value("d", "N*s/m", 0.0, "Damping constant", non_negative());
  const bool damped = d != 0.0 || b.mode() == ComponentBuilder::Mode::Describe;
  LineForce line = define_line_force(b, damped);
  read_point_mass(b, line);
  const Expr apart = origins_apart(line);
  const Expr L = separation(line);
  const Expr length = b.variable("s", "m", "Distance between the origins");
  b.equation(length - L, "distance");
  const Expr rate = damped ? if_else(apart, line.r.dot(line.v) / L, 0.0) : Expr(0.0);  // der(s)
  const Expr tension = b.variable("f", "N", "Spring and damper force (tension positive)");
  b.equation(tension - (c * (L - s0) + d * rate), "spring and damper in parallel");
  Vec3 F;  // on body B: toward A under tension; no direction where the origins meet
  for (Eigen::Index i = 0; i < 3; ++i) F(i) = if_else(apart, -tension * line.r(i) / L, 0.0);
  apply_line_force(b, line, F);
  b.stored_energy(0.5 * c * pow(L - s0, 2));
  define_heat_port(b, d * rate * rate);
}

}  // namespace acausal::multibody_components
