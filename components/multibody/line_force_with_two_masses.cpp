#include "components/multibody/line_force_with_two_masses.hpp"

#include "components/multibody/line_force.hpp"

namespace acausal::multibody_components {

std::string_view LineForceWithTwoMasses::details() const {
  return R"(A force along the line between the origins of frame_a and frame_b whose law is whatever 1D
translational circuit connects the flanges (Modelica's Forces.LineForceWithTwoMasses): flange_a is
at s = 0 and flange_b at s = `length` = |r_rel|, so a translational.Spring or Damper between them
acts on the distance of the origins. With e = r_rel/length (world coordinates) and the flange forces
fa = flange_a.f, fb = flange_b.f, frame_a's body is pushed by fa·e and frame_b's by fb·e (a
massless circuit has fa = −fb: a tension fb > 0 pulls the origins together).

Optional point masses on the line: `m_a` at `L_a` from frame_a's origin towards frame_b
(r_CM1_0 = r_0,a + L_a·e) and `m_b` at `L_b` (default L_a) from frame_b's origin towards frame_a
(r_CM2_0 = r_0,b − L_b·e), modeling the masses of the force element (a hydraulic cylinder's two
parts). With ag_1 = der(v_CM1_0) − g and ag_2 likewise, aux = m_a·ag_1·L_a/length −
m_b·ag_2·L_b/length and aux⊥ its part normal to e, the cut forces on the element (world
coordinates) are

    at frame_a:  m_a·ag_1 − aux⊥ − fa·e,      at frame_b:  m_b·ag_2 + aux⊥ − fb·e

which keeps the power balance of the two masses for every motion of the origins. They store their
kinetic energy and their potential energy in the World's gravity; with m_a = m_b = 0 (the default)
these equations are absent. No torque (at a frame of `fixed_rotation_at_frame_a` / `_b`, R = I and
w = 0 instead).

Energy: the flanges' 1D frame is at rest while frame_a's origin moves with velocity v_a; when the
circuit between the flanges is not massless (fa + fb ≠ 0, a translational.Mass between them, say)
the force (fa + fb)·e does the work (fa + fb)·e·v_a, which the flanges do not show: it is booked as
injected (zero for a massless circuit). Unlike MSL, an unconnected flange carries no force (MSL
mirrors the connected one, by cardinality): connect both. Where the origins meet (length < 1e-9 m,
an event) the direction is undefined and e = 0.)";
}

void LineForceWithTwoMasses::declare_frames(FrameDeclaration& d) const { declare_line_force_frames(d); }

void LineForceWithTwoMasses::define(ComponentBuilder& b) const {
  const double m_a = b.parameter_value("m_a", "kg", 0.0, "Point mass on the line at L_a from frame_a", non_negative());
  const double m_b = b.parameter_value("m_b", "kg", 0.0, "Point mass on the line at L_b from frame_b", non_negative());
  const double L_a = b.parameter_value("L_a", "m", 0.0, "Distance of m_a from frame_a's origin, towards frame_b");
  const double L_b = b.parameter_value("L_b", "m", L_a, "Distance of m_b from frame_b's origin, towards frame_a "
                                                        "(default L_a)");
  LineForce line = define_line_force(b, false);
  const Port flange_a = b.port("flange_a", translational(), "1D flange at s = 0 (frame_a's end of the line)");
  const Port flange_b = b.port("flange_b", translational(), "1D flange at s = length (frame_b's end of the line)");
  const Expr apart = origins_apart(line);
  const Expr length = b.variable("length", "m", "Distance between the origins");
  b.equation(length - separation(line), "distance");
  b.equation(flange_a.potential(), "flange_a is the line's start");
  b.equation(flange_b.potential() - length, "flange_b is at the distance of the origins");
  const Expr fa = flange_a.flow(), fb = flange_b.flow();
  Vec3 e;  // no direction where the origins meet
  for (Eigen::Index i = 0; i < 3; ++i) e(i) = if_else(apart, line.r(i) / length, 0.0);

  Vec3 on_a = e * (-fa), on_b = e * (-fb);  // the cut forces on the element, world coordinates
  if (m_a > 0.0 || m_b > 0.0) {
    const Vec3 zero = zero_vector();
    const Vec3 load_a = m_a > 0.0 ? point_mass_load(b, m_a, Vec3(line.a.r_0 + e * Expr(L_a)), "1") : zero;
    const Vec3 load_b = m_b > 0.0 ? point_mass_load(b, m_b, Vec3(line.b.r_0 - e * Expr(L_b)), "2") : zero;
    const Expr per_length = if_else(apart, 1.0 / length, 0.0);
    const Vec3 aux = (load_a * Expr(L_a) - load_b * Expr(L_b)) * per_length;
    const Vec3 aux_normal = aux - e * aux.dot(e);
    on_a += load_a - aux_normal;
    on_b += load_b + aux_normal;
  }
  equal(b, line.a.f, Vec3(line.a.R * on_a), "the element's cut force at frame_a");
  equal(b, line.b.f, Vec3(line.b.R * on_b), "the element's cut force at frame_b");
  line_force_torques(b, line);
  const Vec3 v_a = line.a.r_0.unaryExpr([](const Expr& x) { return der(x); });
  b.injected_power((fa + fb) * e.dot(v_a));
}

}  // namespace acausal::multibody_components
