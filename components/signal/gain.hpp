#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Gain: y = k·u.
/// Parameters: k [1] (default 1). Input u [1], output y [1].
class Gain final : public Component {
 public:
  std::string_view type() const override { return "signal.Gain"; }
  std::string_view summary() const override { return "Gain: y = k·u"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
