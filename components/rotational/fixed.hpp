#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// Flange fixed at the angle phi0 [rad]: flange.phi = phi0.
class Fixed final : public Component {
 public:
  std::string_view type() const override { return "rotational.Fixed"; }
  std::string_view summary() const override { return "Flange fixed at angle phi0"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::rotational_components
