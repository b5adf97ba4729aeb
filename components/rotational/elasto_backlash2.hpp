#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Backlash in series with a linear spring and damper in parallel, the damping torque unlimited
/// (Modelica.Mechanics.Rotational.Components.ElastoBacklash2, flange_a = C, flange_b = R). As
/// ElastoBacklash but tau = 0 if tau_c + tau_d ≤ 0, else tau_c + tau_d above the backlash (the
/// mirror image below): the torque jumps by d·w_rel where contact starts, at an event.
/// Parameters, energy terms and errors as rotational.ElastoBacklash; loss power d·w_rel² while the
/// contact pushes, tau_c·|w_rel| where it would pull.
class ElastoBacklash2 final : public Component {
 public:
  std::string_view type() const override { return "rotational.ElastoBacklash2"; }
  std::string_view summary() const override {
    return "Backlash b in series with a spring and damper, damping unlimited (torque jumps at contact)";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
