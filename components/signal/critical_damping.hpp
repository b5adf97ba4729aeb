#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Low-pass filter of order n with critical damping (Modelica.Blocks.Continuous.CriticalDamping):
/// n identical first-order lags in series,
///   der(x[1]) = (u − x[1])·w,  der(x[i]) = (x[i−1] − x[i])·w (i = 2..n),  y = k·x[n],
///   w = 2π·f/alpha, alpha = √(2^(1/n) − 1) if normalized (|y/u| = 1/√2 at f), else 1.
/// Parameters: n (an integer from 1 to 1000, default 2), f [Hz] > 0 (default 1), normalized (default true),
/// k [1] (default 1: MSL's block, which has no gain), init ("initial_state", default,
/// "steady_state" or "initial_output"). Input u [1], output y [1]; states x[1..n] [1].
/// @throws ModelError at …/params/<n or f> for an n that is not an integer from 1 to 1000, or f ≤ 0.
class CriticalDamping final : public Component {
 public:
  std::string_view type() const override { return "signal.CriticalDamping"; }
  std::string_view summary() const override {
    return "Critically damped low pass of order n: n lags der(x[i]) = (x[i−1] − x[i])·w in series, y = k·x[n]";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
