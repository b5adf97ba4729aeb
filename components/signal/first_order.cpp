#include "components/signal/first_order.hpp"

#include "components/signal/block_init.hpp"

namespace acausal::signal_components {

std::string_view FirstOrder::details() const {
  return R"(MSL 4.0.0's FirstOrder block: y follows k·u with the time constant T,

    T·der(y) = k·u − y          (transfer function k/(T·s + 1))

so that after a step of u from u0 to u1 at t1, y = k·u1 + (y(t1) − k·u1)·exp(−(t − t1)/T).

Initialization (`init`, MSL's initType): `"initial_state"` (default; MSL's InitialState and, with
its start value 0, NoInit): y starts at the netlist's `"initial": { "y": … }`, 0 without one.
`"steady_state"` (MSL's SteadyState, der(y) = 0): y starts at k·u(t0), whatever u is then; the
block then integrates `y_dev` = y − k·u_start, which starts at 0, with `u_start` the input at the
start time (a parameter fixed at initialization); an initial value the netlist gives for y replaces
the steady start. A signal block: no ports that carry power, no energy terms.)";
}

void FirstOrder::define(ComponentBuilder& b) const {
  const Expr k = b.parameter("k", "1", 1.0, "Gain");
  const Expr T = b.parameter("T", "s", 1.0, "Time constant", nonzero());
  const BlockInit init = block_init(b, false);
  const Expr u = b.input("u", "1", "Input signal");
  const Expr y = b.output("y", "1", "Output signal (the state)");
  const Expr state = output_state(b, init, k, u, y);
  b.equation(T * der(state) - (k * u - y), "first-order lag");
}

}  // namespace acausal::signal_components
