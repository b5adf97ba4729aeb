#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Ideal speed source driven by a signal (Modelica.Mechanics.Rotational.Sources.Speed with exact = true):
///   phi = flange.phi − phi_support,   der(phi) = w.
/// Signal input w [rad/s] (it is differentiated when the flange drives an inertia: the signal must be
/// smooth). Variable phi [rad], the angle of the flange relative to the housing (preferred state; its
/// start value is the netlist's initial phi). With use_support = true (default false) the port
/// `support` takes the reaction, support.tau = −flange.tau; otherwise the housing is grounded
/// (phi_support = 0).
/// Massless: no stored energy, no loss; injected power −flange.tau·w (the power delivered to the flange).
class Speed final : public Component {
 public:
  std::string_view type() const override { return "rotational.Speed"; }
  std::string_view summary() const override { return "Speed source: d(flange.phi − phi_support)/dt = w"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
