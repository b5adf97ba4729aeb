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
point mass. The body's orientation comes from what frame_a is connected to (a joint chain from
the World); free bodies come with a later release.)";
}

void Body::define(ComponentBuilder& b) const {
  const MassProperties p = read_mass_properties(b);
  const Frame frame_a = frame_port(b, "frame_a", "Frame fixed in the body");
  define_rigid_body(b, frame_a, p);
}

}  // namespace acausal::multibody_components
