#include "components/multibody/line_force.hpp"

namespace acausal::multibody_components {

namespace {
constexpr double kCoincident = 1e-9;  // [m]
}

LineForce define_line_force(ComponentBuilder& b) {
  LineForce l;
  l.a = frame_port(b, "frame_a", "Frame where the element acts on body A");
  l.b = frame_port(b, "frame_b", "Frame where the element acts on body B");
  l.r = vector_variable(b, "r_rel", "m", "Position of frame_b relative to frame_a, world coordinates");
  l.v = vector_variable(b, "v_rel", "m/s", "Velocity of frame_b relative to frame_a, world coordinates");
  equal(b, l.r, Vec3(l.b.r_0 - l.a.r_0), "relative position");
  for (Eigen::Index i = 0; i < 3; ++i)
    b.equation(l.v(i) - (der(l.b.r_0(i)) - der(l.a.r_0(i))), "relative velocity");
  return l;
}

void apply_line_force(ComponentBuilder& b, const LineForce& l, const Vec3& F) {
  equal(b, l.a.f, Vec3(l.a.R * F), "the element pulls body A by −F: its cut force at frame_a");
  equal(b, l.b.f, Vec3(-(l.b.R * F)), "the element pushes body B by F: its cut force at frame_b");
  equal(b, l.a.t, zero_vector(), "no torque at frame_a");
  equal(b, l.b.t, zero_vector(), "no torque at frame_b");
}

Expr origins_apart(const LineForce& l) { return l.r.dot(l.r) > Expr(kCoincident * kCoincident); }

Expr separation(const LineForce& l) { return if_else(origins_apart(l), sqrt(l.r.dot(l.r)), 0.0); }

}  // namespace acausal::multibody_components
