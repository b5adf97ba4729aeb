#include "components/multibody/spherical.hpp"

#include "components/multibody/frame.hpp"

namespace acausal::multibody_components {

void Spherical::define(ComponentBuilder& b) const {
  const Frame a = frame_port(b, "frame_a", "First frame");
  const Frame fb = frame_port(b, "frame_b", "Second frame, same origin");
  equal(b, fb.r_0, a.r_0, "the origins coincide");
  // Massless: the force passes (resolved through the world), no torque does.
  equal(b, Vec3(a.R.transpose() * a.f + fb.R.transpose() * fb.f), zero_vector(), "force balance");
  equal(b, a.t, zero_vector(), "no torque at frame_a");
  equal(b, fb.t, zero_vector(), "no torque at frame_b");
}

}  // namespace acausal::multibody_components
