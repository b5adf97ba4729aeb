#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// Sliding point mass: flange.s = s, v = der(s), a = der(v), m·a = flange.f.
/// Parameters: m [kg] > 0 (default 1). Ports: flange. Variables s [m], v [m/s] (preferred states),
/// a [m/s²]. Stored energy ½·m·v². Modelica's sliding mass of length L is a point mass here: shift the
/// neighbours' offsets (s_rel0, s0) by ±L/2.
/// @throws ModelError at /components/<instance>/params/m if m ≤ 0.
class Mass final : public Component {
 public:
  std::string_view type() const override { return "translational.Mass"; }
  std::string_view summary() const override { return "Sliding point mass: m·a = flange.f, v = ds/dt, a = dv/dt"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::translational_components
