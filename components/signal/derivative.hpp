#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Approximate derivative (Modelica.Blocks.Continuous.Derivative): T·der(x) = u − x, y = (k/T)·(u − x),
/// transfer function k·s/(T·s + 1).
/// Parameters: k [1] (default 1), T [s] > 0 (default 0.01), init, y_start [1] (initial_output).
/// @throws ModelError at …/params/T for T ≤ 0.
class Derivative final : public Component {
 public:
  std::string_view type() const override { return "signal.Derivative"; }
  std::string_view summary() const override { return "Approximate derivative: y = (k/T)·(u − x), T·der(x) = u − x"; }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
