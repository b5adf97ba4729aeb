#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Linear state-space system (Modelica.Blocks.Continuous.StateSpace): der(x) = A·x + B·u, y = C·x + D·u.
/// Parameters: nx, nu, ny (sizes), A (nx×nx), B (nx×nu), C (ny×nx), D (ny×nu) as rows, init.
/// Inputs u[1..nu], outputs y[1..ny], states x[1..nx].
/// @throws ModelError at the matrix whose row count does not match.
class StateSpace final : public Component {
 public:
  std::string_view type() const override { return "signal.StateSpace"; }
  std::string_view summary() const override { return "Linear state space: der(x) = A·x + B·u, y = C·x + D·u"; }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
