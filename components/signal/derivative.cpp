#include "components/signal/derivative.hpp"

#include <optional>

#include "components/signal/control_state.hpp"

namespace acausal::signal_components {

std::string_view Derivative::details() const {
  return R"(MSL 4.0.0's Continuous.Derivative block: the derivative of u, approximated by a lag of time
constant T (the state x),

    T·der(x) = u − x
    y        = (k/T)·(u − x)          (transfer function k·s/(T·s + 1))

so that after a step of u by h at t1, y = (k·h/T)·exp(−(t − t1)/T); for slow inputs y ≈ k·der(u).
MSL declares k with the unit 1; here it is in s, so that y keeps the unit of u (the number in a
netlist is the same value).

Initialization (`init`, MSL's initType; MSL's default NoInit with x_start = 0 is `"initial_state"`):
`"initial_state"` (default): x starts at the netlist's `"initial": { "x": … }`, 0 without one.
`"steady_state"` (der(x) = 0): x starts at u(t0), so y starts at 0. `"initial_output"`: y starts at
y_start (x = u(t0) − T·y_start/k). With a condition, the block integrates `x_dev` = x − `x_t0`,
which starts at 0, with `x_t0` a parameter fixed at initialization. A signal block: no energy
terms.)";
}

void Derivative::define(ComponentBuilder& b) const {
  const Expr k = b.parameter("k", "s", 1.0, "Gain: y ≈ k·der(u)");
  const Expr T = b.parameter("T", "s", 0.01, "Time constant of the approximation", positive());
  const BlockInit init = control_init(b, true);
  const Expr y_start = b.parameter("y_start", "1", 0.0, "Output at the start time (initial_output)");
  const Expr u = b.input("u", "1", "Input signal");
  const Expr y = b.output("y", "1", "Approximate derivative of u times k");
  const Expr x = b.variable("x", "1", "State of the block (the lagged input)");
  std::optional<Expr> condition;
  if (init == BlockInit::SteadyState) condition = u - x;
  if (init == BlockInit::InitialOutput) condition = y - y_start;
  const Expr state = conditioned_state(b, x, "x", "1", condition);
  b.equation(T * der(state) - (u - x), "lag of the input");
  b.equation(T * y - k * (u - x), "approximate derivative");
}

}  // namespace acausal::signal_components
