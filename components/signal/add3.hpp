#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Weighted sum of three signals (Modelica.Blocks.Math.Add3): y = k1·u1 + k2·u2 + k3·u3.
/// Parameters: k1, k2, k3 [1] (default 1). Inputs u1, u2, u3 [1], output y [1].
class Add3 final : public Component {
 public:
  std::string_view type() const override { return "signal.Add3"; }
  std::string_view summary() const override { return "Weighted sum of three signals: y = k1·u1 + k2·u2 + k3·u3"; }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
