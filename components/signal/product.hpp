#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Product of two signals: y = u1·u2 (Modelica.Blocks.Math.Product).
/// Inputs u1, u2 [1], output y [1].
class Product final : public Component {
 public:
  std::string_view type() const override { return "signal.Product"; }
  std::string_view summary() const override { return "Product: y = u1·u2"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
