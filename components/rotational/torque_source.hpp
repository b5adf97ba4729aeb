#pragma once
#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// What a torque source whose torque is a law of time or speed has (MSL's PartialTorque with
/// the variables w and tau): the flag use_support and the ports flange (and support), the
/// variable tau, the torque applied to the flange (flange.tau = −tau, so a positive tau drives the
/// flange positively and the support, if any, takes support.tau = tau), the variable w, the
/// flange's speed relative to the housing, and the injected power tau·w. The caller writes the law
/// tau = ….
struct TorqueSource {
  Expr tau;  ///< torque applied to the flange [N·m]
  Expr w;    ///< der(flange.phi) − der(support.phi) [rad/s]
};
TorqueSource define_torque_source(ComponentBuilder& b);

}  // namespace acausal::rotational_components
