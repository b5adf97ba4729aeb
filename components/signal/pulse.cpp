#include "components/signal/pulse.hpp"

#include <cmath>
#include <string>

namespace acausal::signal_components {

std::string_view Pulse::details() const {
  return R"(Period k (k = 0, 1, …) starts at T_k = start_time + k·period; y = offset + amplitude on
[T_k, T_k + width/100·period) for k < nperiod (every k with nperiod = −1), y = offset elsewhere and
before start_time.

The expressions have no floor function, so the pulse counts its periods with two discrete
variables instead, as Modelica's Pulse does: the Integer `count` (the periods started: 0 before
T_1) goes up by one at the event where time reaches T_{count+1}, and the Boolean `on` is
time ≥ start_time and time < T_count + width/100·period (and count < nperiod). Each edge is thus
an event: the start of a period and the end of a pulse are relations of time in the discrete
equations. A run that starts after start_time finds `count` in the initialization's event
iteration, one period per two of its 50 rounds: the start may be at most 24 periods after
start_time.)";
}

void Pulse::define(ComponentBuilder& b) const {
  const std::string unit = b.value_unit({"amplitude", "offset"});
  const Expr amplitude = b.parameter("amplitude", unit, 1.0, "Amplitude of the pulse");
  const ParameterCheck percent = [](double w) -> std::optional<std::string> {
    if (w > 0.0 && w <= 100.0) return std::nullopt;
    return "must be in (0, 100]";
  };
  const Expr width = b.parameter("width", "1", 50.0, "Width of the pulse in % of the period", percent);
  const Expr period = b.parameter("period", "s", 1.0, "Time of one period", positive());
  const ParameterCheck integer_from_minus_one = [](double n) -> std::optional<std::string> {
    if (n >= -1.0 && n == std::floor(n)) return std::nullopt;
    return "must be an integer ≥ -1 (-1: without end)";
  };
  const double nperiod = b.parameter_value("nperiod", "1", -1.0, "Number of periods (-1: without end)", integer_from_minus_one);
  const Expr offset = b.parameter("offset", unit, 0.0, "Output outside the pulses");
  const Expr start_time = b.parameter("start_time", "s", 0.0, "Time the first period starts");
  const Expr y = b.output("y", unit, "Output signal");

  const Expr count = b.integer("count", "Periods started since start_time (0 before the second period starts)");
  const Expr on = b.boolean("on", "True during a pulse");
  const Expr time = Expr::time();
  const Expr last = b.pre(count);
  // Each relation of time is written as `indicator >= 0` (or `< 0`), with the indicator the root
  // finder watches as its operand: at the event the discrete equations compare the very number
  // whose crossing the root finder reported. Written as `time >= t_k`, the two sides are rounded
  // apart and at the root the comparison may still see time before t_k (the indicator of a time
  // event has no hysteresis band), and the event would be lost.
  const auto reached = [&time](const Expr& instant) { return time - instant >= Expr(0.0); };
  // count goes up when time reaches the start of the next period; with nperiod periods it stops at
  // nperiod (a relation of count alone: it compares at events, no event of its own).
  Expr next_period = reached(start_time + (last + 1.0) * period);
  if (nperiod >= 0.0) next_period = logical_and(last < Expr(nperiod), next_period);
  b.discrete_equation(count, if_else(next_period, last + 1.0, last));
  // The pulse of the current period (count is its new value here: its equation came first).
  Expr pulse = logical_and(reached(start_time), logical_not(reached(start_time + count * period + width / 100.0 * period)));
  if (nperiod >= 0.0) pulse = logical_and(count < Expr(nperiod), pulse);
  b.discrete_equation(on, pulse);
  b.equation(y - (offset + if_else(on, amplitude, 0.0)), "pulse");
}

}  // namespace acausal::signal_components
