#include "components/signal/block_init.hpp"

#include <optional>
#include <string>
#include <vector>

namespace acausal::signal_components {

BlockInit block_init(ComponentBuilder& b, bool with_initial_output) {
  std::vector<std::string> options = {"initial_state", "steady_state"};
  if (with_initial_output) options.emplace_back("initial_output");
  const std::string init = b.choice("init", options, "initial_state",
                                    with_initial_output
                                        ? "How the states start: initial_state (the netlist's initial values, else 0), "
                                          "steady_state (der(x) = 0), initial_output (y given, the other states steady)"
                                        : "How the states start: initial_state (the netlist's initial values, else 0) "
                                          "or steady_state (der of every state = 0)");
  if (init == "steady_state") return BlockInit::SteadyState;
  if (init == "initial_output") return BlockInit::InitialOutput;
  return BlockInit::InitialState;
}

Expr output_state(ComponentBuilder& b, BlockInit init, const Expr& k, const Expr& u, const Expr& y) {
  if (init != BlockInit::SteadyState) return y;
  const Expr u_start = b.initial_parameter("u_start", "1", "Input at the start time", u);
  const Expr state = b.variable("y_dev", "1", "y − k·u_start: the state, 0 at the start (steady state)");
  b.equation(y - (k * u_start + state), "output from its deviation from the steady state at the start");
  return state;
}

ParameterCheck nonzero() {
  return [](double value) -> std::optional<std::string> {
    if (value != 0.0) return std::nullopt;
    return "must not be zero";
  };
}

}  // namespace acausal::signal_components
