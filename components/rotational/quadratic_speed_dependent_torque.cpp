#include "components/rotational/quadratic_speed_dependent_torque.hpp"

#include "components/rotational/torque_source.hpp"

namespace acausal::rotational_components {

std::string_view QuadraticSpeedDependentTorque::details() const {
  return R"(MSL 4.0.0's QuadraticSpeedDependentTorque: a torque that grows with the square of the
speed w of the flange relative to its housing (a fan, a pump, air drag on a rotor). The source
applies tau to the flange, flange.tau = −tau, and with `"use_support": true` the reaction to the
port `support` (support.tau = tau); otherwise the housing is grounded.

    TorqueDirection = true:   tau = tau_nominal·(w/w_nominal)²
    TorqueDirection = false:  tau = tau_nominal·sign(w)·(w/w_nominal)² = tau_nominal·w·|w|/w_nominal²

With `TorqueDirection = true` (MSL's default) the torque has the sign of tau_nominal whichever way
the flange turns: a negative tau_nominal brakes positive rotation and drives negative rotation. With
`false` it always has the sign of tau_nominal·w: a negative tau_nominal is a drag in both directions
(the usual fan or drag load). The second law is C¹ at w = 0 (MSL writes it with smooth(1, …)); here
|w| makes the zero crossing of w an event, which only restarts the integrator.

Energy: injected power tau·w, the work the source does on the flange relative to its housing
(negative while it brakes); nothing stored, nothing lost. As a drag it takes the energy out of the
model through the source rather than as a loss: MSL's source has no loss power either.)";
}

void QuadraticSpeedDependentTorque::define(ComponentBuilder& b) const {
  const Expr tau_nominal = b.parameter("tau_nominal", "N*m", 0.0,
                                       "Nominal torque (negative: a load on positive rotation)");
  const bool same_direction =
      b.flag("TorqueDirection", true, "true: the torque has the same direction for both directions of rotation");
  const Expr w_nominal = b.parameter("w_nominal", "rad/s", 1.0, "Nominal speed", positive());
  const TorqueSource s = define_torque_source(b);
  const Expr law = same_direction ? tau_nominal * pow(s.w / w_nominal, 2) : tau_nominal * s.w * abs(s.w) / pow(w_nominal, 2);
  b.equation(s.tau - law, same_direction ? "torque quadratic in speed" : "torque quadratic in speed, with the sign of w");
}

}  // namespace acausal::rotational_components
