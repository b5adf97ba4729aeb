#include "components/rotational/linear_speed_dependent_torque.hpp"

#include "components/rotational/torque_source.hpp"

namespace acausal::rotational_components {

std::string_view LinearSpeedDependentTorque::details() const {
  return R"(MSL 4.0.0's LinearSpeedDependentTorque: a torque proportional to the speed w of the flange
relative to its housing. The source applies tau to the flange, flange.tau = −tau, and with
`"use_support": true` the reaction to the port `support` (support.tau = tau); otherwise the housing
is grounded.

    TorqueDirection = true:   tau = tau_nominal·|w/w_nominal|
    TorqueDirection = false:  tau = tau_nominal·w/w_nominal

With `TorqueDirection = true` (MSL's default) the torque has the sign of tau_nominal whichever way
the flange turns (|w| makes w = 0 an event). With `false` it has the sign of tau_nominal·w: a
negative tau_nominal is a viscous load, −tau_nominal/w_nominal being its damping constant.

Energy: injected power tau·w, the work the source does on the flange relative to its housing
(negative while it brakes); nothing stored, nothing lost, as MSL's source.)";
}

void LinearSpeedDependentTorque::define(ComponentBuilder& b) const {
  const Expr tau_nominal = b.parameter("tau_nominal", "N*m", 0.0,
                                       "Nominal torque (negative: a load on positive rotation)");
  const bool same_direction =
      b.flag("TorqueDirection", true, "true: the torque has the same direction for both directions of rotation");
  const Expr w_nominal = b.parameter("w_nominal", "rad/s", 1.0, "Nominal speed", positive());
  const TorqueSource s = define_torque_source(b);
  if (same_direction)
    b.equation(s.tau - tau_nominal * abs(s.w) / w_nominal, "torque linear in |w|");
  else
    b.equation(s.tau - tau_nominal * s.w / w_nominal, "torque linear in w");
}

}  // namespace acausal::rotational_components
