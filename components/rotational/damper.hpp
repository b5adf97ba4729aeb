#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Linear rotational damper (Modelica.Mechanics.Rotational.Components.Damper):
///   tau = d·w_rel, w_rel = der(phi_R) − der(phi_C), tau_R = tau, tau_C = −tau.
/// Parameters: d [N·m·s/rad] ≥ 0 (default 0). Variables phi_rel [rad], w_rel [rad/s], tau [N·m].
/// No stored energy; loss power tau·w_rel = d·w_rel² ≥ 0.
/// @throws ModelError at …/params/d for a negative d.
class Damper final : public Component {
 public:
  std::string_view type() const override { return "rotational.Damper"; }
  std::string_view summary() const override { return "Linear rotational damper: tau = d·w_rel"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
