#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Limits the rate of a signal (Modelica.Blocks.Nonlinear.SlewRateLimiter): y follows u with the time
/// constant Td, its rate limited to [Falling, Rising].
/// Parameters: Rising [1/s] > 0 (default 1), Falling [1/s] < 0 (default −Rising), Td [s] > 0 (default
/// 0.001), init ("initial_state" default, "steady_state" as MSL's default).
/// @throws ModelError naming Rising, Falling or Td when out of range.
class SlewRateLimiter final : public Component {
 public:
  std::string_view type() const override { return "signal.SlewRateLimiter"; }
  std::string_view summary() const override { return "Slew-rate limiter: der(y) = min(max((u − y)/Td, Falling), Rising)"; }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
