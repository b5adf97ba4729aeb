#include "components/signal/integrator.hpp"

#include <optional>

#include "components/signal/control_state.hpp"

namespace acausal::signal_components {

std::string_view Integrator::details() const {
  return R"(MSL 4.0.0's Continuous.Integrator block: the output is the integral of the input times the
gain,

    der(y) = k·u          (transfer function k/s)

With `use_reset` = true the block has an input `reset`, a signal read as a Boolean (true above
0.5, as a `signal.Pulse` of amplitude 1 gives it): whenever it becomes true, y jumps to the input
`set` (with `use_set` = true) or else to `y_start` (default 0), at an event — MSL's
`when reset then reinit(y, set)`. A reset that is true at the start time does not reset then.

MSL declares k with the unit 1; here it is in 1/s, so that y keeps the unit of u (the number in a
netlist is the same value).

Initialization (`init`, MSL's initType; MSL's default is InitialState): `"initial_state"` (default)
and `"initial_output"` (the output is the state, so both mean y(t0) = y_start): y starts at the
netlist's `"initial": { "y": … }`, 0 without one. `"steady_state"` (MSL's SteadyState, der(y) = 0):
the initialization requires u(t0) = 0 (which fixes something upstream: a controller's integrator in
steady state fixes the measured speed) and y takes whatever value the rest of the model needs; the
block then integrates `y_dev` = y − `y_t0`, which starts at 0, with `y_t0` a parameter fixed at
initialization. A signal block: no ports that carry power, no energy terms.)";
}

void Integrator::define(ComponentBuilder& b) const {
  const Expr k = b.parameter("k", "1/s", 1.0, "Integrator gain");
  const BlockInit init = control_init(b, true);
  const Expr u = b.input("u", "1", "Input signal");
  const Expr y = b.output("y", "1", "Output signal (the state)");
  const bool steady = init == BlockInit::SteadyState;
  const Expr state = conditioned_state(b, y, "y", "1", steady ? std::optional<Expr>(u) : std::nullopt);
  b.equation(der(state) - k * u, "integrator");
  const bool use_reset = b.flag("use_reset", false, "true: an input reset; y jumps to set (or y_start) when it becomes true");
  const bool use_set = b.flag("use_set", false, "true: an input set, the value a reset gives y (needs use_reset)");
  const Expr y_start = b.parameter("y_start", "1", 0.0, "The value a reset gives y without use_set");
  if (use_set && !use_reset) b.fail("use_set", "use_set needs use_reset: the set input is read when a reset happens");
  if (!use_reset) return;
  const Expr reset = b.input("reset", "1", "Resets y when it becomes true (above 0.5)");
  const Expr value = use_set ? b.input("set", "1", "The value a reset gives y") : y_start;
  const Expr resetting = b.boolean("resetting", "True while the reset input is");
  b.discrete_equation(resetting, reset > Expr(0.5));
  // The integrated state is y, or y − y_t0 for steady_state.
  const Expr offset = steady ? own_parameter_symbol(b, "y_t0") : Expr(0.0);
  b.reinit(resetting, state, value - offset);
}

}  // namespace acausal::signal_components
