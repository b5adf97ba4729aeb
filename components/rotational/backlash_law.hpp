#pragma once
/// @file
/// The law shared by rotational.ElastoBacklash and rotational.ElastoBacklash2 (MSL 4.0.0's
/// Modelica.Mechanics.Rotational.Components.ElastoBacklash and ElastoBacklash2): a backlash of total
/// width b in series with a linear spring and damper in parallel. The two differ only in how the
/// damping torque is limited in contact.

#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// How the contact torque limits the damping (MSL's two formulations).
enum class BacklashDamping {
  /// ElastoBacklash: tau = tau_c + min(tau_c, tau_d) above the backlash (max below): the damping
  /// torque never exceeds the spring torque, so the torque is continuous at the start of contact.
  LimitedBySpring,
  /// ElastoBacklash2: tau = tau_c + tau_d: the torque jumps by d·w_rel at the start of contact.
  Unlimited,
};

/// Declares the parameters c, d, b, phi_rel0 (and phi_nominal), the ports R and C with phi_rel,
/// w_rel, tau, and the law with its stored energy and loss power.
/// @throws ModelError at …/params/c if c ≤ 0, …/params/d or …/params/b if negative.
void define_elasto_backlash(ComponentBuilder& b, BacklashDamping damping);

}  // namespace acausal::rotational_components
