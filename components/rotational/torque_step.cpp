#include "components/rotational/torque_step.hpp"

#include "components/rotational/torque_source.hpp"

namespace acausal::rotational_components {

std::string_view TorqueStep::details() const {
  return R"(MSL 4.0.0's TorqueStep: a torque that jumps from offsetTorque to offsetTorque + stepTorque
at startTime,

    tau = offsetTorque + (0 if time < startTime, stepTorque from then on),

applied to the flange (flange.tau = −tau: a positive torque drives the flange positively). With
`"use_support": true` the port `support` takes the reaction (support.tau = tau); otherwise the
housing is grounded. The step is a time event: the integrator stops and restarts there.

Energy: injected power tau·w, w the flange's speed relative to the housing; nothing stored,
nothing lost.)";
}

void TorqueStep::define(ComponentBuilder& b) const {
  const Expr step = b.parameter("stepTorque", "N*m", 1.0, "Height of the torque step (negative: a load)");
  const Expr offset = b.parameter("offsetTorque", "N*m", 0.0, "Torque before startTime");
  const Expr start_time = b.parameter("startTime", "s", 0.0, "Time of the step");
  const TorqueSource s = define_torque_source(b);
  b.equation(s.tau - (offset + if_else(Expr::time() >= start_time, step, 0.0)), "torque step");
}

}  // namespace acausal::rotational_components
