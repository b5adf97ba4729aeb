#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Torsional spring with a nonlinear torque–deflection curve (seed 001, Simscape Driveline's
/// Nonlinear Rotational Spring): T(θ) as a symmetric or two-sided fifth-order polynomial or a
/// lookup table (components/rotational/nonlinear_law.hpp), θ = θinit + (φR − φR(t0)) − (φC − φC(t0)),
/// tau_R = T, tau_C = −T. Stored energy: the exact ∫₀^θ T dθ.
/// @throws ModelError naming the parameter (see define_nonlinear_law).
class NonlinearSpring final : public Component {
 public:
  std::string_view type() const override { return "rotational.NonlinearSpring"; }
  std::string_view summary() const override {
    return "Nonlinear torsional spring: tau = T(theta), polynomial or table, theta = theta_init at the start";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
