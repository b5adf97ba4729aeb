#include "components/multibody/fixed_translation.hpp"

#include "components/multibody/frame.hpp"

namespace acausal::multibody_components {

void FixedTranslation::define(ComponentBuilder& b) const {
  const Vec3 r = vector_parameter(b, "r", "m", {0.0, 0.0, 0.0}, "Vector from frame_a to frame_b, in frame_a");
  const Frame a = frame_port(b, "frame_a", "Start of the translation");
  const Frame fb = frame_port(b, "frame_b", "End of the translation");
  equal(b, fb.r_0, Vec3(a.r_0 + a.R.transpose() * r), "frame_b's origin");
  if (b.rooted("frame_a")) {
    equal(b, fb.R, a.R, "same orientation");
    equal(b, fb.w, a.w, "same angular velocity");
  } else {
    equal(b, a.R, fb.R, "same orientation");
    equal(b, a.w, fb.w, "same angular velocity");
  }
  // Massless: the cut forces and torques balance (torques about frame_a's origin).
  equal(b, Vec3(a.f + fb.f), zero_vector(), "force balance");
  equal(b, Vec3(a.t + fb.t + r.cross(fb.f)), zero_vector(), "torque balance");
}

}  // namespace acausal::multibody_components
