#include "components/multibody/rod.hpp"

#include "components/multibody/line_force.hpp"

namespace acausal::multibody_components {

std::string_view Rod::details() const {
  return R"(With r = r_rel from frame_a's origin to frame_b's (world coordinates) and L = |r| its length, the
rod's tension is f = Ks·(L − L0) + Kd·dL/dt, dL/dt = r·v/L. It pulls the two ends toward each
other along r: the force on body A is f·r/L, on body B −f·r/L, each resolved in its end frame
(f₁ = (f/L)·r in frame_a coordinates, f₂ = −(f/L)·r in frame_b's, as the seed writes them). At
L = 0 (below 1e-9 m, an event) the direction is undefined and f = 0. No torque, no degrees of
freedom, no mass.

Stored energy ½·Ks·(L − L0)², loss power Kd·(dL/dt)². `L0` [m] (default 1, ≥ 0), `Ks` [N/m]
and `Kd` [N·s/m] (default 0, ≥ 0). The visualization parameters `show`, `radius`, `color` and
`transparent` are accepted and kept for the user; they do not enter the equations.)";
}

void Rod::declare_frames(FrameDeclaration& d) const { declare_line_force_frames(d); }

void Rod::define(ComponentBuilder& b) const {
  const double L0 = b.parameter_value("L0", "m", 1.0, "Unstretched length", non_negative());
  const double Ks = b.parameter_value("Ks", "N/m", 0.0, "Spring constant", non_negative());
  const double Kd = b.parameter_value("Kd", "N*s/m", 0.0, "Damping constant", non_negative());
  b.annotation("show", "visualization: the rod is drawn (true/false)");
  b.annotation("radius", "visualization: rod radius [m], default 0.01");
  b.annotation("color", "visualization: rod color");
  b.annotation("transparent", "visualization: drawn transparent (true/false)");
  const LineForce line = define_line_force(b, Kd != 0.0);
  const Expr apart = origins_apart(line);
  const Expr L = separation(line);
  const Expr rate = Kd != 0.0 ? if_else(apart, line.r.dot(line.v) / L, 0.0) : Expr(0.0);
  const Expr tension = b.variable("f", "N", "Rod tension (positive pulls the ends together)");
  b.equation(tension - if_else(apart, Ks * (L - L0) + Kd * rate, 0.0), "rod law");
  const Expr length = b.variable("L", "m", "Rod length |r|");
  b.equation(length - L, "rod length");
  Vec3 F;  // on body B: toward A when in tension
  for (Eigen::Index i = 0; i < 3; ++i) F(i) = if_else(apart, -tension * line.r(i) / L, 0.0);
  apply_line_force(b, line, F);
  b.stored_energy(0.5 * Ks * pow(L - L0, 2));
  define_heat_port(b, Kd * rate * rate);
}

}  // namespace acausal::multibody_components
