#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// Force source driven by the signal input f [N]: flange.f = −f, so a positive f pushes the flange
/// toward +s. use_support (default false): when true the port `support` takes the reaction
/// (support.f = f); when false the housing is grounded. Variable v = der(flange.s − support.s) [m/s].
/// Injected power f·v (the power delivered to the flange, relative to the support).
class Force final : public Component {
 public:
  std::string_view type() const override { return "translational.Force"; }
  std::string_view summary() const override {
    return "Force source: flange.f = −f (positive f pushes the flange toward +s)";
  }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::translational_components
