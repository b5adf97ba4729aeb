#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Pulse train (Modelica.Blocks.Sources.Pulse): y = offset before start_time; from then on
/// y = offset + amplitude during the first width/100·period seconds of every period and offset in
/// the rest of it, for nperiod periods (−1: without end), offset afterwards.
/// Parameters: amplitude [1] (default 1), width [%] in (0, 100] (default 50), period [s] > 0
/// (default 1), nperiod (an integer ≥ −1, default −1), offset [1] (default 0), start_time [s]
/// (default 0). Output y [1]. Discrete variables: `count` (the periods started), `on` (in a pulse).
/// Both edges of every pulse and every period's start are events.
/// @throws ModelError at …/params/<name> for a width outside (0, 100], a period ≤ 0 or an nperiod
///         that is not an integer ≥ −1.
class Pulse final : public Component {
 public:
  std::string_view type() const override { return "signal.Pulse"; }
  std::string_view summary() const override {
    return "Pulse train: y = offset + amplitude during the first width % of each period from start_time";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
