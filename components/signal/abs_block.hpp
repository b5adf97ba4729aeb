#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Absolute value (Modelica.Blocks.Math.Abs): y = |u|; the kink at u = 0 is an event.
/// Input u [1], output y [1].
class Abs final : public Component {
 public:
  std::string_view type() const override { return "signal.Abs"; }
  std::string_view summary() const override { return "Absolute value: y = |u|"; }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
