#include "components/multibody/body.hpp"

#include "components/multibody/rigid_body.hpp"

namespace acausal::multibody_components {

std::string_view Body::details() const {
  return R"(frame_a is a frame fixed in the body; the center of mass is at `r_CM` from it (frame_a
coordinates), and `I_11` … `I_32` is the inertia tensor about the center of mass, resolved in
frame_a (a physical tensor: principal moments ≥ 0, each at most the sum of the others). With
a = frame_a's acceleration and g the World's gravity at the center of mass (world coordinates),
w and z the angular velocity and acceleration (frame_a coordinates):

    f = m·(R·(a − g) + z × r_CM + w × (w × r_CM))
    t = I·z + w × (I·w) + r_CM × f

Stored energy: ½·m·|v_CM|² + ½·w·I·w + m·V(r_CM), V = −g·r for uniform gravity and −mu/|r| for a
point mass.

The orientation comes from what frame_a is connected to (a joint chain from the World). A body
that nothing orients is free: it carries the quaternion `Q[1..4]` (scalar part last; R is built
from Q normalized, der(Q) = ½·W(Q)ᵀ·w), started at the Cardan angles `phi_start` (sequence 1-2-3);
give `r_0`, `v_0` and `w_a` initial values as arrays (`"initial": { "v_0": [1, 0, 0] }`).

Extra frames: `frames` = { "tip": [0.5, 0, 0], … } adds a port per entry, fixed in the body at
that offset from frame_a (frame_a coordinates) and parallel to it; forces and torques there act on
the body.)";
}

void Body::declare_frames(FrameDeclaration& d) const {
  d.potential_root("frame_a");
  for (const std::string& name : d.keys("frames")) d.branch("frame_a", name);
}

void Body::define(ComponentBuilder& b) const {
  const MassProperties p = read_mass_properties(b);
  const auto offsets = b.named_vectors("frames", "m", 3,
                                       "Extra frames fixed in the body: { \"<port>\": [x, y, z] } from frame_a, in frame_a");
  const Frame frame_a = frame_port(b, "frame_a", "Frame fixed in the body");
  // The body takes the cut forces and torques of every frame, each moved to frame_a's origin.
  Frame body = frame_a;
  for (const auto& [name, r] : offsets) {
    if (name == "frame_a") b.fail("frames", "\"frame_a\" is the body's own frame; name the extra frames otherwise");
    const Vec3 offset = constant(Eigen::Vector3d(r[0], r[1], r[2]));
    const Frame extra = rigidly_attached_frame(b, frame_a, "frame_a", name, offset, "Extra frame fixed in the body");
    body.f += extra.f;
    body.t += extra.t + offset.cross(extra.f);
  }
  define_rigid_body(b, body, p);
}

}  // namespace acausal::multibody_components
