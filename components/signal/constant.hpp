#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Constant signal: y = k.
/// Parameters: k [1] (default 1). Output y [1]. No energy terms.
class Constant final : public Component {
 public:
  std::string_view type() const override { return "signal.Constant"; }
  std::string_view summary() const override { return "Constant signal: y = k"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
