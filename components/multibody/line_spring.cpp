#include "components/multibody/line_spring.hpp"

#include "components/multibody/line_force.hpp"

namespace acausal::multibody_components {

void LineSpring::declare_frames(FrameDeclaration& d) const { declare_line_force_frames(d); }

void LineSpring::define(ComponentBuilder& b) const {
  const double c = b.parameter_value("c", "N/m", 1.0, "Spring constant", non_negative());
  const double s0 = b.parameter_value("s_unstretched", "m", 0.0, "Unstretched length", non_negative());
  const LineForce line = define_line_force(b, false);
  const Expr apart = origins_apart(line);
  const Expr L = separation(line);
  const Expr length = b.variable("s", "m", "Distance between the origins");
  b.equation(length - L, "distance");
  const Expr tension = b.variable("f", "N", "Spring force (tension positive)");
  b.equation(tension - c * (L - s0), "Hooke's law");
  Vec3 F;  // on body B: toward A under tension; no direction where the origins meet
  for (Eigen::Index i = 0; i < 3; ++i) F(i) = if_else(apart, -tension * line.r(i) / L, 0.0);
  apply_line_force(b, line, F);
  b.stored_energy(0.5 * c * pow(L - s0, 2));
}

}  // namespace acausal::multibody_components
