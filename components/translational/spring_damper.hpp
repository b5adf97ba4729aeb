#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// Linear spring and damper in parallel: f = c·(s_rel − s_rel0) + d·v_rel, R.f = f, C.f = −f.
/// Parameters: c [N/m] > 0 (default 1), d [N·s/m] ≥ 0 (default 1), s_rel0 [m] (default 0),
/// s_nominal [m] ≥ 0 (default 1e-4: s_rel's nominal, as Modelica's; 0: none).
/// Stored energy ½·c·(s_rel − s_rel0)², loss power d·v_rel².
/// @throws ModelError at /components/<instance>/params/<c, d or s_nominal> if c ≤ 0, d < 0 or s_nominal < 0.
class SpringDamper final : public Component {
 public:
  std::string_view type() const override { return "translational.SpringDamper"; }
  std::string_view summary() const override {
    return "Spring and damper in parallel: f = c·(s_rel − s_rel0) + d·v_rel";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::translational_components
