#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Difference of a command and a feedback signal (Modelica.Blocks.Math.Feedback): y = u1 − u2.
/// Inputs u1, u2 [1], output y [1].
class Feedback final : public Component {
 public:
  std::string_view type() const override { return "signal.Feedback"; }
  std::string_view summary() const override { return "Feedback difference: y = u1 − u2"; }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
