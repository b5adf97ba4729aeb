#pragma once
/// @file
/// Shared structure of translational elements that act between a flange and a housing (sources):
/// the `use_support` flag, the `flange` port and the optional `support` port.

#include <optional>
#include <string_view>

#include "core/component.hpp"

namespace acausal::translational_components {

/// The flange of a one-flange element and its housing.
struct FlangeAndSupport {
  Port flange;
  std::optional<Port> support;  ///< present when use_support = true
  Expr s_support;               ///< support.s [m], or 0 when the housing is grounded
  Expr s_rel;                   ///< flange.s − s_support [m]
  Expr v_rel;                   ///< der(flange.s) − der(s_support) [m/s]
};

/// Reads the flag `use_support` (default false), declares the port `flange` and, when the flag is
/// set, the port `support` with the reaction equation support.f = −flange.f (the element is
/// massless). Without support the housing is grounded: s_support = 0 and the reaction goes to ground.
FlangeAndSupport define_flange_and_support(ComponentBuilder& b, std::string_view flange_description);

}  // namespace acausal::translational_components
