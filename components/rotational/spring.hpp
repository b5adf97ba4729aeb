#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Linear torsional spring: tau = c·(phi_rel − phi_rel0), phi_rel = phi_R − phi_C.
/// Parameters: c [N·m/rad] > 0, phi_rel0 [rad]. Stored energy ½·c·(phi_rel − phi_rel0)².
class Spring final : public Component {
 public:
  std::string_view type() const override { return "rotational.Spring"; }
  std::string_view summary() const override { return "Linear torsional spring: tau = c·(phi_rel − phi_rel0)"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
