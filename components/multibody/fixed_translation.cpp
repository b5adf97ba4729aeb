#include "components/multibody/fixed_translation.hpp"

#include "components/multibody/frame.hpp"

namespace acausal::multibody_components {

void FixedTranslation::define(ComponentBuilder& b) const {
  const Vec3 r = vector_parameter(b, "r", "m", {0.0, 0.0, 0.0}, "Vector from frame_a to frame_b, in frame_a");
  const Frame a = frame_port(b, "frame_a", "Start of the translation");
  const Frame fb = rigidly_attached_frame(b, a, "frame_a", "frame_b", r, "End of the translation");
  // Massless: the cut forces and torques balance (torques about frame_a's origin).
  equal(b, Vec3(a.f + fb.f), zero_vector(), "force balance");
  equal(b, Vec3(a.t + fb.t + r.cross(fb.f)), zero_vector(), "torque balance");
}

}  // namespace acausal::multibody_components
