#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// Coulomb friction between the flanges and the housing (Modelica.Mechanics.Translational.Components.
/// SupportFriction): flanges C and R move together, massless, and the housing (support with
/// use_support, else the ground) resists with the friction force: stuck up to peak·f(0), sliding at
/// f(|v|) against the motion, f from the table f_pos {"v": [m/s], "f": [N]} over v ≥ 0 (followed
/// through its points without events) or the constant f_constant. Modes as MSL's PartialFriction.
class SupportFriction final : public Component {
 public:
  std::string_view type() const override { return "translational.SupportFriction"; }
  std::string_view summary() const override {
    return "Friction against the housing: stuck up to peak·f(0), sliding at f(|v|) against the motion";
  }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::translational_components
