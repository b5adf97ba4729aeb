#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Weighted sum of nin signals (Modelica.Blocks.Math.Sum): y = Σ k[i]·u[i].
/// Parameters: nin (integer ≥ 1, default 1), k (nin gains, default all 1). Inputs u[1..nin], output y.
/// @throws ModelError at …/params/nin or …/params/k.
class Sum final : public Component {
 public:
  std::string_view type() const override { return "signal.Sum"; }
  std::string_view summary() const override { return "Weighted sum of n signals: y = Σ k[i]·u[i]"; }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
