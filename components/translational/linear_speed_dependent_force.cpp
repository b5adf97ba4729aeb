#include "components/translational/linear_speed_dependent_force.hpp"

#include "components/translational/force_source.hpp"

namespace acausal::translational_components {

std::string_view LinearSpeedDependentForce::details() const {
  return R"(MSL 4.0.0's LinearSpeedDependentForce: a force proportional to the velocity v of the flange
relative to its housing. The force f on the flange, positive toward +s, is

    ForceDirection = true:   f = f_nominal·|v/v_nominal|
    ForceDirection = false:  f = f_nominal·v/v_nominal

and flange.f = −f (MSL's PartialForce calls flange.f itself f). With `"use_support": true` the
port `support` takes the reaction (support.f = f); otherwise the housing is grounded. With
`ForceDirection = false` a negative f_nominal is a viscous damper to ground of constant
−f_nominal/v_nominal. The signs agree with rotational.LinearSpeedDependentTorque.

Energy: injected power f·v (negative while it resists); nothing stored, nothing lost, as MSL's
source.)";
}

void LinearSpeedDependentForce::define(ComponentBuilder& b) const {
  const Expr f_nominal = b.parameter("f_nominal", "N", 0.0, "Nominal force (negative: a load on positive motion)");
  const bool same_direction =
      b.flag("ForceDirection", true, "true: the force has the same direction for both directions of motion");
  const Expr v_nominal = b.parameter("v_nominal", "m/s", 1.0, "Nominal speed", positive());
  const ForceSource s = define_force_source(b);
  if (same_direction)
    b.equation(s.f - f_nominal * abs(s.v) / v_nominal, "force linear in |v|");
  else
    b.equation(s.f - f_nominal * s.v / v_nominal, "force linear in v");
}

}  // namespace acausal::translational_components
