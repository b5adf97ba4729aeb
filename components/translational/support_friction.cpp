#include "components/translational/support_friction.hpp"

#include "components/friction_modes.hpp"

namespace acausal::translational_components {

void SupportFriction::define(ComponentBuilder& b) const {
  const Expr peak = b.parameter("peak", "1", 1.0, "Breakaway factor: f0_max = peak·f(0)", at_least(1.0));
  const double v_small = b.parameter_value("v_small", "m/s", 1e-3, "Speed below which a reversal passes through stuck", positive());
  const auto friction = friction_characteristic(b, {"f_pos", "v", "m/s", "f", "N", "Friction force over the sliding speed v ≥ 0",
                                                     "f_constant", "N", 1.0, "Constant friction force (without f_pos)"});

  Port C = b.port("C", translational(), "Flange C (Modelica flange_a)");
  Port R = b.port("R", translational(), "Flange R (Modelica flange_b), rigidly joined to C");
  const bool use_support = b.flag("use_support", false, "true: a support port takes the reaction; false: the housing is grounded");
  const Expr s = b.variable("s", "m", "Position of the flanges relative to the housing");
  const Expr v = b.variable("v", "m/s", "Speed of the flanges relative to the housing", {.priority = StatePriority::Prefer});
  const Expr a = b.variable("a", "m/s^2", "Acceleration of the flanges relative to the housing");
  const Expr f = b.variable("f", "N", "Friction force on the flanges (C and R together)");

  b.equation(R.potential() - C.potential(), "the flanges are rigidly joined");
  Expr housing = 0.0;
  if (use_support) {
    Port support = b.port("support", translational(), "Support (housing): takes the reaction");
    housing = support.potential();
    b.equation(support.flow() + f, "the support takes the reaction");
  }
  b.equation(s - (C.potential() - housing), "position relative to the housing");
  b.equation(v - der(s), "speed");
  b.equation(a - der(v), "acceleration");
  b.equation(C.flow() + R.flow() - f, "the friction force acts on both flanges together");

  const Expr f0 = friction(Expr(0.0));
  const FrictionModes m = define_friction_modes(b, {v, a, f0, peak * f0, Expr(0.0), v_small});
  b.equation(f - friction_force(m, friction(v), -friction(-v)), "friction force");
  define_heat_port(b, f * v);
}

}  // namespace acausal::translational_components
