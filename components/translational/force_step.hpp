#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// Force step (Modelica.Mechanics.Translational.Sources.ForceStep):
///   f = offsetForce + (stepForce if time ≥ startTime, else 0),   flange.f = −f,
/// the force on the flange, positive toward +s; a time event at startTime. Parameters (MSL's
/// names): stepForce [N] (default 1), offsetForce [N] (default 0), startTime [s] (default 0),
/// use_support (default false). Massless: no stored energy, no loss; injected power f·v.
class ForceStep final : public Component {
 public:
  std::string_view type() const override { return "translational.ForceStep"; }
  std::string_view summary() const override {
    return "Force step: f = offsetForce + (time ≥ startTime ? stepForce : 0), flange.f = −f";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::translational_components
