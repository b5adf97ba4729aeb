#include "components/rotational/bearing_friction.hpp"

#include "components/friction_modes.hpp"

namespace acausal::rotational_components {

std::string_view BearingFriction::details() const {
  return R"(Flanges C and R are rigidly joined (phi = phi_C = phi_R relative to the housing, w = der(phi))
and the bearing exerts the friction torque tau on them: tau_C + tau_R = tau, the housing takes −tau.

- **sliding forward / backward**: tau = tau_pos(w), or −tau_pos(−w), with tau_pos the table
  (linear interpolation in w ≥ 0) or the constant `tau0`.
- **stuck**: w stays 0 and tau is whatever holds the flanges, until |tau| would exceed
  tau0_max = peak·tau_pos(0); then it slides in that direction.

The bearing is never free (MSL's `free = false`). A reversal of the speed passes through stuck
unless |w| > w_small when it happens (MSL's default 1e10 rad/s: always). The modes are MSL's
PartialFriction's (`mode`: 1 forward, 0 stuck, −1 backward, and the Booleans startForward,
startBackward, locked); while stuck the path parameter `sa` is the torque, otherwise the
acceleration plus or minus tau0_max. The dissipated power is tau·w; the bearing stores nothing.)";
}

void BearingFriction::define(ComponentBuilder& b) const {
  const auto tau_pos = friction_characteristic(b, {"tau_pos", "w", "rad/s", "tau", "N*m", "Friction torque over the sliding speed w ≥ 0",
                                                    "tau0", "N*m", 1.0, "Constant friction torque (without tau_pos)"});
  const Expr peak = b.parameter("peak", "1", 1.0, "Breakaway factor: tau0_max = peak·tau_pos(0)", in_range(1.0, 1e300));
  const double w_small = b.parameter_value("w_small", "rad/s", 1e10, "Speed below which a reversal passes through stuck", positive());

  Port C = b.port("C", rotational(), "Flange C (Modelica flange_a)");
  Port R = b.port("R", rotational(), "Flange R (Modelica flange_b), rigidly joined to C");
  const bool use_support = b.flag("use_support", false, "true: a support port takes the reaction; false: the housing is grounded");
  const Expr phi = b.variable("phi", "rad", "Angle of the flanges relative to the housing");
  const Expr w = b.variable("w", "rad/s", "Speed of the flanges relative to the housing", {.priority = StatePriority::Prefer});
  const Expr a = b.variable("a", "rad/s^2", "Acceleration of the flanges relative to the housing");
  const Expr tau = b.variable("tau", "N*m", "Friction torque on the flanges (C and R together)");

  b.equation(R.potential() - C.potential(), "the flanges are rigidly joined");
  Expr housing = 0.0;
  if (use_support) {
    Port support = b.port("support", rotational(), "Support (housing): takes the reaction");
    housing = support.potential();
    b.equation(support.flow() + tau, "the support takes the reaction");
  }
  b.equation(phi - (C.potential() - housing), "angle relative to the housing");
  b.equation(w - der(phi), "speed");
  b.equation(a - der(w), "acceleration");
  b.equation(C.flow() + R.flow() - tau, "the friction torque acts on both flanges together");

  const Expr tau0 = tau_pos(Expr(0.0));
  const FrictionInputs in{w, a, tau0, peak * tau0, Expr(0.0), w_small};  // never free
  const FrictionModes m = define_friction_modes(b, in);
  b.equation(tau - friction_force(m, tau_pos(w), -tau_pos(-w)), "friction torque");
  define_heat_port(b, tau * w);
}

}  // namespace acausal::rotational_components
