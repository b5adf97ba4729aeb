#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// The ports of an ideal converter between a rotational and a translational flange, after MSL's
/// PartialElementaryRotationalToTranslational: the rotational flange `flange_R` and the translational
/// flange `flange_T`, each with an optional housing. The flags `use_support_R` and `use_support_T`
/// (MSL's useSupportR, useSupportT; default false) add the ports `support_R` (rotational) and
/// `support_T` (translational), each with its reaction equation (support_R.tau = −flange_R.tau,
/// support_T.f = −flange_T.f: the converter is massless); without a flag that housing is grounded
/// (its angle or position 0) and the reaction goes to ground.
struct RotationalToTranslational {
  Port flange_R, flange_T;
  Expr phi;  ///< flange_R.phi − support_R.phi (the angle relative to the rotational housing) [rad]
  Expr s;    ///< flange_T.s − support_T.s (the position relative to the translational housing) [m]
};
/// Reads use_support_R and use_support_T and declares the ports and the reaction equations.
RotationalToTranslational define_rotational_to_translational(ComponentBuilder& b, std::string_view rotational_description,
                                                             std::string_view translational_description);

}  // namespace acausal::rotational_components
