#pragma once
#include "core/model/component.hpp"

namespace acausal::translational_components {

/// What a force source whose force is a law of time or speed has: the flag use_support and the
/// ports flange (and support), the variable f, the force applied to the flange, positive toward +s
/// (flange.f = −f, as translational.ConstantForce; MSL's PartialForce names flange.f itself f),
/// the variable v, the flange's velocity relative to the housing, and the injected power f·v. The
/// caller writes the law f = ….
struct ForceSource {
  Expr f;  ///< force applied to the flange [N]
  Expr v;  ///< der(flange.s) − der(support.s) [m/s]
};
ForceSource define_force_source(ComponentBuilder& b);

}  // namespace acausal::translational_components
