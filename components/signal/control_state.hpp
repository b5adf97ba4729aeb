#pragma once
/// @file
/// How the control blocks (Integrator, PI, PID, LimPID, Derivative, TransferFunction, StateSpace,
/// SlewRateLimiter) start their states when MSL's initType asks for an initial equation that is
/// not a start value of the state (der(x) = 0 for an integrating state, y = y_start for an output
/// that is not a state).

#include <optional>
#include <string>
#include <string_view>

#include "components/signal/block_init.hpp"
#include "core/model/component.hpp"
#include "core/model/errors.hpp"

namespace acausal::signal_components {

/// The variable a block differentiates for its state x: x itself (x then starts at the netlist's
/// "initial" value, 0 without one), or, when `start_condition` is given, `<name>_dev` = x − x_t0,
/// which starts at 0, with `<name>_t0` a parameter fixed at initialization by the condition
/// start_condition = 0 at the start time. The condition takes the place of x's start value: with
/// start_condition = T·der(x) (the state's rate written from its inputs), x starts in steady
/// state whatever it is then, and what the rate reads (an integrator's input) must make it zero.
/// `unit` is x's unit.
/// `index` ("[2]") follows the names: `x_t0[2]`, `x_dev[2]` for x[2].
Expr conditioned_state(ComponentBuilder& b, const Expr& x, std::string_view name, std::string_view unit,
                       const std::optional<Expr>& start_condition, std::string_view index = {});

/// The symbol of the block's own parameter `local` (`x_t0[2]`), for a defining expression that
/// reads it before initial_parameter() declares it, or for an equation that reads x_t0 after
/// conditioned_state() declared it.
Expr own_parameter_symbol(ComponentBuilder& b, const std::string& local);

/// MSL's initType of the control blocks: initial_state (default; MSL's InitialState and NoInit),
/// steady_state and, with `with_initial_output`, initial_output; the same choice `init` as
/// block_init(), described for blocks whose steady state may constrain their input.
BlockInit control_init(ComponentBuilder& b, bool with_initial_output);

/// The limits uMax and uMin (default −uMax) of a limiter-like block, "Upper/Lower limit <of>",
/// with uMin ≤ uMax checked. @throws ModelError at uMin.
struct Limits {
  Expr max, min;
};
Limits read_limits(ComponentBuilder& b, const std::string& of);

/// The value of a parameter read with b.parameter(): the number in an instance, `fallback` where it
/// is a symbol (describe mode).
double value_or(const Expr& parameter, double fallback);

}  // namespace acausal::signal_components
