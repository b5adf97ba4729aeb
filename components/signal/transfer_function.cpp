#include "components/signal/transfer_function.hpp"

#include <optional>
#include <string>
#include <vector>

#include "components/signal/control_state.hpp"

namespace acausal::signal_components {

std::string_view TransferFunction::details() const {
  return R"(MSL 4.0.0's Continuous.TransferFunction block: the linear transfer function

    y/u = (b[1]·s^(nb−1) + … + b[nb]) / (a[1]·s^(na−1) + … + a[na])        (nb ≤ na, a[1] ≠ 0)

realized, as in MSL, in controller canonical form with the na − 1 states x[1..na−1] (b padded
with leading zeros to na coefficients bb, d = bb[1]/a[1]):

    a[1]·der(x[1]) = u − (a[2]·x[1] + … + a[na]·x[na−1])
    der(x[i])      = x[i−1]                                     i = 2..na−1
    y              = (bb[2] − d·a[2])·x[1] + … + (bb[na] − d·a[na])·x[na−1] + d·u

The coefficients are numbers for s in 1/s (the equations carry the constant `time_unit` = 1 s so
that every term keeps the unit of u). With na = 1 the block is the gain b[1]/a[1] (MSL's defaults
b = [1], a = [1]: y = u). MSL scales its states by a[na] for the solver; this block leaves them
unscaled (the same trajectories).

Initialization (`init`, MSL's initType; MSL's default NoInit with x_start = 0 is
`"initial_state"`): `"initial_state"`: x[i] starts at the netlist's `"initial"` value (`"x": [ … ]`
or `"x[2]": …`), 0 without one. `"steady_state"`: der(x) = 0 at the start (x[1..na−2] = 0 and
a[na]·x[na−1] = u(t0); with a[na] = 0, an integrator, this requires u(t0) = 0). `"initial_output"`:
y = y_start and der(x[2..na−1]) = 0. With a condition, x[i] is integrated as `x_dev[i]` = x[i] −
`x_t0[i]`, which starts at 0, with `x_t0[i]` a parameter fixed at initialization. A signal block: no
energy terms.)";
}

void TransferFunction::define(ComponentBuilder& b) const {
  const std::vector<double> num = b.vector_parameter("b", "1", {1.0}, "Numerator coefficients, highest power of s first");
  const std::vector<double> den = b.vector_parameter("a", "1", {1.0}, "Denominator coefficients, highest power of s first");
  const BlockInit init = control_init(b, true);
  const Expr y_start = b.parameter("y_start", "1", 0.0, "Output at the start time (initial_output)");
  if (den[0] == 0.0) b.fail("a", {0}, "a[1] must not be zero");
  if (num.size() > den.size())
    b.fail("b", "b must not have more coefficients than a, got " + std::to_string(num.size()) + " and " +
                    std::to_string(den.size()));
  const std::size_t na = den.size(), nx = na - 1;
  std::vector<double> bb(na - num.size(), 0.0);
  bb.insert(bb.end(), num.begin(), num.end());
  const double d = bb[0] / den[0];

  const Expr u = b.input("u", "1", "Input signal");
  const Expr y = b.output("y", "1", "Output signal");
  const Expr time_unit = nx > 0 ? b.constant("time_unit", "s", 1.0, "The unit of 1/s the coefficients are numbers for")
                                : Expr(1.0);
  std::vector<Expr> x;
  for (std::size_t i = 0; i < nx; ++i)
    x.push_back(b.variable("x[" + std::to_string(i + 1) + "]", "1", "State " + std::to_string(i + 1) + " of the controller canonical form"));
  Expr feedback = 0.0, output = d * u;
  for (std::size_t i = 0; i < nx; ++i) {
    feedback = feedback + den[i + 1] * x[i];
    output = output + (bb[i + 1] - d * den[i + 1]) * x[i];
  }
  for (std::size_t i = 0; i < nx; ++i) {
    const std::string index = "[" + std::to_string(i + 1) + "]";
    // The rate of x[i] as the equation writes it, in x's unit (times time_unit): its steady condition.
    const Expr rate = i == 0 ? u - feedback : x[i - 1];
    std::optional<Expr> condition;
    if (init == BlockInit::SteadyState || (init == BlockInit::InitialOutput && i > 0)) condition = rate;
    if (init == BlockInit::InitialOutput && i == 0) condition = y - y_start;
    const Expr state = conditioned_state(b, x[i], "x", "1", condition, index);
    if (i == 0)
      b.equation(den[0] * time_unit * der(state) - rate, "controller canonical form, x[1]");
    else
      b.equation(time_unit * der(state) - rate, "controller canonical form, x" + index);
  }
  b.equation(y - output, "output");
}

}  // namespace acausal::signal_components
