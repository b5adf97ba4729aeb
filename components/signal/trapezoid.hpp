#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Trapezoid train (Modelica.Blocks.Sources.Trapezoid): y = offset before start_time; from then on,
/// in every period of `period` seconds starting at T = start_time + k·period (k = 0, 1, …, fewer
/// than nperiod periods; −1: without end), y rises linearly from offset to offset + amplitude in
/// `rising` seconds, holds for `width`, falls back in `falling` and stays at offset for the rest of
/// the period. Parameters: amplitude [1] (default 1), rising, width, falling [s] ≥ 0 (defaults 0,
/// 0.5, 0), period [s] > 0 (default 1) with rising + width + falling ≤ period, nperiod (an integer
/// ≥ −1, default −1), offset [1] (default 0), start_time [s] (default 0). Output y [1]. Discrete
/// variable `count` (the periods started). Every corner is a time event.
/// @throws ModelError at …/params/<name> for a negative duration, a period ≤ 0, phases longer
///         than the period or an nperiod that is not an integer ≥ −1.
class Trapezoid final : public Component {
 public:
  std::string_view type() const override { return "signal.Trapezoid"; }
  std::string_view summary() const override {
    return "Trapezoid train: rise in `rising`, hold `width`, fall in `falling`, every `period` from start_time";
  }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
