#pragma once

#include <acausal/component.hpp>

namespace maglev {

/// Quadratic drag between two translational flanges (a paddle in oil, air at high Reynolds number):
/// f = d·v_rel·|v_rel|, with v_rel = der(R.s) − der(C.s) the velocity of R relative to C; the force f
/// enters at R and leaves at C (R.f = f, C.f = −f), so it always opposes the relative motion.
/// Parameters: d [N·s²/m²] ≥ 0 (the dimension of kg/m), default 1.
/// Energy: no stored energy; loss power d·|v_rel|³ ≥ 0, written from d and v_rel, not from f, so
/// that the energy audit checks the law. |v_rel| switches where v_rel = 0 (an event).
/// @throws acausal::ModelError at /components/<instance>/params/d if d < 0 or not in N·s²/m².
class QuadraticDrag final : public acausal::Component {
 public:
  std::string_view type() const override { return "maglev.QuadraticDrag"; }
  std::string_view summary() const override { return "Quadratic drag: f = d·v_rel·|v_rel|"; }
  void define(acausal::ComponentBuilder& b) const override;
};

}  // namespace maglev
