#include "components/multibody/relative_velocity_sensor.hpp"

#include "components/multibody/resolve_in_frame.hpp"

namespace acausal::multibody_components {

std::string_view RelativeVelocitySensor::details() const {
  return R"(As Modelica's Sensors.RelativeVelocity: r_rel = R_a·(r_0,b − r_0,a) is frame_b's origin seen
from frame_a (frame_a coordinates) and v_rel its rate of change seen from frame_a, der(r_rel). The
sensor writes it without differentiating a rotation matrix (der(R_a) = −[w_a×]·R_a):

    v_rel,a = R_a·(der(r_0,b) − der(r_0,a)) − w_a × r_rel

and resolves it in `resolve_in_frame`: `"frame_a"` (the default, v_rel,a), `"world"` (R_aᵀ·v_rel,a),
`"frame_b"` (R_b·R_aᵀ·v_rel,a) or `"frame_resolve"` (the port frame_resolve, which must be
connected). With frame_a fixed in the world, v_rel is the velocity of frame_b's origin. The sensor
loads neither frame.)";
}

void RelativeVelocitySensor::declare_frames(FrameDeclaration& d) const { declare_resolve_frame(d, "frame_a"); }

void RelativeVelocitySensor::define(ComponentBuilder& b) const {
  const ResolveIn in = read_resolve_in_frame(b, "frame_a", "Frame v_rel is resolved in");
  const Frame a = frame_port(b, "frame_a", "Reference frame");
  const Frame fb = frame_port(b, "frame_b", "Measured frame");
  const Mat3 R_out = resolve_rotation(b, in, a, fb);
  const Vec3 v_rel = vector_output(b, "v_rel", "m/s", "der(r_rel) seen from frame_a, resolved in resolve_in_frame");
  Vec3 v_0;  // relative velocity of the origins, world coordinates
  for (Eigen::Index i = 0; i < 3; ++i) v_0(i) = der(fb.r_0(i)) - der(a.r_0(i));
  const Vec3 r_rel = a.R * (fb.r_0 - a.r_0);
  const Vec3 v_rel_a = a.R * v_0 - a.w.cross(r_rel);
  const Vec3 measured = in == ResolveIn::FrameA ? v_rel_a : Vec3(R_out * (a.R.transpose() * v_rel_a));
  equal(b, v_rel, measured, "measured relative velocity");
  no_load(b, a, "frame_a");
  no_load(b, fb, "frame_b");
}

}  // namespace acausal::multibody_components
