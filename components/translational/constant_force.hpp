#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// Constant force source: flange.f = −f_constant, so a positive f_constant pushes the flange toward
/// +s (negative: the force acts as a load). Parameters: f_constant [N] (default 0), use_support
/// (default false; see Force). Variables f = f_constant [N], v = der(flange.s − support.s) [m/s].
/// Injected power f_constant·v.
class ConstantForce final : public Component {
 public:
  std::string_view type() const override { return "translational.ConstantForce"; }
  std::string_view summary() const override { return "Constant force: flange.f = −f_constant"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::translational_components
