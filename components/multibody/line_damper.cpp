#include "components/multibody/line_damper.hpp"

#include "components/multibody/line_force.hpp"

namespace acausal::multibody_components {

void LineDamper::declare_frames(FrameDeclaration& d) const { declare_line_force_frames(d); }

void LineDamper::define(ComponentBuilder& b) const {
  const double d = b.parameter_value("d", "N*s/m", 0.0, "Damping constant", non_negative());
  const LineForce line = define_line_force(b, true);
  const Expr apart = origins_apart(line);
  const Expr L = separation(line);
  const Expr rate = if_else(apart, line.r.dot(line.v) / L, 0.0);
  const Expr length = b.variable("s", "m", "Distance between the origins");
  b.equation(length - L, "distance");
  const Expr force = b.variable("f", "N", "Damping force (positive while the origins separate)");
  b.equation(force - d * rate, "damping law");
  Vec3 F;  // on body B: toward A while separating
  for (Eigen::Index i = 0; i < 3; ++i) F(i) = if_else(apart, -force * line.r(i) / L, 0.0);
  apply_line_force(b, line, F);
  define_heat_port(b, force * rate);
}

}  // namespace acausal::multibody_components
