#include "components/multibody/fixed.hpp"

#include "components/multibody/frame.hpp"

namespace acausal::multibody_components {

void Fixed::define(ComponentBuilder& b) const {
  const Vec3 r = vector_parameter(b, "r", "m", {0.0, 0.0, 0.0}, "Position of frame_b in world coordinates");
  const Frame frame_b = frame_port(b, "frame_b", "The fixed frame");
  equal(b, frame_b.r_0, r, "fixed position");
  equal(b, frame_b.R, identity_matrix(), "not rotated");
  equal(b, frame_b.w, zero_vector(), "does not turn");
}

}  // namespace acausal::multibody_components
