#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Weighted sum of two signals: y = k1·u1 + k2·u2.
/// Parameters: k1 [1] (default 1), k2 [1] (default 1). Inputs u1, u2 [1], output y [1].
class Add final : public Component {
 public:
  std::string_view type() const override { return "signal.Add"; }
  std::string_view summary() const override { return "Weighted sum: y = k1·u1 + k2·u2"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
