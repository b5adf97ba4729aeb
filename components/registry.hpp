#pragma once
/// @file
/// The built-in component library.

#include "core/model/registry.hpp"

namespace acausal {

/// The registry with every built-in component.
const Registry& builtin_registry();

// Each domain folder registers its own types.
void register_rotational(Registry& r);
void register_translational(Registry& r);
void register_signal(Registry& r);
void register_multibody(Registry& r);

}  // namespace acausal
