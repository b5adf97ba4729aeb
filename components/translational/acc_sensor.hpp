#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// Ideal absolute acceleration sensor: v = der(flange.s) (internal, [m/s]), output a = der(v)
/// [m/s²], flange.f = 0. No energy.
class AccSensor final : public Component {
 public:
  std::string_view type() const override { return "translational.AccSensor"; }
  std::string_view summary() const override {
    return "Ideal acceleration sensor: a = der(der(flange.s)), flange.f = 0";
  }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::translational_components
