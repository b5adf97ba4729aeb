#include "components/signal/lim_pid.hpp"

#include <algorithm>
#include <optional>
#include <string>

#include "components/signal/control_state.hpp"

namespace acausal::signal_components {

std::string_view LimPID::details() const {
  return R"(MSL 4.0.0's Continuous.LimPID block: a P, PI, PD or PID controller (`controller_type`,
default "PID") with a limited output, anti-windup by tracking, set-point weighting and an optional
feed-forward input. With the set point u_s and the measurement u_m:

    controlError = u_s − u_m
    P = wp·u_s − u_m                                   (proportional part, set-point weight wp)
    D = (Td/T_D)·(wd·u_s − u_m − xd),  T_D·der(xd) = wd·u_s − u_m − xd,  T_D = max(Td/Nd, 1e-14)
                                                       (PD, PID: approximate derivative, weight wd)
    Ti·der(xi) = u_s − u_m + (y − v)/(k·Ni)            (PI, PID: integral with anti-windup)
    v = k·(P + D + xi) + kFF·u_ff                      (u_ff only with with_feed_forward)
    y = yMax if v > yMax,  yMin if v < yMin,  else v

The parts a controller type does not have are zero (P: no xi, no xd). While the limiter holds y,
the tracking term (y − v)/(k·Ni) pulls the integral back so that v returns to the limit with the time
constant Ni·Ti: the integrator does not wind up. The limiter's switches are events (indicators
v − yMax, v − yMin). A Td of 0 leaves out the derivative part (MSL's Derivative with zero gain).

Parameters as MSL's: k > 0 (MSL allows 0, which divides the tracking gain by zero), Ti > 0, Td ≥ 0,
yMax, yMin (default −yMax, not above yMax), wp ≥ 0, wd ≥ 0, Ni > 0, Nd > 0, `with_feed_forward`
(MSL's withFeedForward) and kFF. MSL's strict and homotopyType concern its event handling and
homotopy initialization and are not parameters here.

Initialization (`init`, MSL's initType; default initial_state as in MSL): `"initial_state"`: xi
and xd start at the netlist's `"initial"` values (MSL's xi_start, xd_start), 0 without them.
`"steady_state"`: der(xi) = 0 and der(xd) = 0 at the start; der(xi) = 0 is a condition on the
inputs (the control error is zero while the limiter is inactive), so xi takes whatever value the
loop needs. `"initial_output"` (PI and PID only): k·(P + D + xi) = y_start at the start (y_start
within [yMin, yMax]) and der(xd) = 0. A state with such a condition is integrated as `xi_dev` =
xi − `xi_t0` (`xd_dev` = xd − `xd_t0`), which starts at 0, with `xi_t0` a parameter fixed at
initialization. A signal block: no energy terms.)";
}

void LimPID::define(ComponentBuilder& b) const {
  const std::string type = b.choice("controller_type", {"P", "PI", "PD", "PID"}, "PID", "Type of controller");
  const Expr k = b.parameter("k", "1", 1.0, "Gain of the controller", positive());
  const Expr Ti = b.parameter("Ti", "s", 0.5, "Time constant of the integral part (PI, PID)", positive());
  const Expr Td = b.parameter("Td", "s", 0.1, "Time constant of the derivative part (PD, PID)", non_negative());
  const Expr y_max = b.parameter("yMax", "1", 1.0, "Upper limit of the output");
  const Expr y_min = b.parameter("yMin", "1", -value_or(y_max, 1.0), "Lower limit of the output (default −yMax)");
  const Expr wp = b.parameter("wp", "1", 1.0, "Set-point weight of the proportional part", non_negative());
  const Expr wd = b.parameter("wd", "1", 0.0, "Set-point weight of the derivative part", non_negative());
  const Expr Ni = b.parameter("Ni", "1", 0.9, "Ni·Ti is the time constant of the anti-windup tracking", positive());
  const Expr Nd = b.parameter("Nd", "1", 10.0, "The higher Nd, the more ideal the derivative part", positive());
  const bool with_ff = b.flag("with_feed_forward", false, "true: a feed-forward input u_ff adds kFF·u_ff before the limiter");
  const Expr kFF = b.parameter("kFF", "1", 1.0, "Gain of the feed-forward input");
  const BlockInit init = control_init(b, true);
  const Expr y_start = b.parameter("y_start", "1", 0.0, "Output k·(P + D + xi) at the start time (initial_output)");
  if (value_or(y_min, 0.0) > value_or(y_max, 0.0))
    b.fail("yMin", "yMin must not exceed yMax, got yMin = " + number_text(y_min.constant_value()) +
                       " and yMax = " + number_text(y_max.constant_value()));
  const bool with_i = type == "PI" || type == "PID";
  const bool with_d = (type == "PD" || type == "PID") && !(Td.is_constant() && Td.constant_value() == 0.0);
  if (init == BlockInit::InitialOutput) {
    if (!with_i) b.fail("init", "initial_output needs an integral part (controller_type PI or PID), got " + type);
    if (y_start.is_constant() && y_min.is_constant() && y_max.is_constant() &&
        (y_start.constant_value() > y_max.constant_value() || y_start.constant_value() < y_min.constant_value()))
      b.fail("y_start", "y_start must be within [yMin, yMax] = [" + number_text(y_min.constant_value()) + ", " +
                            number_text(y_max.constant_value()) + "], got " + number_text(y_start.constant_value()));
  }

  const Expr u_s = b.input("u_s", "1", "Set point");
  const Expr u_m = b.input("u_m", "1", "Measurement");
  const Expr u_ff = with_ff ? b.input("u_ff", "1", "Feed-forward input") : Expr(0.0);
  const Expr y = b.output("y", "1", "Controller output, limited to [yMin, yMax]");
  const Expr error = b.variable("controlError", "1", "Control error u_s − u_m");
  const Expr v = b.variable("v", "1", "Limiter input k·(P + D + xi) + kFF·u_ff");
  b.equation(error - (u_s - u_m), "control error");

  Expr d_part = 0.0;
  if (with_d) {
    const Expr T_D = (Td.is_constant() && Nd.is_constant()) ? Expr(std::max(Td.constant_value() / Nd.constant_value(), 1e-14))
                                                            : Td / Nd;
    const Expr xd = b.variable("xd", "1", "State of the derivative part");
    const Expr u_d = wd * u_s - u_m;
    const std::optional<Expr> condition =
        init == BlockInit::InitialState ? std::nullopt : std::optional<Expr>(u_d - xd);
    const Expr state = conditioned_state(b, xd, "xd", "1", condition);
    b.equation(T_D * der(state) - (u_d - xd), "derivative part's lag");
    d_part = Td / T_D * (u_d - xd);
  }
  const Expr pid_without_i = wp * u_s - u_m + d_part;
  Expr i_part = 0.0;
  if (with_i) {
    const Expr xi = b.variable("xi", "1", "State of the integral part");
    const Expr rate = error + (y - v) / (k * Ni);  // Ti·der(xi)
    std::optional<Expr> condition;
    if (init == BlockInit::SteadyState) condition = rate;
    if (init == BlockInit::InitialOutput) condition = k * (pid_without_i + xi) - y_start;
    const Expr state = conditioned_state(b, xi, "xi", "1", condition);
    b.equation(Ti * der(state) - rate, "integral part with anti-windup");
    i_part = xi;
  }
  b.equation(v - (k * (pid_without_i + i_part) + kFF * u_ff), "limiter input");
  b.equation(y - if_else(v > y_max, y_max, if_else(v < y_min, y_min, v)), "output limiter");
}

}  // namespace acausal::signal_components
