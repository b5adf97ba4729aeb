#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// PID controller (Modelica.Blocks.Continuous.PID): y = k·(u + I + D), Ti·der(I) = u, D the approximate
/// derivative Td·s/(Td/Nd·s + 1) of u.
/// Parameters: k [1], Ti [s] > 0, Td [s] ≥ 0, Nd > 0, init, y_start [1].
/// @throws ModelError naming Ti, Td or Nd when out of range.
class PID final : public Component {
 public:
  std::string_view type() const override { return "signal.PID"; }
  std::string_view summary() const override { return "PID controller: y = k·(u + xi + Td·s/(1 + Td·s/Nd)·u), Ti·der(xi) = u"; }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
