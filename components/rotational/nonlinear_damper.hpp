#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Rotational damper with a nonlinear torque–speed curve (seed 003, Simscape Driveline's
/// Nonlinear Rotational Damper): T(ω), ω = ωR − ωC, as a symmetric or two-sided fifth-order
/// polynomial or a lookup table (components/rotational/nonlinear_law.hpp); tau_R = T, tau_C = −T.
/// Loss power T·ω.
/// @throws ModelError naming the parameter (see define_nonlinear_law).
class NonlinearDamper final : public Component {
 public:
  std::string_view type() const override { return "rotational.NonlinearDamper"; }
  std::string_view summary() const override {
    return "Nonlinear rotational damper: tau = T(w_rel), polynomial or table";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
