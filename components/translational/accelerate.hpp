#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// Acceleration source: the flange follows the double integral of the signal input a [m/s²]:
/// s = flange.s − s_support, v = der(s), a = der(v). use_support (default false) as for Position.
/// Variables s [m], v [m/s] (preferred states; Modelica fixes s(0) = 0 and v(0) = 0, here they are
/// the default state starts unless the netlist gives initial values). Injected power −flange.f·v.
class Accelerate final : public Component {
 public:
  std::string_view type() const override { return "translational.Accelerate"; }
  std::string_view summary() const override {
    return "Acceleration source: v = ds/dt, a = dv/dt (input), s = flange.s − support.s";
  }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::translational_components
