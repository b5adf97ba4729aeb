#include "components/multibody/absolute_angular_velocity_sensor.hpp"

#include "components/multibody/frame.hpp"

namespace acausal::multibody_components {

void AbsoluteAngularVelocitySensor::define(ComponentBuilder& b) const {
  const Frame a = frame_port(b, "frame_a", "Measured frame");
  const Vec3 w = vector_output(b, "w", "rad/s", "Angular velocity of frame_a, frame_a coordinates");
  equal(b, w, a.w, "measured angular velocity");
  no_load(b, a, "frame_a");
}

}  // namespace acausal::multibody_components
