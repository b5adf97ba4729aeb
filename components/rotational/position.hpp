#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Ideal angle source driven by a signal (Modelica.Mechanics.Rotational.Sources.Position with exact = true):
///   flange.phi − phi_support = phi.
/// Signal input phi [rad] (it is differentiated, up to twice when the flange drives an inertia: the
/// signal must be smooth). Variable w = der(flange.phi) − der(phi_support) [rad/s]. With use_support = true
/// (default false) the port `support` takes the reaction, support.tau = −flange.tau; otherwise the
/// housing is grounded (phi_support = 0).
/// Massless: no stored energy, no loss; injected power −flange.tau·w (the power delivered to the flange).
class Position final : public Component {
 public:
  std::string_view type() const override { return "rotational.Position"; }
  std::string_view summary() const override { return "Angle source: flange.phi − phi_support = phi"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
