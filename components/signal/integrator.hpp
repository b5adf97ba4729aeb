#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Integrator (Modelica.Blocks.Continuous.Integrator): der(y) = k·u.
/// Parameters: k [1/s] (default 1), init ("initial_state" default, "steady_state", "initial_output").
/// Input u [1], output y [1] (the state).
class Integrator final : public Component {
 public:
  std::string_view type() const override { return "signal.Integrator"; }
  std::string_view summary() const override { return "Integrator: der(y) = k·u"; }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
