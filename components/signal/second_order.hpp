#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Second-order lag (Modelica.Blocks.Continuous.SecondOrder), in MSL's state form
///   der(y) = yd,  der(yd) = w·(w·(k·u − y) − 2·D·yd),
/// transfer function k/((s/w)² + 2·D·(s/w) + 1).
/// Parameters: k [1] (default 1), w [rad/s] > 0 (default 1), D [1] (default 1), init
/// ("initial_state", default, or "steady_state"). Input u [1], output y [1]; variable yd [1/s].
/// With "initial_state" y and yd start at the netlist's "initial" values (default 0); with
/// "steady_state" at y = k·u(t0), yd = 0.
/// @throws ModelError at …/params/w for w ≤ 0.
class SecondOrder final : public Component {
 public:
  std::string_view type() const override { return "signal.SecondOrder"; }
  std::string_view summary() const override {
    return "Second-order lag: der(y) = yd, der(yd) = w·(w·(k·u − y) − 2·D·yd)";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
