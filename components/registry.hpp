#pragma once
/// @file
/// The built-in component library.

#include "core/model/registry.hpp"

namespace acausal {

/// The registry with every built-in component.
const Registry& builtin_registry();

/// Adds every built-in component type to `registry` (to extend the built-in library with one's own
/// classes or component libraries in a registry of one's own).
void register_builtin(Registry& registry);

// Each domain folder registers its own types.
void register_rotational(Registry& r);
void register_translational(Registry& r);
void register_signal(Registry& r);
void register_multibody(Registry& r);
void register_thermal(Registry& r);

}  // namespace acausal
