#include "components/signal/trapezoid.hpp"

#include <cmath>
#include <optional>
#include <string>

#include "components/signal/control_state.hpp"

namespace acausal::signal_components {

namespace {

std::string seconds(double v) { return number_text(v, 15) + " s"; }

}  // namespace

void Trapezoid::define(ComponentBuilder& b) const {
  const std::string unit = b.value_unit({"amplitude", "offset"});
  const Expr amplitude = b.parameter("amplitude", unit, 1.0, "Amplitude of the trapezoid");
  const double rising = b.parameter_value("rising", "s", 0.0, "Duration of the rise", non_negative());
  const double width = b.parameter_value("width", "s", 0.5, "Duration at offset + amplitude", non_negative());
  const double falling = b.parameter_value("falling", "s", 0.0, "Duration of the fall", non_negative());
  const double period = b.parameter_value("period", "s", 1.0, "Time of one period", positive());
  const ParameterCheck integer_from_minus_one = [](double n) -> std::optional<std::string> {
    if (n >= -1.0 && n == std::floor(n)) return std::nullopt;
    return "must be an integer ≥ -1 (-1: without end)";
  };
  const double nperiod = b.parameter_value("nperiod", "1", -1.0, "Number of periods (-1: without end)", integer_from_minus_one);
  const Expr offset = b.parameter("offset", unit, 0.0, "Output outside the trapezoids");
  const Expr start_time = b.parameter("start_time", "s", 0.0, "Time the first period starts");
  if (rising + width + falling > period)
    b.fail("period", "rising + width + falling (" + seconds(rising + width + falling) +
                         ") must not exceed the period (" + seconds(period) + ")");
  const Expr y = b.output("y", unit, "Output signal");

  const Expr count = b.integer("count", "Periods started since start_time (0 before the second period starts)");
  const Expr time = Expr::time();
  // Relations of time written as `indicator >= 0` (or `< 0`), as signal.Pulse writes them: at the
  // event the comparison sees the very number whose crossing the root finder located.
  const auto reached = [&time](const Expr& instant) { return time - instant >= Expr(0.0); };
  const auto before = [&time](const Expr& instant) { return time - instant < Expr(0.0); };
  const Expr last = b.pre(count);
  Expr next_period = reached(start_time + (last + 1.0) * period);
  if (nperiod >= 0.0) next_period = logical_and(last < Expr(nperiod), next_period);
  b.discrete_equation(count, if_else(next_period, last + 1.0, last));

  const Expr period_start = start_time + count * period;
  const Expr tau = time - period_start;
  // Within the period, from its end backwards: 0 after the fall, the fall, the top, the rise.
  Expr shape = 0.0;
  if (falling > 0.0)
    shape = if_else(before(period_start + (rising + width + falling)), amplitude * (rising + width + falling - tau) / falling,
                    shape);
  shape = if_else(before(period_start + (rising + width)), amplitude, shape);
  if (rising > 0.0) shape = if_else(before(period_start + rising), amplitude * tau / rising, shape);
  Expr active = reached(start_time);
  if (nperiod >= 0.0) active = logical_and(count < Expr(nperiod), active);
  b.equation(y - (offset + if_else(active, shape, 0.0)), "trapezoid");
}

}  // namespace acausal::signal_components
