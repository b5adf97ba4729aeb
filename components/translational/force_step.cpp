#include "components/translational/force_step.hpp"

#include "components/translational/force_source.hpp"

namespace acausal::translational_components {

std::string_view ForceStep::details() const {
  return R"(MSL 4.0.0's ForceStep: a force that jumps from offsetForce to offsetForce + stepForce at
startTime,

    f = offsetForce + (0 if time < startTime, stepForce from then on),

on the flange, positive toward +s (flange.f = −f; MSL's PartialForce calls flange.f itself f and
writes f = −offsetForce − …: the same force on the flange). With `"use_support": true` the port
`support` takes the reaction (support.f = f); otherwise the housing is grounded. The step is a
time event.

Energy: injected power f·v, v the flange's velocity relative to the housing; nothing stored,
nothing lost.)";
}

void ForceStep::define(ComponentBuilder& b) const {
  const Expr step = b.parameter("stepForce", "N", 1.0, "Height of the force step (negative: a load)");
  const Expr offset = b.parameter("offsetForce", "N", 0.0, "Force before startTime");
  const Expr start_time = b.parameter("startTime", "s", 0.0, "Time of the step");
  const ForceSource s = define_force_source(b);
  b.equation(s.f - (offset + if_else(Expr::time() >= start_time, step, 0.0)), "force step");
}

}  // namespace acausal::translational_components
