#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Constant torque, independent of speed (Modelica.Mechanics.Rotational.Sources.ConstantTorque):
///   tau = tau_constant, flange.tau = −tau (a positive tau_constant drives the flange positively; a
///   negative one acts as a load on positive rotation).
/// Parameters: tau_constant [N·m] (default 0), use_support (default false). Variables tau [N·m] and
/// w = der(flange.phi) − der(phi_support) [rad/s]. With use_support the port `support` takes the
/// reaction, support.tau = tau; otherwise the housing is grounded (phi_support = 0).
/// Massless: no stored energy, no loss; injected power tau·w.
class ConstantTorque final : public Component {
 public:
  std::string_view type() const override { return "rotational.ConstantTorque"; }
  std::string_view summary() const override {
    return "Constant torque source: flange.tau = −tau_constant (positive drives the flange positively)";
  }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
