#include "components/signal/pid.hpp"

#include <algorithm>
#include <optional>

#include "components/signal/control_state.hpp"

namespace acausal::signal_components {

std::string_view PID::details() const {
  return R"(MSL 4.0.0's Continuous.PID block: a PID controller (no limit, no set-point weighting; see
signal.LimPID for those) with the integral state xi and the derivative's state xd:

    Ti·der(xi)  = u                                   (integral part I = xi)
    T_D·der(xd) = u − xd,  D = (Td/T_D)·(u − xd)      (derivative part, T_D = max(Td/Nd, 1e-14))
    y           = k·(u + xi + D)

so that after a step of u by h at t1 from rest, y = k·h·(1 + (t − t1)/Ti + Nd·exp(−(t − t1)/T_D)).
A Td of 0 leaves out the derivative part (MSL's Derivative with zero gain).

Initialization (`init`, MSL's initType; default `"initial_state"` as MSL's InitialState):
`"initial_state"`: xi and xd start at the netlist's `"initial"` values (MSL's xi_start,
xd_start), 0 without them. `"steady_state"`: der(xi) = 0, which requires u(t0) = 0, and
der(xd) = 0 (xd = u(t0)). `"initial_output"`: y = y_start and der(xd) = 0. With a condition, a
state is integrated as `xi_dev` = xi − `xi_t0` (`xd_dev`, `xd_t0`), which starts at 0, with `xi_t0`
a parameter fixed at initialization. A signal block: no energy terms.)";
}

void PID::define(ComponentBuilder& b) const {
  const Expr k = b.parameter("k", "1", 1.0, "Gain");
  const Expr Ti = b.parameter("Ti", "s", 0.5, "Time constant of the integral part", positive());
  const Expr Td = b.parameter("Td", "s", 0.1, "Time constant of the derivative part", non_negative());
  const Expr Nd = b.parameter("Nd", "1", 10.0, "The higher Nd, the more ideal the derivative part", positive());
  const BlockInit init = control_init(b, true);
  const Expr y_start = b.parameter("y_start", "1", 0.0, "Output at the start time (initial_output)");
  const Expr u = b.input("u", "1", "Input signal (the control error)");
  const Expr y = b.output("y", "1", "Output signal");
  const bool with_d = !(Td.is_constant() && Td.constant_value() == 0.0);

  Expr d_part = 0.0;
  if (with_d) {
    const Expr T_D = (Td.is_constant() && Nd.is_constant()) ? Expr(std::max(Td.constant_value() / Nd.constant_value(), 1e-14))
                                                            : Td / Nd;
    const Expr xd = b.variable("xd", "1", "State of the derivative part");
    const std::optional<Expr> condition = init == BlockInit::InitialState ? std::nullopt : std::optional<Expr>(u - xd);
    const Expr state = conditioned_state(b, xd, "xd", "1", condition);
    b.equation(T_D * der(state) - (u - xd), "derivative part's lag");
    d_part = Td / T_D * (u - xd);
  }
  const Expr xi = b.variable("xi", "1", "State of the integral part");
  std::optional<Expr> condition;
  if (init == BlockInit::SteadyState) condition = u;
  if (init == BlockInit::InitialOutput) condition = y - y_start;
  const Expr state = conditioned_state(b, xi, "xi", "1", condition);
  b.equation(Ti * der(state) - u, "integral part");
  b.equation(y - k * (u + xi + d_part), "proportional, integral and derivative parts");
}

}  // namespace acausal::signal_components
