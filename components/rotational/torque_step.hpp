#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Torque step (Modelica.Mechanics.Rotational.Sources.TorqueStep):
///   tau = offsetTorque + (stepTorque if time ≥ startTime, else 0),   flange.tau = −tau,
/// a time event at startTime. Parameters (MSL's names): stepTorque [N·m] (default 1),
/// offsetTorque [N·m] (default 0), startTime [s] (default 0), use_support (default false; as
/// rotational.Torque). Variable w = der(flange.phi) − der(phi_support) [rad/s].
/// Massless: no stored energy, no loss; injected power tau·w.
class TorqueStep final : public Component {
 public:
  std::string_view type() const override { return "rotational.TorqueStep"; }
  std::string_view summary() const override {
    return "Torque step: tau = offsetTorque + (time ≥ startTime ? stepTorque : 0), flange.tau = −tau";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
