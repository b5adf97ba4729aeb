#pragma once

#include <acausal/component.hpp>

namespace maglev {

/// Air drag on a body moving through still air, at the origin of frame_b:
/// F = −k·|v|·v (world coordinates), v = der(frame_b.r_0), k = ½·ρ·c_d·A; no torque.
/// Parameters: k [N·s²/m²] ≥ 0, default 0.1.
/// Energy: no stored energy; loss power k·|v|³ ≥ 0. |v| has no slope at v = 0: start the body moving.
/// @throws acausal::ModelError at /components/<instance>/params/k if k < 0 or not in N·s²/m².
class AirDrag final : public acausal::Component {
 public:
  std::string_view type() const override { return "maglev.AirDrag"; }
  std::string_view summary() const override { return "Air drag on a frame: F = -k·|v|·v"; }
  void define(acausal::ComponentBuilder& b) const override;
};

}  // namespace maglev
