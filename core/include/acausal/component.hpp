#pragma once
/// @file
/// Writing component classes: the component API (Component, ComponentBuilder, parameters, ports,
/// variables, equations, energy terms; core/model/component.hpp), the domains, symbolic expressions
/// (also as Eigen scalars, for 3D laws), the frame helpers of 3D components (namespace
/// acausal::multibody: frame_port(), Vec3, equal(), gravity_at(); components/multibody/frame.hpp),
/// the registry and the built-in library. docs/extending.md is the guide.
///
/// Include the headers at the top of acausal/ only: acausal/component.hpp, acausal/plugin.hpp,
/// acausal/acausal.hpp, acausal/testing.hpp, acausal/version.hpp. The folders below them hold what
/// these need, and may change between versions.

// Default visibility for the library's declarations, also in a component library compiled with
// -fvisibility=hidden (acausal_add_component_library): its types are the library's, shared with it.
#pragma GCC visibility push(default)
#include "acausal/version.hpp"
#include "components/multibody/frame.hpp"
#include "components/multibody/gravity_field.hpp"
#include "components/registry.hpp"
#include "core/expr/expr.hpp"
#include "core/expr/expr_context.hpp"
#include "core/expr/expr_eigen.hpp"
#include "core/model/component.hpp"
#include "core/model/domain.hpp"
#include "core/model/errors.hpp"
#include "core/model/registry.hpp"
#pragma GCC visibility pop

namespace acausal {
/// The frame helpers of the multibody components, for 3D components of one's own.
namespace multibody = multibody_components;
}  // namespace acausal
