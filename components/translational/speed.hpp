#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// Speed source: the flange moves with the signal input v [m/s]: s = flange.s − s_support,
/// der(s) = v. use_support (default false) as for Position. Variable s [m] (preferred state; its
/// start value is the netlist's initial s). Injected power −flange.f·v (delivered to the flange).
class Speed final : public Component {
 public:
  std::string_view type() const override { return "translational.Speed"; }
  std::string_view summary() const override { return "Speed source: d(flange.s − support.s)/dt = v (input)"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::translational_components
