#pragma once
/// @file
/// Shared structure of rotational elements that act between a flange and a housing (sources, after
/// Modelica's PartialElementaryOneFlangeAndSupport2): the `use_support` flag, the `flange` port and
/// the optional `support` port.

#include <optional>
#include <string_view>

#include "core/component.hpp"

namespace acausal::rotational_components {

/// The flange of a one-flange element and its housing.
struct FlangeAndSupport {
  Port flange;
  std::optional<Port> support;  ///< present when use_support = true
  Expr phi_support;             ///< support.phi [rad], or 0 when the housing is grounded
  Expr phi_rel;                 ///< flange.phi − phi_support [rad]
  Expr w_rel;                   ///< der(flange.phi) − der(phi_support) [rad/s]
};

/// Reads the flag `use_support` (default false), declares the port `flange` and, when the flag is
/// set, the port `support` with the reaction equation support.tau = −flange.tau (the element is
/// massless). Without support the housing is grounded: phi_support = 0 and the reaction goes to ground.
FlangeAndSupport define_flange_and_support(ComponentBuilder& b, std::string_view flange_description);

}  // namespace acausal::rotational_components
