#include "components/multibody/spring_damper_series.hpp"

#include "components/multibody/line_force.hpp"

namespace acausal::multibody_components {

std::string_view SpringDamperSeries::details() const {
  return R"(A damper and a spring one after the other along the line between the origins of frame_a and
frame_b: frame_a – damper – spring – frame_b. The damper's length `s_damper` is a state; with
s = |r_rel| the distance between the origins, the spring is stretched by s − s_unstretched − s_damper
and the same tension f passes through both:

    f = c·(s − s_unstretched − s_damper) = d·der(s_damper)

The force on frame_b's body is −f·r_rel/s, on frame_a's body the opposite; no torque; zero where the
origins meet (s < 1e-9 m, an event). Held at a fixed distance, the tension relaxes as
exp(−t·c/d). `s_damper_start` is the damper's length at the start (Modelica's s_damper_start;
`"initial": { "s_damper": … }` overrides it). d must be positive: without damping the series has
no law (Modelica's default d = 0 is not accepted). Stored energy ½·c·(s − s_unstretched − s_damper)²,
loss power f·der(s_damper) = f²/d.

Optional point mass `m` at `length_fraction` along the line, as in `multibody.Spring`; and
`fixed_rotation_at_frame_a` / `_b` as for every line force.)";
}

void SpringDamperSeries::declare_frames(FrameDeclaration& d) const { declare_line_force_frames(d); }

void SpringDamperSeries::define(ComponentBuilder& b) const {
  const double c = b.parameter_value("c", "N/m", 1.0, "Spring constant", non_negative());
  const double s0 = b.parameter_value("s_unstretched", "m", 0.0, "Unstretched length of the spring", non_negative());
  const double d = b.parameter_value("d", "N*s/m", 1.0, "Damping constant", positive());
  const double s_damper_start = b.parameter_value("s_damper_start", "m", 0.0, "Length of the damper at the start");
  LineForce line = define_line_force(b, false);  // the law reads the distance, never its rate
  read_point_mass(b, line);
  const Expr apart = origins_apart(line);
  const Expr L = separation(line);
  const Expr length = b.variable("s", "m", "Distance between the origins");
  b.equation(length - L, "distance");
  const Expr s_damper = b.variable("s_damper", "m", "Length of the damper (frame_a - damper - spring - frame_b)",
                                   {.start = s_damper_start, .priority = StatePriority::Prefer});
  const Expr tension = b.variable("f", "N", "Force through spring and damper (tension positive)");
  b.equation(tension - c * (L - s0 - s_damper), "Hooke's law of the spring");
  b.equation(d * der(s_damper) - tension, "the damper carries the same force");
  Vec3 F;  // on body B: toward A under tension; no direction where the origins meet
  for (Eigen::Index i = 0; i < 3; ++i) F(i) = if_else(apart, -tension * line.r(i) / L, 0.0);
  apply_line_force(b, line, F);
  b.stored_energy(0.5 * c * pow(L - s0 - s_damper, 2));
  define_heat_port(b, tension * tension / d);
}

}  // namespace acausal::multibody_components
