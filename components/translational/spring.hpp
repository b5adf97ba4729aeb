#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// Linear translational spring: f = c·(s_rel − s_rel0), s_rel = R.s − C.s, R.f = f, C.f = −f.
/// Positive f is tension (pulls the flanges together). Parameters: c [N/m] > 0 (default 1),
/// s_rel0 [m] unstretched length (default 0). Stored energy ½·c·(s_rel − s_rel0)².
/// @throws ModelError at /components/<instance>/params/c if c ≤ 0.
class Spring final : public Component {
 public:
  std::string_view type() const override { return "translational.Spring"; }
  std::string_view summary() const override { return "Linear spring: f = c·(s_rel − s_rel0)"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::translational_components
