#pragma once
#include "core/model/component.hpp"

namespace acausal::multibody_components {

/// A linear damper and a linear spring in series between two frame origins (Modelica
/// MultiBody.Forces.SpringDamperSeries): frame_a – damper – spring – frame_b along the line, the
/// damper's length s_damper a state: f = c·(s − s_unstretched − s_damper) = d·der(s_damper),
/// s = |r_rel|; an optional point mass m at length_fraction (line_force.hpp).
/// c [N/m] ≥ 0 (default 1), s_unstretched [m] ≥ 0 (default 0), d [N·s/m] > 0 (default 1),
/// s_damper_start [m] (default 0) the damper's length at the start unless the netlist gives
/// `"initial": { "s_damper": … }`. Stores ½·c·(s − s_unstretched − s_damper)², dissipates f²/d.
/// @throws ModelError naming the parameter for a value out of range (d = 0 included).
class SpringDamperSeries final : public Component {
 public:
  std::string_view type() const override { return "multibody.SpringDamperSeries"; }
  std::string_view summary() const override {
    return "Line spring and damper in series: f = c (s - s_unstretched - s_damper) = d der(s_damper); optional point mass m";
  }
  std::string_view details() const override;
  void declare_frames(FrameDeclaration& d) const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::multibody_components
