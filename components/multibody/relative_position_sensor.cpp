#include "components/multibody/relative_position_sensor.hpp"

#include "components/multibody/frame.hpp"

namespace acausal::multibody_components {

void RelativePositionSensor::define(ComponentBuilder& b) const {
  const Frame a = frame_port(b, "frame_a", "Reference frame");
  const Frame fb = frame_port(b, "frame_b", "Measured frame");
  const Vec3 r_rel = vector_output(b, "r_rel", "m", "Origin of frame_b relative to frame_a, frame_a coordinates");
  equal(b, r_rel, Vec3(a.R * (fb.r_0 - a.r_0)), "measured relative position");
  no_load(b, a, "frame_a");
  no_load(b, fb, "frame_b");
}

}  // namespace acausal::multibody_components
