#include "components/rotational/ideal_rolling_wheel.hpp"

#include "components/rotational/rotational_to_translational.hpp"

namespace acausal::rotational_components {

std::string_view IdealRollingWheel::details() const {
  return R"(MSL 4.0.0's IdealRollingWheel: a massless wheel of the given radius that rolls without
slip. The axle is the rotational flange `flange_R` (MSL's flangeR), the contact point, or the
vehicle the wheel carries, the translational flange `flange_T` (flangeT):

    (phi_R − phi_support_R)·radius = s_T − s_support_T
    radius·f_T + tau_R = 0

with tau_R = flange_R.tau and f_T = flange_T.f entering the wheel. So v = radius·w, and a wheel
that pushes the vehicle with the traction force F (f_T = −F) takes the torque radius·F at its
axle. It is rotational.IdealGearR2T with ratio = 1/radius.

The housings: `"use_support_R": true` adds the port `support_R` (support_R.tau = −tau_R), `"use_support_T": true`
the port `support_T` (support_T.f = −f_T); without a flag that housing is grounded, as MSL's
useSupportR and useSupportT. Inertia of the wheel and the vehicle's mass are separate elements on
the flanges.

Energy: nothing stored, nothing lost; the port powers sum to (tau_R + radius·f_T)·w_rel = 0.)";
}

void IdealRollingWheel::define(ComponentBuilder& b) const {
  const Expr radius = b.parameter("radius", "m", 0.3, "Wheel radius", positive());
  const RotationalToTranslational c = define_rotational_to_translational(
      b, "Rotational flange (MSL flangeR): the axle", "Translational flange (MSL flangeT): the contact point, the vehicle");
  b.equation(c.phi * radius - c.s, "rolling without slip");
  b.equation(radius * c.flange_T.flow() + c.flange_R.flow(), "lossless transmission");
}

}  // namespace acausal::rotational_components
