#include "components/multibody/absolute_position_sensor.hpp"

#include "components/multibody/frame.hpp"

namespace acausal::multibody_components {

void AbsolutePositionSensor::define(ComponentBuilder& b) const {
  const Frame a = frame_port(b, "frame_a", "Measured frame");
  const Vec3 r = vector_output(b, "r", "m", "Origin of frame_a, world coordinates");
  equal(b, r, a.r_0, "measured position");
  no_load(b, a, "frame_a");
}

}  // namespace acausal::multibody_components
