#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Quotient of two signals (Modelica.Blocks.Math.Division): y = u1/u2.
/// Inputs u1, u2 [1], output y [1]; u2 must stay away from 0.
class Division final : public Component {
 public:
  std::string_view type() const override { return "signal.Division"; }
  std::string_view summary() const override { return "Division: y = u1/u2"; }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
