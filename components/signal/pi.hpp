#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Proportional-integral controller (Modelica.Blocks.Continuous.PI): T·der(x) = u, y = k·(x + u),
/// transfer function k·(1 + 1/(T·s)).
/// Parameters: k [1] (default 1), T [s] > 0 (default 1), init, y_start [1] (initial_output).
/// @throws ModelError at …/params/T for T ≤ 0.
class PI final : public Component {
 public:
  std::string_view type() const override { return "signal.PI"; }
  std::string_view summary() const override { return "PI controller: y = k·(x + u), T·der(x) = u"; }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
