#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// First-order lag (Modelica.Blocks.Continuous.FirstOrder): T·der(y) = k·u − y, transfer function
/// k/(T·s + 1).
/// Parameters: k [1] (default 1), T [s] ≠ 0 (default 1), init ("initial_state", default, or
/// "steady_state"). Input u [1], output y [1], the state. With "initial_state" y starts at the
/// netlist's "initial" value (default 0); with "steady_state" at k·u(t0), der(y) = 0.
/// @throws ModelError at …/params/T for T = 0.
class FirstOrder final : public Component {
 public:
  std::string_view type() const override { return "signal.FirstOrder"; }
  std::string_view summary() const override { return "First-order lag: T·der(y) = k·u − y"; }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
