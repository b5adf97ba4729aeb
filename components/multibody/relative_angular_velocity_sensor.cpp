#include "components/multibody/relative_angular_velocity_sensor.hpp"

#include "components/multibody/resolve_in_frame.hpp"

namespace acausal::multibody_components {

std::string_view RelativeAngularVelocitySensor::details() const {
  return R"(As Modelica's Sensors.RelativeAngularVelocity: the angular velocity of frame_b relative to
frame_a is the difference of the frames' angular velocities, ω_rel = ω_b − ω_a (world coordinates
ω = Rᵀ·w). Resolved in `resolve_in_frame`: `"frame_a"` (the default: R_a·R_bᵀ·w_b − w_a),
`"frame_b"` (w_b − R_b·R_aᵀ·w_a), `"world"` or `"frame_resolve"` (the port frame_resolve, which
must be connected). The sensor loads neither frame.)";
}

void RelativeAngularVelocitySensor::declare_frames(FrameDeclaration& d) const { declare_resolve_frame(d, "frame_a"); }

void RelativeAngularVelocitySensor::define(ComponentBuilder& b) const {
  const ResolveIn in = read_resolve_in_frame(b, "frame_a", "Frame w_rel is resolved in");
  const Frame a = frame_port(b, "frame_a", "Reference frame");
  const Frame fb = frame_port(b, "frame_b", "Measured frame");
  const Mat3 R_out = resolve_rotation(b, in, a, fb);
  const Vec3 w_rel = vector_output(b, "w_rel", "rad/s", "Angular velocity of frame_b relative to frame_a, resolved in resolve_in_frame");
  Vec3 measured;
  if (in == ResolveIn::FrameA) {
    measured = a.R * (fb.R.transpose() * fb.w) - a.w;
  } else if (in == ResolveIn::FrameB) {
    measured = fb.w - fb.R * (a.R.transpose() * a.w);
  } else {
    measured = R_out * (fb.R.transpose() * fb.w - a.R.transpose() * a.w);
  }
  equal(b, w_rel, measured, "measured relative angular velocity");
  no_load(b, a, "frame_a");
  no_load(b, fb, "frame_b");
}

}  // namespace acausal::multibody_components
