#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Backlash in series with a linear spring and damper in parallel, the damping torque limited by
/// the spring torque (Modelica.Mechanics.Rotational.Components.ElastoBacklash, flange_a = C,
/// flange_b = R). With phi_diff = phi_rel − phi_rel0 and the backlash |phi_diff| ≤ b/2 no torque
/// is transmitted; above it tau_c = c·(phi_diff − b/2), tau_d = d·w_rel and
/// tau = 0 if tau_c + tau_d ≤ 0 (it would pull), else tau_c + min(tau_c, tau_d); below it the
/// mirror image (max, ≥). b ≤ 1e-10 rad: tau = c·phi_diff + d·w_rel.
/// Parameters: c [N·m/rad] > 0 (default 1e5), d [N·m·s/rad] ≥ 0 (default 0), b [rad] ≥ 0 total
/// backlash (default 0), phi_rel0 [rad] (default 0), phi_nominal [rad] ≥ 0 (default 1e-4).
/// Stored energy ½·c·(phi_diff ∓ b/2)² in contact (0 inside the backlash); loss power
/// (tau − tau_c)·w_rel ≥ 0.
/// @throws ModelError at /components/<instance>/params/<c, d, b or phi_nominal> if c ≤ 0 or d, b,
///         phi_nominal < 0.
class ElastoBacklash final : public Component {
 public:
  std::string_view type() const override { return "rotational.ElastoBacklash"; }
  std::string_view summary() const override {
    return "Backlash b in series with a spring and damper, damping limited by the spring torque (torque continuous at contact)";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
