#include "components/signal/second_order.hpp"

#include "components/signal/block_init.hpp"

namespace acausal::signal_components {

std::string_view SecondOrder::details() const {
  return R"(MSL 4.0.0's SecondOrder block: a damped oscillator of natural angular frequency w and
damping ratio D driven toward k·u, with MSL's two states, the output y and its derivative yd:

    der(y)  = yd
    der(yd) = w·(w·(k·u − y) − 2·D·yd)         (transfer function k/((s/w)² + 2·D·(s/w) + 1))

D < 1 oscillates at w·√(1 − D²) with the envelope exp(−D·w·t), D = 1 is critically damped, D > 1
creeps. MSL gives w no unit; here it is in rad/s (a number in a netlist is the same value).

Initialization (`init`, MSL's initType): `"initial_state"` (default; MSL's InitialState and
InitialOutput, and NoInit with its start values 0): y and yd start at the netlist's `"initial"`
values, 0 without them. `"steady_state"` (MSL's SteadyState, der(y) = der(yd) = 0): y starts at
k·u(t0) and yd at 0; the block then integrates `y_dev` = y − k·u_start, which starts at 0, with
`u_start` the input at the start time (a parameter fixed at initialization); initial values the
netlist gives for y or yd replace their steady start. A signal block: no ports that carry power, no
energy terms.)";
}

void SecondOrder::define(ComponentBuilder& b) const {
  const Expr k = b.parameter("k", "1", 1.0, "Gain");
  const Expr w = b.parameter("w", "rad/s", 1.0, "Angular frequency", positive());
  const Expr D = b.parameter("D", "1", 1.0, "Damping");
  const BlockInit init = block_init(b, false);
  const Expr u = b.input("u", "1", "Input signal");
  const Expr y = b.output("y", "1", "Output signal (a state)");
  const Expr yd = b.variable("yd", "1/s", "Derivative of y (a state)");
  const Expr state = output_state(b, init, k, u, y);
  b.equation(der(state) - yd, "yd is the rate of y");
  b.equation(der(yd) - w * (w * (k * u - y) - 2.0 * D * yd), "second-order lag");
}

}  // namespace acausal::signal_components
