#include "components/multibody/fixed_rotation.hpp"

#include "components/multibody/frame.hpp"

namespace acausal::multibody_components {

void FixedRotation::define(ComponentBuilder& b) const {
  const Vec3 r = vector_parameter(b, "r", "m", {0.0, 0.0, 0.0}, "Vector from frame_a to frame_b, in frame_a");
  const Eigen::Vector3d e = axis_parameter(b, "n", {1.0, 0.0, 0.0}, "Axis of the fixed rotation, in frame_a");
  const Expr angle = b.parameter("angle", "rad", 0.0, "Angle frame_b is turned by about n");
  const Frame a = frame_port(b, "frame_a", "Start of the part");
  const Frame fb = frame_port(b, "frame_b", "Frame shifted by r and turned by angle about n");
  const Mat3 R_rel = planar_rotation(e, angle);
  if (b.rooted("frame_a")) {
    equal(b, fb.r_0, Vec3(a.r_0 + a.R.transpose() * r), "frame_b's origin");
    equal(b, fb.R, Mat3(R_rel * a.R), "frame_b's orientation");
    equal(b, fb.w, Vec3(R_rel * a.w), "frame_b's angular velocity");
  } else {
    equal(b, a.r_0, Vec3(fb.r_0 - fb.R.transpose() * R_rel * r), "frame_a's origin");
    equal(b, a.R, Mat3(R_rel.transpose() * fb.R), "frame_a's orientation");
    equal(b, a.w, Vec3(R_rel.transpose() * fb.w), "frame_a's angular velocity");
  }
  // Massless: forces and torques (about frame_a's origin) balance, resolved in frame_a.
  const Vec3 f_b_in_a = R_rel.transpose() * fb.f;
  equal(b, Vec3(a.f + f_b_in_a), zero_vector(), "force balance");
  equal(b, Vec3(a.t + R_rel.transpose() * fb.t + r.cross(f_b_in_a)), zero_vector(), "torque balance");
}

}  // namespace acausal::multibody_components
