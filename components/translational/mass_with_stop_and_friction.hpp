#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// A sliding mass with Stribeck friction to the ground and two hard stops
/// (Modelica.Mechanics.Translational.Components.MassWithStopAndFriction). Point mass with its flange
/// at the centre s (as translational.Mass); the stops hold the centre between smin + L/2 and
/// smax − L/2. Friction force F_prop·v ± (F_Coulomb + F_Stribeck·exp(−fexp·|v|)) against the motion,
/// stuck up to 1.001·(F_Coulomb + F_Stribeck). At a stop the mass stops dead (s and v jump: an
/// inelastic impact, its kinetic energy booked as lost at that event) and stays until a force pulls
/// it away hard enough to break away.
class MassWithStopAndFriction final : public Component {
 public:
  std::string_view type() const override { return "translational.MassWithStopAndFriction"; }
  std::string_view summary() const override {
    return "Mass with Stribeck friction and hard stops: m·a = flange.f − f, stops at smin + L/2 and smax − L/2";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::translational_components
