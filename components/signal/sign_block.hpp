#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Sign of a signal (Modelica.Blocks.Math.Sign): y = 1 for u > 0, −1 for u < 0, 0 for u = 0; the
/// switch at u = 0 is an event. Input u [1], output y [1].
class Sign final : public Component {
 public:
  std::string_view type() const override { return "signal.Sign"; }
  std::string_view summary() const override { return "Sign: y = −1, 0 or 1"; }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
