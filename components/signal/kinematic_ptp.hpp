#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Acceleration of a time-optimal point-to-point motion (Modelica.Blocks.Sources.KinematicPTP) with
/// limited speed and acceleration. Parameters: deltaq, qd_max > 0, qdd_max > 0 (arrays of the same
/// length or of length 1), start_time [s]. Outputs y[1..n].
/// @throws ModelError naming the parameter for a value ≤ 0 or lengths that differ.
class KinematicPTP final : public Component {
 public:
  std::string_view type() const override { return "signal.KinematicPTP"; }
  std::string_view summary() const override { return "Point-to-point motion: acceleration profile y = deltaq·s̈(t)"; }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
