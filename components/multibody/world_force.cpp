#include "components/multibody/world_force.hpp"

#include "components/multibody/frame.hpp"

namespace acausal::multibody_components {

void WorldForce::define(ComponentBuilder& b) const {
  const Frame fb = frame_port(b, "frame_b", "Frame the force acts on (at its origin)");
  const Vec3 force = vector_input(b, "force", "N", "Force on frame_b, world coordinates");
  // The source pushes the body with `force`; the body pushes back on the source.
  equal(b, fb.f, Vec3(-(fb.R * force)), "the force, resolved in frame_b");
  equal(b, fb.t, zero_vector(), "no torque");
  Expr power = 0.0;
  for (Eigen::Index i = 0; i < 3; ++i) power += force(i) * der(fb.r_0(i));
  b.injected_power(power);
}

void WorldTorque::define(ComponentBuilder& b) const {
  const Frame fb = frame_port(b, "frame_b", "Frame the torque acts on");
  const Vec3 torque = vector_input(b, "torque", "N*m", "Torque on frame_b, world coordinates");
  equal(b, fb.f, zero_vector(), "no force");
  const Vec3 in_frame = fb.R * torque;
  equal(b, fb.t, Vec3(-in_frame), "the torque, resolved in frame_b");
  b.injected_power(in_frame.dot(fb.w));
}

}  // namespace acausal::multibody_components
