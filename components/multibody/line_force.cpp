#include "components/multibody/line_force.hpp"

namespace acausal::multibody_components {

namespace {
constexpr double kCoincident = 1e-9;  // [m]
}

void declare_line_force_frames(FrameDeclaration& d) {
  if (d.flag("fixed_rotation_at_frame_a", false)) d.root("frame_a");
  if (d.flag("fixed_rotation_at_frame_b", false)) d.root("frame_b");
}

LineForce define_line_force(ComponentBuilder& b, bool with_velocity) {
  LineForce l;
  l.fixed_rotation_a = b.flag("fixed_rotation_at_frame_a", false, "frame_a's orientation is the world's (a root)");
  l.fixed_rotation_b = b.flag("fixed_rotation_at_frame_b", false, "frame_b's orientation is the world's (a root)");
  l.a = frame_port(b, "frame_a", "Frame where the element acts on body A");
  l.b = frame_port(b, "frame_b", "Frame where the element acts on body B");
  l.r = vector_variable(b, "r_rel", "m", "Position of frame_b relative to frame_a, world coordinates");
  equal(b, l.r, Vec3(l.b.r_0 - l.a.r_0), "relative position");
  if (!with_velocity) return l;
  l.v = vector_variable(b, "v_rel", "m/s", "Velocity of frame_b relative to frame_a, world coordinates");
  for (Eigen::Index i = 0; i < 3; ++i)
    b.equation(l.v(i) - (der(l.b.r_0(i)) - der(l.a.r_0(i))), "relative velocity");
  return l;
}

void apply_line_force(ComponentBuilder& b, const LineForce& l, const Vec3& F) {
  equal(b, l.a.f, Vec3(l.a.R * F), "the element pulls body A by −F: its cut force at frame_a");
  equal(b, l.b.f, Vec3(-(l.b.R * F)), "the element pushes body B by F: its cut force at frame_b");
  const auto free_or_fixed = [&](const Frame& f, bool fixed, const char* name) {
    if (fixed) {
      equal(b, f.R, identity_matrix(), std::string(name) + " keeps the world's orientation");
      equal(b, f.w, zero_vector(), std::string(name) + " does not turn");
    } else {
      equal(b, f.t, zero_vector(), "no torque at " + std::string(name));
    }
  };
  free_or_fixed(l.a, l.fixed_rotation_a, "frame_a");
  free_or_fixed(l.b, l.fixed_rotation_b, "frame_b");
}

Expr origins_apart(const LineForce& l) { return l.r.dot(l.r) > Expr(kCoincident * kCoincident); }

Expr separation(const LineForce& l) { return if_else(origins_apart(l), sqrt(l.r.dot(l.r)), 0.0); }

}  // namespace acausal::multibody_components
