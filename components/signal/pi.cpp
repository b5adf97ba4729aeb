#include "components/signal/pi.hpp"

#include <optional>

#include "components/signal/control_state.hpp"

namespace acausal::signal_components {

std::string_view PI::details() const {
  return R"(MSL 4.0.0's Continuous.PI block: a proportional-integral controller with the state x,

    T·der(x) = u
    y        = k·(x + u)              (transfer function k·(T·s + 1)/(T·s))

so that after a step of u by h at t1 from rest (x = 0), y = k·h·(1 + (t − t1)/T).

Initialization (`init`, MSL's initType; MSL's default NoInit with x_start = 0 is `"initial_state"`):
`"initial_state"` (default): x starts at the netlist's `"initial": { "x": … }`, 0 without one.
`"steady_state"` (der(x) = 0): the initialization requires u(t0) = 0 (a condition on what drives
the controller) and x takes the value the rest of the model needs. `"initial_output"`: y starts at
y_start. With a condition, the block integrates `x_dev` = x − `x_t0`, which starts at 0, with
`x_t0` a parameter fixed at initialization. A signal block: no energy terms.)";
}

void PI::define(ComponentBuilder& b) const {
  const Expr k = b.parameter("k", "1", 1.0, "Gain");
  const Expr T = b.parameter("T", "s", 1.0, "Time constant of the integral part", positive());
  const BlockInit init = control_init(b, true);
  const Expr y_start = b.parameter("y_start", "1", 0.0, "Output at the start time (initial_output)");
  const Expr u = b.input("u", "1", "Input signal (the control error)");
  const Expr y = b.output("y", "1", "Output signal");
  const Expr x = b.variable("x", "1", "State of the integral part");
  std::optional<Expr> condition;
  if (init == BlockInit::SteadyState) condition = u;
  if (init == BlockInit::InitialOutput) condition = y - y_start;
  const Expr state = conditioned_state(b, x, "x", "1", condition);
  b.equation(T * der(state) - u, "integral part");
  b.equation(y - k * (x + u), "proportional and integral parts");
}

}  // namespace acausal::signal_components
