#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Torque source driven by a signal (Modelica.Mechanics.Rotational.Sources.Torque):
///   flange.tau = −tau, so a positive tau drives the flange in the positive direction.
/// Signal input tau [N·m]. Variable w = der(flange.phi) − der(phi_support) [rad/s], the speed of the
/// flange relative to the housing. With use_support = true (default false) the port `support` takes
/// the reaction, support.tau = −flange.tau = tau; otherwise the housing is grounded (phi_support = 0).
/// Massless: no stored energy, no loss; injected power tau·w.
class Torque final : public Component {
 public:
  std::string_view type() const override { return "rotational.Torque"; }
  std::string_view summary() const override {
    return "Torque source: flange.tau = −tau (positive tau drives the flange positively)";
  }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
