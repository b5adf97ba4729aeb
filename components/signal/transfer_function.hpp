#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Linear transfer function (Modelica.Blocks.Continuous.TransferFunction) in controller canonical form.
/// Parameters: b (numerator coefficients, highest power first, default [1]), a (denominator, default
/// [1]: MSL's defaults, a unit gain), init, y_start [1].
/// @throws ModelError at …/params/a for a[1] = 0, at …/params/b for more coefficients than a.
class TransferFunction final : public Component {
 public:
  std::string_view type() const override { return "signal.TransferFunction"; }
  std::string_view summary() const override { return "Transfer function: y = (b[1]·s^(nb−1) + …)/(a[1]·s^(na−1) + …)·u"; }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
