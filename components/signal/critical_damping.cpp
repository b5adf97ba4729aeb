#include "components/signal/critical_damping.hpp"

#include <cmath>
#include <numbers>
#include <optional>
#include <string>

#include "components/signal/block_init.hpp"

namespace acausal::signal_components {

std::string_view CriticalDamping::details() const {
  return R"(MSL 4.0.0's CriticalDamping block: the transfer function 1/(s/w + 1)ⁿ, realized as n
first-order lags in series whose outputs are the states x[1..n]:

    der(x[1]) = (u − x[1])·w
    der(x[i]) = (x[i−1] − x[i])·w          i = 2..n
    y         = k·x[n]
    w         = 2π·f/alpha,   alpha = √(2^(1/n) − 1) if normalized, else 1

Normalized (the default), the amplitude of y/u at the cut-off frequency f is 1/√2 (−3 dB) whatever
n is, since (1 + alpha²)^(n/2) = √2; unnormalized, every lag has its corner at f. The step response
has no overshoot. `k` scales the output only (MSL's block has no gain: k = 1); the states are in
the units of u. (MSL's Continuous.Filter with analogFilter = CriticalDamping normalizes with
alpha = √(10^(3/(10·n)) − 1), the exact −3 dB point, instead of 2^(1/n): that filter is this block
with normalized = false and f = f_cut/alpha.)

Initialization (`init`, MSL's initType): `"initial_state"` (default; MSL's InitialState and NoInit
with x_start = 0): every x[i] starts at the netlist's `"initial"` value (`"x": [ … ]` or
`"x[2]": …`), 0 without one. `"steady_state"` (MSL's SteadyState, der(x) = 0): every x[i] starts at
u(t0). `"initial_output"` (MSL's InitialOutput, y = y_start): y starts at the netlist's
`"initial": { "y": … }` (or x[n] at that of x[n]), 0 without one, and x[1..n−1] in steady state at
u(t0). A state that starts in steady state is integrated as `x_dev[i]` = x[i] − u_start, which
starts at 0, with `u_start` the input at the start time (a parameter fixed at initialization); an
initial value the netlist gives for such an x[i] replaces its steady start. A signal block: no
ports that carry power, no energy terms.)";
}

void CriticalDamping::define(ComponentBuilder& b) const {
  const ParameterCheck integer_order = [](double v) -> std::optional<std::string> {
    if (v >= 1.0 && v == std::floor(v) && v <= 1000.0) return std::nullopt;
    return "must be an integer from 1 to 1000";
  };
  const int n = static_cast<int>(b.parameter_value("n", "1", 2.0, "Order of the filter", integer_order));
  const Expr f = b.parameter("f", "Hz", 1.0, "Cut-off frequency", positive());
  const bool normalized =
      b.flag("normalized", true, "true: the amplitude at f is 1/sqrt(2) (-3 dB); false: every lag has its corner at f");
  const Expr k = b.parameter("k", "1", 1.0, "Gain of the output, y = k*x[n] (MSL's block: 1)");
  const BlockInit init = block_init(b, true);
  const Expr u = b.input("u", "1", "Input signal");
  const Expr y = b.output("y", "1", "Output signal, k·x[n]");

  const double alpha = normalized ? std::sqrt(std::pow(2.0, 1.0 / n) - 1.0) : 1.0;
  const Expr w = 2.0 * std::numbers::pi * f / alpha;
  std::optional<Expr> u_start;
  if (init != BlockInit::InitialState) u_start = b.initial_parameter("u_start", "1", "Input at the start time", u);
  Expr previous = u;
  for (int i = 1; i <= n; ++i) {
    const std::string index = "[" + std::to_string(i) + "]";
    const Expr x = b.variable("x" + index, "1", "Filter state " + std::to_string(i) + " (output of lag " +
                                                     std::to_string(i) + ")");
    const bool steady = init == BlockInit::SteadyState || (init == BlockInit::InitialOutput && i < n);
    Expr state = x;
    if (steady) {
      state = b.variable("x_dev" + index, "1", "x" + index + " − u_start: the state, 0 at the start (steady state)");
      b.equation(x - (*u_start + state), "state from its deviation from the steady state at the start");
    }
    b.equation(der(state) - (previous - x) * w, "first-order lag " + std::to_string(i));
    previous = x;
  }
  b.equation(y - k * previous, "output");
}

}  // namespace acausal::signal_components
