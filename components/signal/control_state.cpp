#include "components/signal/control_state.hpp"

#include <string>
#include <vector>

namespace acausal::signal_components {

Expr own_parameter_symbol(ComponentBuilder& b, const std::string& local) {
  const std::string& instance = b.instance();
  return Expr::parameter(instance.empty() ? local : instance + "." + local);
}

Expr conditioned_state(ComponentBuilder& b, const Expr& x, std::string_view name, std::string_view unit,
                       const std::optional<Expr>& start_condition, std::string_view index) {
  if (!start_condition) return x;
  const std::string x_name = std::string(name) + std::string(index);
  const std::string local_t0 = std::string(name) + "_t0" + std::string(index);
  const Expr t0_symbol = own_parameter_symbol(b, local_t0);
  // The defining equation x_t0 = x_t0 + condition leaves the condition alone (the sum cancels
  // x_t0): one more equation of the initialization, and x_t0 one more unknown that x = x_t0 + x_dev
  // determines once x_dev starts at 0.
  const Expr t0 = b.initial_parameter(local_t0, unit, x_name + " at the start time, fixed by the block's initial condition",
                                      t0_symbol + *start_condition);
  const Expr dev = b.variable(std::string(name) + "_dev" + std::string(index), unit,
                              x_name + " − " + local_t0 + ": the integrated state, 0 at the start");
  b.equation(x - (t0 + dev), x_name + " from its value at the start and its change since");
  return dev;
}

BlockInit control_init(ComponentBuilder& b, bool with_initial_output) {
  std::vector<std::string> options = {"initial_state", "steady_state"};
  if (with_initial_output) options.emplace_back("initial_output");
  const std::string init = b.choice(
      "init", options, "initial_state",
      with_initial_output ? "How the states start: initial_state (the netlist's initial values, else 0), steady_state "
                            "(der of every state = 0), initial_output (y = y_start, the other states steady)"
                          : "How the states start: initial_state (the netlist's initial values, else 0) or steady_state "
                            "(der of every state = 0)");
  if (init == "steady_state") return BlockInit::SteadyState;
  if (init == "initial_output") return BlockInit::InitialOutput;
  return BlockInit::InitialState;
}

Limits read_limits(ComponentBuilder& b, const std::string& of) {
  const Expr u_max = b.parameter("uMax", "1", 1.0, "Upper limit " + of);
  const Expr u_min = b.parameter("uMin", "1", -value_or(u_max, 1.0), "Lower limit " + of + " (default −uMax)");
  if (value_or(u_min, 0.0) > value_or(u_max, 0.0))
    b.fail("uMin", "uMin must not exceed uMax, got uMin = " + number_text(u_min.constant_value()) +
                       " and uMax = " + number_text(u_max.constant_value()));
  return {u_max, u_min};
}

double value_or(const Expr& parameter, double fallback) {
  return parameter.is_constant() ? parameter.constant_value() : fallback;
}

}  // namespace acausal::signal_components
