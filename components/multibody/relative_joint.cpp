#include "components/multibody/relative_joint.hpp"

namespace acausal::multibody_components {

void define_relative_joint(ComponentBuilder& b, const Frame& a, const Frame& fb, const RelativeMotion& m) {
  // The kinematics are written once, in the direction the orientation flows through the joint.
  if (b.rooted("frame_a")) {
    equal(b, fb.r_0, Vec3(a.r_0 + a.R.transpose() * m.d), "frame_b's origin");
    equal(b, fb.R, Mat3(m.R_rel * a.R), "frame_b's orientation");
    equal(b, fb.w, Vec3(m.R_rel * a.w + m.w_rel), "frame_b's angular velocity");
  } else {
    // R_aᵀ = R_bᵀ·R_rel
    equal(b, a.r_0, Vec3(fb.r_0 - fb.R.transpose() * (m.R_rel * m.d)), "frame_a's origin");
    equal(b, a.R, Mat3(m.R_rel.transpose() * fb.R), "frame_a's orientation");
    equal(b, a.w, Vec3(m.R_rel.transpose() * (fb.w - m.w_rel)), "frame_a's angular velocity");
  }
  // frame_b's cut force and torque in frame_a's coordinates; the joint stores and dissipates nothing.
  const Vec3 f_b_in_a = m.R_rel.transpose() * fb.f;
  equal(b, a.f, Vec3(-f_b_in_a), "force balance of the massless joint");
  equal(b, a.t, Vec3(-(m.R_rel.transpose() * fb.t) - m.d.cross(f_b_in_a)), "torque balance of the massless joint");
}

}  // namespace acausal::multibody_components
