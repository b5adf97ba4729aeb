#include "components/multibody/absolute_velocity_sensor.hpp"

#include "components/multibody/frame.hpp"

namespace acausal::multibody_components {

void AbsoluteVelocitySensor::define(ComponentBuilder& b) const {
  const Frame a = frame_port(b, "frame_a", "Measured frame");
  const Vec3 v = vector_output(b, "v", "m/s", "Velocity of frame_a's origin, world coordinates");
  for (Eigen::Index i = 0; i < 3; ++i) b.equation(v(i) - der(a.r_0(i)), "measured velocity");
  no_load(b, a, "frame_a");
}

}  // namespace acausal::multibody_components
