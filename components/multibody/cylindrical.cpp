#include "components/multibody/cylindrical.hpp"

#include "components/multibody/relative_joint.hpp"

namespace acausal::multibody_components {

std::string_view Cylindrical::details() const {
  return R"(A prismatic joint followed by a revolute joint on the same unit axis e = n/|n| (n is the same in
frame_a and frame_b; default [1, 0, 0]): frame_b is frame_a shifted by `s` along e and turned by
`phi` about it (right-hand rule); the frames coincide at s = 0, phi = 0. With
R_rel = e·eᵀ + (I − e·eᵀ)·cos(phi) − [e×]·sin(phi), v = der(s) and w = der(phi):

    frame_b.r_0 = frame_a.r_0 + frame_a.Rᵀ·e·s,   frame_b.R = R_rel·frame_a.R,
    frame_b.w = R_rel·frame_a.w + e·w

The joint is massless and frictionless: frame_a takes frame_b's cut force and torque turned back
(the torque with the moment of the force over e·s), and neither the force along the axis nor the
torque about it passes: e·frame_b.f = 0, e·frame_b.t = 0. It stores and dissipates nothing. s, phi,
v and w are preferred states.)";
}

void Cylindrical::define(ComponentBuilder& b) const {
  const Eigen::Vector3d e = axis_parameter(b, "n", {1.0, 0.0, 0.0}, "Cylinder axis, in frame_a (= in frame_b)");
  const Frame a = frame_port(b, "frame_a", "Frame the joint slides and turns relative to");
  const Frame fb = frame_port(b, "frame_b", "Frame shifted by s along n and turned by phi about n");
  const VariableOptions prefer{.priority = StatePriority::Prefer};
  const Expr s = b.variable("s", "m", "Position of frame_b relative to frame_a along n", prefer);
  const Expr phi = b.variable("phi", "rad", "Rotation angle of frame_b relative to frame_a about n", prefer);
  const Expr v = b.variable("v", "m/s", "Relative velocity der(s)", prefer);
  const Expr w = b.variable("w", "rad/s", "Relative angular velocity der(phi)", prefer);
  b.equation(v - der(s), "velocity");
  b.equation(w - der(phi), "angular velocity");

  const Vec3 axis = constant(e);
  define_relative_joint(b, a, fb, {Vec3(axis * s), planar_rotation(e, phi), Vec3(axis * w)});
  b.equation(axis.dot(fb.f), "no force along the axis");
  b.equation(axis.dot(fb.t), "no torque about the axis");
}

}  // namespace acausal::multibody_components
