#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// Linear translational damper: f = d·v_rel, v_rel = der(R.s) − der(C.s), R.f = f, C.f = −f.
/// Parameters: d [N·s/m] ≥ 0 (default 0). Loss power f·v_rel = d·v_rel² ≥ 0.
/// @throws ModelError at /components/<instance>/params/d if d < 0.
class Damper final : public Component {
 public:
  std::string_view type() const override { return "translational.Damper"; }
  std::string_view summary() const override { return "Linear damper: f = d·v_rel"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::translational_components
