#pragma once

#include <acausal/component.hpp>

namespace maglev {

/// Two coaxial permanent magnets with like poles facing, on the flanges R and C: they repel like a
/// stiffening spring. As magnetic dipoles m_R and m_C at the gap g = s_rel = R.s − C.s > 0 they store
/// E = μ0·m_R·m_C / (2π·g³), and the force through the element (a tension, into R, out of C, as in
/// a spring) is f = dE/dg = −3·μ0·m_R·m_C / (2π·g⁴): always negative, it pushes R away from C.
/// Parameters: m_R, m_C [A·m²] > 0, default 1 (a neodymium disc of 0.5 cm³ has about 0.5 A·m²).
/// Energy: stored E above, written from the gap, not from f, so that the energy audit checks the
/// law; no loss.
/// The gap must stay positive: where it reaches 0 the simulation stops with "<instance>: the
/// magnets touch (gap s_rel ≤ 0)".
/// @throws acausal::ModelError at /components/<instance>/params/m_R (m_C) if not positive or not in A·m².
class MagneticSpring final : public acausal::Component {
 public:
  std::string_view type() const override { return "maglev.MagneticSpring"; }
  std::string_view summary() const override { return "Repelling magnets: f = −3·μ0·m_R·m_C/(2π·s_rel⁴)"; }
  void define(acausal::ComponentBuilder& b) const override;
};

}  // namespace maglev
