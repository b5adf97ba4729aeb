#include "components/multibody/line_force.hpp"

#include <string>

#include "components/multibody/gravity_field.hpp"

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

void read_point_mass(ComponentBuilder& b, LineForce& l) {
  l.m = b.parameter_value("m", "kg", 0.0, "Point mass on the line between the origins (0: none)", non_negative());
  l.length_fraction = b.parameter_value("length_fraction", "1", 0.5,
                                        "Place of the point mass: fraction of the way from frame_a (0) to frame_b (1)",
                                        in_range(0.0, 1.0));
}

Vec3 point_mass_load(ComponentBuilder& b, double m, const Vec3& position, std::string_view tag) {
  const std::string t(tag);
  const VariableOptions avoid{.priority = StatePriority::Avoid};  // the frames' bodies carry the states
  const Vec3 r_CM = vector_variable(b, "r_CM" + t + "_0", "m", "Position of the point mass, world coordinates", avoid);
  const Vec3 v_CM =
      vector_variable(b, "v_CM" + t + "_0", "m/s", "Velocity of the point mass, world coordinates", avoid);
  const Vec3 a_CM =
      vector_variable(b, "a_CM" + t + "_0", "m/s^2", "Acceleration of the point mass, world coordinates");
  equal(b, r_CM, position, "the point mass's place on the line");
  equal(b, v_CM, Vec3(r_CM.unaryExpr([](const Expr& x) { return der(x); })), "velocity of the point mass");
  equal(b, a_CM, Vec3(v_CM.unaryExpr([](const Expr& x) { return der(x); })), "acceleration of the point mass");
  const GravityAtPoint field = gravity_at(b.gravity(), r_CM);
  b.stored_energy(0.5 * m * v_CM.dot(v_CM) + m * field.potential);
  return m * (a_CM - field.g);
}

void line_force_torques(ComponentBuilder& b, const LineForce& l) {
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

void apply_line_force(ComponentBuilder& b, const LineForce& l, const Vec3& F) {
  if (l.m > 0.0) {
    // The frames hold the point mass in the shares of a lever: (1 − λ) at frame_a, λ at frame_b.
    const Vec3 load = point_mass_load(b, l.m, Vec3(l.a.r_0 + l.length_fraction * l.r), "");
    const double lambda = l.length_fraction;
    equal(b, l.a.f, Vec3(l.a.R * Vec3(F + (1.0 - lambda) * load)),
          "the element pulls body A by −F and leans on it with its mass's share: its cut force at frame_a");
    equal(b, l.b.f, Vec3(l.b.R * Vec3(-F + lambda * load)),
          "the element pushes body B by F and leans on it with its mass's share: its cut force at frame_b");
  } else {
    equal(b, l.a.f, Vec3(l.a.R * F), "the element pulls body A by −F: its cut force at frame_a");
    equal(b, l.b.f, Vec3(-(l.b.R * F)), "the element pushes body B by F: its cut force at frame_b");
  }
  line_force_torques(b, l);
}

Expr origins_apart(const LineForce& l) { return l.r.dot(l.r) > Expr(kCoincident * kCoincident); }

Expr separation(const LineForce& l) { return if_else(origins_apart(l), sqrt(l.r.dot(l.r)), 0.0); }

}  // namespace acausal::multibody_components
