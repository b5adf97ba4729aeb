#include "components/translational/quadratic_speed_dependent_force.hpp"

#include "components/translational/force_source.hpp"

namespace acausal::translational_components {

std::string_view QuadraticSpeedDependentForce::details() const {
  return R"(MSL 4.0.0's QuadraticSpeedDependentForce: a force that grows with the square of the
velocity v of the flange relative to its housing (air drag on a vehicle, a driving resistance).
The force f on the flange, positive toward +s, is

    ForceDirection = true:   f = f_nominal·(v/v_nominal)²
    ForceDirection = false:  f = f_nominal·sign(v)·(v/v_nominal)² = f_nominal·v·|v|/v_nominal²

and flange.f = −f (MSL's PartialForce calls flange.f itself f, so its equations read
f = −f_nominal·…; the force on the flange is the same). With `"use_support": true` the port
`support` takes the reaction (support.f = f); otherwise the housing is grounded.

With `ForceDirection = true` (MSL's default) the force has the sign of f_nominal whichever way the
flange moves; with `false` the sign of f_nominal·v: a negative f_nominal is a resistance in both
directions. The second law is C¹ at v = 0 (MSL writes it with smooth(1, …)); here |v| makes the
zero crossing of v an event, which only restarts the integrator. The signs agree with
rotational.QuadraticSpeedDependentTorque (tau ↔ f, TorqueDirection ↔ ForceDirection).

Energy: injected power f·v, the work the source does on the flange relative to its housing
(negative while it resists); nothing stored, nothing lost, as MSL's source.)";
}

void QuadraticSpeedDependentForce::define(ComponentBuilder& b) const {
  const Expr f_nominal = b.parameter("f_nominal", "N", 0.0, "Nominal force (negative: a load on positive motion)");
  const bool same_direction =
      b.flag("ForceDirection", true, "true: the force has the same direction for both directions of motion");
  const Expr v_nominal = b.parameter("v_nominal", "m/s", 1.0, "Nominal speed", positive());
  const ForceSource s = define_force_source(b);
  if (same_direction)
    b.equation(s.f - f_nominal * pow(s.v / v_nominal, 2), "force quadratic in speed");
  else
    b.equation(s.f - f_nominal * s.v * abs(s.v) / pow(v_nominal, 2), "force quadratic in speed, with the sign of v");
}

}  // namespace acausal::translational_components
