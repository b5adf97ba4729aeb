#include "components/multibody/planar.hpp"

#include "components/multibody/relative_joint.hpp"

namespace acausal::multibody_components {

std::string_view Planar::details() const {
  return R"(Two prismatic joints and a revolute joint in series: frame_b moves in the plane normal to the
unit axis e = n/|n| and turns about it (n in frame_a = frame_b coordinates, default [0, 0, 1]). The
plane's x direction e_x is n_x (default [1, 0, 0]) made orthogonal to n and normalized (n_x must
not be parallel to n), and e_y = e × e_x. frame_b's origin is at `s_x` along e_x and `s_y` along
e_y from frame_a's, and frame_b is turned by `phi` about e; the frames coincide at
s_x = s_y = phi = 0. With d = e_x·s_x + e_y·s_y, R_rel = e·eᵀ + (I − e·eᵀ)·cos(phi) − [e×]·sin(phi),
v_x = der(s_x), v_y = der(s_y), w = der(phi):

    frame_b.r_0 = frame_a.r_0 + frame_a.Rᵀ·d,   frame_b.R = R_rel·frame_a.R,
    frame_b.w = R_rel·frame_a.w + e·w

The joint is massless and frictionless: frame_a takes frame_b's cut force and torque turned back
(the torque with the moment of the force over d), and no force in the plane and no torque about e
passes: e_x·(R_relᵀ·frame_b.f) = 0, e_y·(R_relᵀ·frame_b.f) = 0, e·frame_b.t = 0. It stores and
dissipates nothing. s_x, s_y, phi, v_x, v_y and w are preferred states.)";
}

void Planar::define(ComponentBuilder& b) const {
  const Eigen::Vector3d e =
      axis_parameter(b, "n", {0.0, 0.0, 1.0}, "Axis normal to the plane, in frame_a (= in frame_b)");
  const Eigen::Vector3d n_x = axis_parameter(b, "n_x", {1.0, 0.0, 0.0}, "Direction of the plane's x axis, in frame_a");
  const Eigen::Vector3d in_plane = n_x - n_x.dot(e) * e;
  if (in_plane.norm() < 1e-10) b.fail("n_x", "n_x must not be parallel to n: it gives the plane's x axis");
  const Eigen::Vector3d e_x = in_plane.normalized(), e_y = e.cross(e_x);
  const Frame a = frame_port(b, "frame_a", "Frame the joint moves relative to");
  const Frame fb = frame_port(b, "frame_b", "Frame shifted in the plane and turned about n");
  const VariableOptions prefer{.priority = StatePriority::Prefer};
  const Expr s_x = b.variable("s_x", "m", "Position of frame_b relative to frame_a along e_x", prefer);
  const Expr s_y = b.variable("s_y", "m", "Position of frame_b relative to frame_a along e_y = n × e_x", prefer);
  const Expr phi = b.variable("phi", "rad", "Rotation angle of frame_b relative to frame_a about n", prefer);
  const Expr v_x = b.variable("v_x", "m/s", "Relative velocity der(s_x)", prefer);
  const Expr v_y = b.variable("v_y", "m/s", "Relative velocity der(s_y)", prefer);
  const Expr w = b.variable("w", "rad/s", "Relative angular velocity der(phi)", prefer);
  b.equation(v_x - der(s_x), "velocity along e_x");
  b.equation(v_y - der(s_y), "velocity along e_y");
  b.equation(w - der(phi), "angular velocity");

  const Mat3 R_rel = planar_rotation(e, phi);
  const Vec3 axis = constant(e);
  define_relative_joint(b, a, fb, {Vec3(constant(e_x) * s_x + constant(e_y) * s_y), R_rel, Vec3(axis * w)});
  const Vec3 f_b_in_a = R_rel.transpose() * fb.f;
  b.equation(constant(e_x).dot(f_b_in_a), "no force along e_x");
  b.equation(constant(e_y).dot(f_b_in_a), "no force along e_y");
  b.equation(axis.dot(fb.t), "no torque about the axis");
}

}  // namespace acausal::multibody_components
