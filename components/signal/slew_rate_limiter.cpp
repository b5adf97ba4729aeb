#include "components/signal/slew_rate_limiter.hpp"

#include <optional>

#include "components/signal/control_state.hpp"

namespace acausal::signal_components {

std::string_view SlewRateLimiter::details() const {
  return R"(MSL 4.0.0's Nonlinear.SlewRateLimiter block (strict = false): y follows u with the time
constant Td, but no faster than Rising and no slower than Falling:

    der(y) = Rising            if (u − y)/Td > Rising
    der(y) = Falling           if (u − y)/Td < Falling
    der(y) = (u − y)/Td        otherwise

A step of u is thus followed by a ramp of slope Rising (or Falling) that ends in a short lag of
time constant Td. The switches are events. Falling defaults to −Rising.

Initialization (`init`, MSL's initType): `"steady_state"` (default, as MSL's): y starts at u(t0)
(der(y) = 0); the block then integrates `y_dev` = y − `y_t0`, which starts at 0, with `y_t0` a
parameter fixed at initialization. `"initial_state"`: y starts at the netlist's
`"initial": { "y": … }` (MSL's y_start), 0 without one. A signal block: no energy terms.)";
}

void SlewRateLimiter::define(ComponentBuilder& b) const {
  const Expr rising = b.parameter("Rising", "1/s", 1.0, "Maximum rising slew rate", positive());
  const Expr falling = b.parameter("Falling", "1/s", -value_or(rising, 1.0), "Maximum falling slew rate (default −Rising)");
  const Expr Td = b.parameter("Td", "s", 0.001, "Time constant of the derivative approximation", positive());
  const std::string init = b.choice("init", {"initial_state", "steady_state"}, "steady_state",
                                    "How y starts: initial_state (the netlist's initial value, else 0) or steady_state (y = u; MSL's default)");
  if (value_or(falling, -1.0) >= 0.0)
    b.fail("Falling", "Falling must be negative, got " + number_text(falling.constant_value()));
  const Expr u = b.input("u", "1", "Input signal");
  const Expr y = b.output("y", "1", "Output signal (the state)");
  const std::optional<Expr> condition = init == "steady_state" ? std::optional<Expr>(u - y) : std::nullopt;
  const Expr state = conditioned_state(b, y, "y", "1", condition);
  const Expr rate = (u - y) / Td;
  b.equation(der(state) - if_else(rate > rising, rising, if_else(rate < falling, falling, rate)), "limited slew rate");
}

}  // namespace acausal::signal_components
