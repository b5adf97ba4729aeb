#include "components/multibody/free_motion.hpp"

#include "components/multibody/free_orientation.hpp"

namespace acausal::multibody_components {

std::string_view FreeMotion::details() const {
  return R"(frame_b moves freely relative to frame_a: the joint carries the relative motion as states and
transmits nothing (f = t = 0 at both frames). Its variables, as in Modelica's Joints.FreeMotion:

- `r_rel_a[1..3]`: frame_b's origin seen from frame_a's, in frame_a coordinates; `v_rel_a` =
  der(r_rel_a), `a_rel_a` = der(v_rel_a);
- `Q[1..4]`: the quaternion (scalar part last) of R_rel, the rotation frame_a → frame_b
  (R_b = R_rel·R_a), started at the Cardan angles `phi_start` (sequence 1-2-3, as a free Body's);
- `w_rel_b[1..3]`: frame_b's angular velocity relative to frame_a, in frame_b coordinates,
  der(Q) = ½·W(Q)ᵀ·w_rel_b; `z_rel_b` = der(w_rel_b).

Kinematics: r_0,b = r_0,a + R_aᵀ·r_rel_a, R_b = R_rel·R_a, w_b = R_rel·w_a + w_rel_b. The joint is
a branch of the orientation graph: the orientation is written once, from frame_a to frame_b, or
the inverse when the World is on frame_b's side. The body at the far side is then not free (it
keeps no quaternion of its own): the joint's variables are its states, so give initial values as
`"initial": { "r_rel_a": [0, 1, 0], "v_rel_a": [1, 0, 0], "w_rel_b": [0, 0, 2] }`.)";
}

void FreeMotion::define(ComponentBuilder& b) const {
  const std::array<double, 3> phi_start =
      vector_values(b, "phi_start", "rad", {0.0, 0.0, 0.0}, "Cardan angles 1-2-3 of frame_b relative to frame_a at the start");
  const Frame a = frame_port(b, "frame_a", "Frame the motion is measured from");
  const Frame fb = frame_port(b, "frame_b", "Frame moving freely relative to frame_a");
  const VariableOptions prefer{.priority = StatePriority::Prefer};
  const Vec3 r_rel = vector_variable(b, "r_rel_a", "m", "Origin of frame_b from frame_a's, frame_a coordinates", prefer);
  const Vec3 v_rel = vector_variable(b, "v_rel_a", "m/s", "der(r_rel_a), frame_a coordinates", prefer);
  const Vec3 a_rel = vector_variable(b, "a_rel_a", "m/s^2", "der(v_rel_a), frame_a coordinates");
  const Vec3 w_rel = vector_variable(b, "w_rel_b", "rad/s", "Angular velocity of frame_b relative to frame_a, frame_b coordinates", prefer);
  const Vec3 z_rel = vector_variable(b, "z_rel_b", "rad/s^2", "der(w_rel_b), frame_b coordinates");
  const auto rate = [](const Vec3& x) { return Vec3(x.unaryExpr([](const Expr& e) { return der(e); })); };
  equal(b, v_rel, rate(r_rel), "relative velocity");
  equal(b, a_rel, rate(v_rel), "relative acceleration");
  equal(b, z_rel, rate(w_rel), "relative angular acceleration");
  const Mat3 R_rel = quaternion_rotation(b, w_rel, cardan_123(phi_start),
                                         "Quaternion (scalar part last) of the rotation frame_a → frame_b");
  // Written once, in the direction the orientation graph carries orientation through the joint.
  if (b.rooted("frame_a")) {
    equal(b, fb.r_0, Vec3(a.r_0 + a.R.transpose() * r_rel), "frame_b's origin");
    equal(b, fb.R, Mat3(R_rel * a.R), "frame_b's orientation");
    equal(b, fb.w, Vec3(R_rel * a.w + w_rel), "frame_b's angular velocity");
  } else {
    // R_aᵀ = R_bᵀ·R_rel: frame_a's position from what reaches frame_b.
    equal(b, a.r_0, Vec3(fb.r_0 - fb.R.transpose() * (R_rel * r_rel)), "frame_a's origin");
    equal(b, a.R, Mat3(R_rel.transpose() * fb.R), "frame_a's orientation");
    equal(b, a.w, Vec3(R_rel.transpose() * (fb.w - w_rel)), "frame_a's angular velocity");
  }
  equal(b, a.f, zero_vector(), "no force at frame_a");
  equal(b, a.t, zero_vector(), "no torque at frame_a");
  equal(b, fb.f, zero_vector(), "no force at frame_b");
  equal(b, fb.t, zero_vector(), "no torque at frame_b");
}

}  // namespace acausal::multibody_components
