#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// P, PI, PD or PID controller with limited output, anti-windup and set-point weighting
/// (Modelica.Blocks.Continuous.LimPID, MSL 4.0). Inputs u_s (set point), u_m (measurement), and u_ff
/// with feed-forward; output y.
/// @throws ModelError naming the parameter: k, Ti, Ni, Nd ≤ 0, Td, wp, wd < 0, yMin > yMax, an
///         initial_output without an integral part or with y_start outside [yMin, yMax].
class LimPID final : public Component {
 public:
  std::string_view type() const override { return "signal.LimPID"; }
  std::string_view summary() const override { return "Limited PID controller with anti-windup and set-point weighting (P, PI, PD, PID)"; }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
