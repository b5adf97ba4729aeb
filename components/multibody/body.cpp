#include "components/multibody/body.hpp"

#include "components/multibody/free_orientation.hpp"
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
give `r_0`, `v_0` and `w_a` initial values as arrays (`"initial": { "v_0": [1, 0, 0] }`).)";
}

void Body::define(ComponentBuilder& b) const {
  const MassProperties p = read_mass_properties(b);
  const std::array<double, 3> phi_start =
      vector_values(b, "phi_start", "rad", {0.0, 0.0, 0.0}, "Free body: Cardan angles 1-2-3 of frame_a at the start");
  const Frame frame_a = frame_port(b, "frame_a", "Frame fixed in the body");
  define_rigid_body(b, frame_a, p);
  if (b.is_root("frame_a")) define_free_orientation(b, frame_a, frame_a.w, cardan_123(phi_start));
}

}  // namespace acausal::multibody_components
