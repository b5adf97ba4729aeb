#pragma once
/// @file
/// The initialization choice of the continuous blocks (MSL's Modelica.Blocks.Types.Init), and a
/// parameter check they share.

#include "core/model/component.hpp"

namespace acausal::signal_components {

/// How a continuous block's states start.
enum class BlockInit {
  InitialState,   ///< at the netlist's "initial" values (default 0): MSL's InitialState and NoInit
  SteadyState,    ///< der(states) = 0 at the start time: MSL's SteadyState
  InitialOutput,  ///< y from the netlist's "initial" value, the other states steady: MSL's InitialOutput
};

/// Reads the choice `init`: "initial_state" (default), "steady_state" and, with
/// `with_initial_output`, "initial_output". @throws ModelError listing the options.
BlockInit block_init(ComponentBuilder& b, bool with_initial_output);

/// The state a lag block with gain k integrates for its output y: y itself, or for SteadyState the
/// deviation y − k·u_start (0 at the start; u_start the input at the start time, a parameter fixed
/// at initialization), with the equation that relates the two.
Expr output_state(ComponentBuilder& b, BlockInit init, const Expr& k, const Expr& u, const Expr& y);

/// A check that a value is not zero ("must not be zero").
ParameterCheck nonzero();

}  // namespace acausal::signal_components
