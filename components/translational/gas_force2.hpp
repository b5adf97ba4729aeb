#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// The gas force in a combustion engine's cylinder as a function of the piston's position and the
/// direction of its motion (Modelica.Mechanics.MultiBody.Examples.Loops.Utilities.GasForce2,
/// flange_a = C, flange_b = R): x = 1 − s_rel/L, press [Pa] = 1e5 × a quartic in x (one pair of
/// pieces for compression, v_rel < 0, one for expansion), f = −press·π·d²/4 (R.f = f: the gas
/// pushes the flanges apart); V = k0 + k1·(1 − x), press·V = k·T, dens = press/(R_air·T).
/// Parameters: L [m] > 0 (default 0.35), d [m] > 0 (default 0.1), k0 [m³] (default 0.01),
/// k1 [m³] (default 1), k [J/K] > 0 (default 1). Variables x [1], press [Pa], V [m³], T [K],
/// dens [kg/m³]. Requires 0 ≤ s_rel ≤ L (an assertion). Injected power −f·v_rel = press·π·d²/4·v_rel.
/// @throws ModelError at …/params/<L, d or k> for a value ≤ 0.
class GasForce2 final : public Component {
 public:
  std::string_view type() const override { return "translational.GasForce2"; }
  std::string_view summary() const override {
    return "Gas force of an engine cylinder: f = −press(x, sign of v_rel)·π·d²/4, x = 1 − s_rel/L";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::translational_components
