#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// Flange fixed at the position s0: flange.s = s0.
/// Parameters: s0 [m] (default 0, any value). Ports: flange. No stored energy, no loss: the flange
/// does not move, so no power flows through it.
class Fixed final : public Component {
 public:
  std::string_view type() const override { return "translational.Fixed"; }
  std::string_view summary() const override { return "Flange fixed at position s0: flange.s = s0"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::translational_components
