#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Rotating mass: J·der(w) = flange.tau, w = der(phi), phi = flange.phi.
/// Parameters: J [kg·m²] > 0. States phi [rad], w [rad/s]. Stored energy ½·J·w².
class Inertia final : public Component {
 public:
  std::string_view type() const override { return "rotational.Inertia"; }
  std::string_view summary() const override { return "Rotating mass: J·dw/dt = flange.tau, w = dphi/dt"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
