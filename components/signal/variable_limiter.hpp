#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Limits a signal to the range given by two more inputs (Modelica.Blocks.Nonlinear.VariableLimiter):
/// y = limit1 for u > limit1, limit2 for u < limit2, else u; the switches are events.
/// Inputs u, limit1 (upper), limit2 (lower) [1], output y [1].
class VariableLimiter final : public Component {
 public:
  std::string_view type() const override { return "signal.VariableLimiter"; }
  std::string_view summary() const override { return "Variable limiter: y = u limited to [limit2, limit1]"; }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
