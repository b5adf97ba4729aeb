#include "components/signal/integrator.hpp"

#include <optional>

#include "components/signal/control_state.hpp"

namespace acausal::signal_components {

std::string_view Integrator::details() const {
  return R"(MSL 4.0.0's Continuous.Integrator block (without its reset and set ports): the output is the
integral of the input times the gain,

    der(y) = k·u          (transfer function k/s)

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
  const Expr state = conditioned_state(b, y, "y", "1", init == BlockInit::SteadyState ? std::optional<Expr>(u) : std::nullopt);
  b.equation(der(state) - k * u, "integrator");
}

}  // namespace acausal::signal_components
