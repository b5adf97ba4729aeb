#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Builds an inverse model (Modelica.Blocks.Math.InverseBlockConstraints): u1 = u2 and y1 = y2. The
/// block to invert has its output on u2 and its input on y2; u1 is what its output must be, y1 the
/// input that achieves it. Inputs u1, u2 [1], outputs y1, y2 [1].
class InverseBlockConstraints final : public Component {
 public:
  std::string_view type() const override { return "signal.InverseBlockConstraints"; }
  std::string_view summary() const override { return "Inverse model constraints: u1 = u2, y1 = y2"; }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
