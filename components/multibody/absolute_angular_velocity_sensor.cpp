#include "components/multibody/absolute_angular_velocity_sensor.hpp"

#include "components/multibody/frame.hpp"

namespace acausal::multibody_components {

void AbsoluteAngularVelocitySensor::define(ComponentBuilder& b) const {
  const Frame a = frame_port(b, "frame_a", "Measured frame");
  const Vec3 w = vector_output(b, "w", "rad/s", "Angular velocity of frame_a, frame_a coordinates");
  equal(b, w, a.w, "measured angular velocity");
  equal(b, a.f, zero_vector(), "the sensor exerts no force");
  equal(b, a.t, zero_vector(), "the sensor exerts no torque");
}

}  // namespace acausal::multibody_components
