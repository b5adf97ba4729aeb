#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// Position source: the flange follows the signal input s [m] exactly: flange.s − s_support = s.
/// use_support (default false): when true the port `support` takes the reaction (support.f =
/// −flange.f); when false s_support = 0. Variable v = der(flange.s − s_support) [m/s]. The flange
/// force is whatever the motion needs. Injected power −flange.f·v (delivered to the flange).
class Position final : public Component {
 public:
  std::string_view type() const override { return "translational.Position"; }
  std::string_view summary() const override { return "Position source: flange.s − support.s = s (input)"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::translational_components
