#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Linear torsional spring and damper in parallel (Modelica.Mechanics.Rotational.Components.SpringDamper):
///   tau = c·(phi_rel − phi_rel0) + d·w_rel, phi_rel = phi_R − phi_C, w_rel = der(phi_rel),
///   tau_R = tau, tau_C = −tau.
/// Parameters: c [N·m/rad] > 0 (default 1e5), d [N·m·s/rad] ≥ 0 (default 0), phi_rel0 [rad] (default 0),
/// phi_nominal [rad] ≥ 0 (default 1e-4: phi_rel's nominal, as Modelica's; 0: none).
/// Stored energy ½·c·(phi_rel − phi_rel0)²; loss power d·w_rel² ≥ 0.
/// @throws ModelError at …/params/c for c ≤ 0, at …/params/d or …/params/phi_nominal for a negative value.
class SpringDamper final : public Component {
 public:
  std::string_view type() const override { return "rotational.SpringDamper"; }
  std::string_view summary() const override {
    return "Linear torsional spring and damper in parallel: tau = c·(phi_rel − phi_rel0) + d·w_rel";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
