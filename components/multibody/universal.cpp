#include "components/multibody/universal.hpp"

#include "components/multibody/relative_joint.hpp"

namespace acausal::multibody_components {

std::string_view Universal::details() const {
  return R"(Two revolute joints in series, with the same origin: the first turns an intermediate frame by
`phi_a` about the unit axis e_a = n_a/|n_a| (fixed in frame_a and in the intermediate frame), the
second turns frame_b by `phi_b` about e_b = n_b/|n_b| (fixed in the intermediate frame and in
frame_b; defaults n_a = [1, 0, 0], n_b = [0, 1, 0]; the axes must not be parallel). The frames
coincide at phi_a = phi_b = 0. With P(e, phi) = e·eᵀ + (I − e·eᵀ)·cos(phi) − [e×]·sin(phi):

    frame_b.r_0 = frame_a.r_0,   frame_b.R = P(e_b, phi_b)·P(e_a, phi_a)·frame_a.R,
    frame_b.w = P(e_b, phi_b)·(P(e_a, phi_a)·frame_a.w + e_a·w_a) + e_b·w_b

with the relative speeds `w_a` = der(phi_a) and `w_b` = der(phi_b). The joint is massless and
frictionless: the cut forces and torques of frame_a are those of frame_b turned back, and no torque
passes about either axis: e_b·frame_b.t = 0 and (P(e_b, phi_b)·e_a)·frame_b.t = 0. It stores and
dissipates nothing. phi_a, phi_b, w_a and w_b are preferred states.)";
}

void Universal::define(ComponentBuilder& b) const {
  const Eigen::Vector3d e_a = axis_parameter(b, "n_a", {1.0, 0.0, 0.0}, "Axis of the first revolute, in frame_a");
  const Eigen::Vector3d e_b = axis_parameter(b, "n_b", {0.0, 1.0, 0.0}, "Axis of the second revolute, in frame_b");
  if (e_a.cross(e_b).norm() < 1e-10)
    b.fail("n_b", "n_b must not be parallel to n_a: the joint would turn about one axis");
  const Frame a = frame_port(b, "frame_a", "Frame the first revolute turns relative to");
  const Frame fb = frame_port(b, "frame_b", "Frame turned by phi_a about n_a, then by phi_b about n_b");
  const VariableOptions prefer{.priority = StatePriority::Prefer};
  const Expr phi_a =
      b.variable("phi_a", "rad", "Angle of the intermediate frame relative to frame_a about n_a", prefer);
  const Expr phi_b =
      b.variable("phi_b", "rad", "Angle of frame_b relative to the intermediate frame about n_b", prefer);
  const Expr w_a = b.variable("w_a", "rad/s", "Relative angular velocity der(phi_a)", prefer);
  const Expr w_b = b.variable("w_b", "rad/s", "Relative angular velocity der(phi_b)", prefer);
  b.equation(w_a - der(phi_a), "angular velocity about n_a");
  b.equation(w_b - der(phi_b), "angular velocity about n_b");

  const Mat3 P_b = planar_rotation(e_b, phi_b);
  const Vec3 axis_a_in_b = P_b * constant(e_a);  // the first axis, in frame_b's coordinates
  const Vec3 axis_b = constant(e_b);
  const Mat3 R_rel = P_b * planar_rotation(e_a, phi_a);
  define_relative_joint(b, a, fb, {zero_vector(), R_rel, Vec3(axis_a_in_b * w_a + axis_b * w_b)});
  b.equation(axis_a_in_b.dot(fb.t), "no torque about n_a");
  b.equation(axis_b.dot(fb.t), "no torque about n_b");
}

}  // namespace acausal::multibody_components
