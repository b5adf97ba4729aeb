#include "components/multibody/line_spring.hpp"

#include "components/multibody/line_force.hpp"

namespace acausal::multibody_components {

std::string_view LineSpring::details() const {
  return R"(A spring along the line between the origins of frame_a and frame_b (Modelica's
MultiBody.Forces.Spring). With L = |r_rel| the distance between the origins, the tension

    f = c·(L − s_unstretched)

pulls the two origins together (f > 0) or pushes them apart (f < 0); the force on frame_b's body
is −f·r_rel/L, the force on frame_a's body the opposite. No torque. Where the origins meet
(L < 1e-9 m, an event) the direction is undefined and the force is zero. Stored energy
½·c·(L − s_unstretched)².

Optional point mass (Modelica's LineForceWithMass): `m` > 0 puts a point mass on the line at
`length_fraction` of the way from frame_a (0) to frame_b (1), r_CM_0 = r_0,a + length_fraction·r_rel.
Its inertia and weight, m·(der(v_CM_0) − g), load frame_a with the share (1 − length_fraction) and
frame_b with the share length_fraction; it stores its kinetic energy ½·m·|v_CM_0|² and its
potential energy in the World's gravity. With m = 0 (the default) these equations are absent.

`fixed_rotation_at_frame_a` / `_b`: that frame keeps the world's orientation (a root of the
orientation graph), for a frame nothing else orients, such as a massless junction of springs.)";
}

void LineSpring::declare_frames(FrameDeclaration& d) const { declare_line_force_frames(d); }

void LineSpring::define(ComponentBuilder& b) const {
  const double c = b.parameter_value("c", "N/m", 1.0, "Spring constant", non_negative());
  const double s0 = b.parameter_value("s_unstretched", "m", 0.0, "Unstretched length", non_negative());
  LineForce line = define_line_force(b, false);
  read_point_mass(b, line);
  const Expr apart = origins_apart(line);
  const Expr L = separation(line);
  const Expr length = b.variable("s", "m", "Distance between the origins");
  b.equation(length - L, "distance");
  const Expr tension = b.variable("f", "N", "Spring force (tension positive)");
  b.equation(tension - c * (L - s0), "Hooke's law");
  Vec3 F;  // on body B: toward A under tension; no direction where the origins meet
  for (Eigen::Index i = 0; i < 3; ++i) F(i) = if_else(apart, -tension * line.r(i) / L, 0.0);
  apply_line_force(b, line, F);
  b.stored_energy(0.5 * c * pow(L - s0, 2));
}

}  // namespace acausal::multibody_components
