#include "components/rotational/ideal_gear_r2t.hpp"

#include <optional>
#include <string>

#include "components/rotational/rotational_to_translational.hpp"

namespace acausal::rotational_components {

namespace {
ParameterCheck nonzero_ratio() {
  return [](double v) -> std::optional<std::string> {
    if (v < 0.0 || v > 0.0) return std::nullopt;
    return "must not be zero";
  };
}
}  // namespace

std::string_view IdealGearR2T::details() const {
  return R"(MSL 4.0.0's IdealGearR2T: an ideal, massless gearbox that turns a rotation into a
translation (a rack and pinion, a lead screw), with no elasticity, damping or backlash. The
rotational flange `flange_R` (MSL's flangeR) and the translational flange `flange_T` (flangeT) obey

    phi_R − phi_support_R = ratio·(s_T − s_support_T)      (ratio in rad/m)
    ratio·tau_R + f_T = 0

where tau_R = flange_R.tau and f_T = flange_T.f are the torque and force entering the gear (the
framework's sign rule, as Modelica's). So w = ratio·v, and the gear that pushes a load with a
force F (f_T = −F) takes the torque tau_R = F/ratio at its shaft. A pinion of radius r is
ratio = 1/r; a screw of lead p (metres per turn) is ratio = 2π/p.

The housings: with `"use_support_R": true` the port `support_R` takes the reaction torque
(support_R.tau = −tau_R), with `"use_support_T": true` the port `support_T` takes the reaction
force (support_T.f = −f_T); without a flag that housing is grounded (phi_support_R = 0,
s_support_T = 0), as MSL's useSupportR and useSupportT.

Energy: nothing stored, nothing lost. The port powers, tau_R·w_R + f_T·v_T and those of the
supports, sum to (ratio·tau_R + f_T)·v_rel = 0: the power audit checks the law.)";
}

void IdealGearR2T::define(ComponentBuilder& b) const {
  const Expr ratio = b.parameter("ratio", "rad/m", 1.0,
                                 "Transmission ratio: phi_R − phi_support_R = ratio·(s_T − s_support_T)", nonzero_ratio());
  const RotationalToTranslational c =
      define_rotational_to_translational(b, "Rotational flange (MSL flangeR): the shaft",
                                         "Translational flange (MSL flangeT): moves 1/ratio metres per radian");
  b.equation(c.phi - ratio * c.s, "gear kinematics");
  b.equation(ratio * c.flange_R.flow() + c.flange_T.flow(), "lossless transmission");
}

}  // namespace acausal::rotational_components
