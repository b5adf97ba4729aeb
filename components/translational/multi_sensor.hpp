#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// Ideal multi-sensor between C and R (Modelica MultiSensor, flange_a = C): R.s = C.s,
/// C.f + R.f = 0; outputs f = C.f [N], v = der(C.s) [m/s] and power = f·v [W] (the power flowing
/// from C to R through the sensor). No energy of its own.
class MultiSensor final : public Component {
 public:
  std::string_view type() const override { return "translational.MultiSensor"; }
  std::string_view summary() const override {
    return "Ideal multi-sensor: R.s = C.s, f = C.f, v = der(C.s), power = f·v";
  }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::translational_components
