#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// Spring and damper in parallel that act only in contact, s_rel < s_rel0, and only push
/// (Modelica.Mechanics.Translational.Components.ElastoGap, flange_a = C, flange_b = R): in contact
/// f_c = −c·|s_rel − s_rel0|ⁿ, f_d = d·v_rel clamped to [f_c, −f_c], f = f_c + f_d; else f = 0.
/// Parameters: c [N/mⁿ] ≥ 0 (default 1), d [N·s/m] ≥ 0 (default 1), s_rel0 [m] (default 0),
/// n [1] ≥ 1 (default 1), s_nominal [m] ≥ 0 (default 1e-4). Boolean `contact` (an event).
/// Stored energy c·|s_rel − s_rel0|ⁿ⁺¹/(n + 1) in contact; loss power f_d·v_rel ≥ 0.
/// @throws ModelError at /components/<instance>/params/<c, d, n or s_nominal> if c, d or s_nominal
///         < 0, or n < 1.
class ElastoGap final : public Component {
 public:
  std::string_view type() const override { return "translational.ElastoGap"; }
  std::string_view summary() const override {
    return "Contact spring and damper, pushing only: f = −c·|s_rel − s_rel0|ⁿ + damping limited to |f_c|, while s_rel < s_rel0";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::translational_components
