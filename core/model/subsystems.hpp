#pragma once
/// @file
/// Flattening of subsystem instances (docs/netlist-format.md, "Subsystems"): each instance becomes
/// its components, named by their full path (`gearbox1.stage2.shaft`), with the subsystem's
/// parameters substituted, its connections added and the connections to its exposed ports
/// rewritten to the inner ports they stand for. Every component keeps the location of its
/// definition, and every substituted value the location where it was given.

#include "core/model/netlist.hpp"
#include "core/model/registry.hpp"

namespace acausal {

/// True when a component of `netlist` is an instance of a subsystem.
bool has_subsystem_instances(const Netlist& netlist);

/// The netlist with every subsystem instance flattened, in the same order: an instance's components
/// take its place among the components (in their definition's order: by name, so the result stays
/// sorted by name); the connections of an instance come after those of the instances inside it,
/// and the netlist's own connections last. Netlist::exposed_ports lists the component ports the
/// instances expose, for build_model to check.
/// @throws ModelError: a subsystem cycle (naming it), an unknown port of a subsystem instance
///         (with its ports), an unknown or missing subsystem parameter, a value or a use of a
///         parameter in the wrong unit, an unknown instance inside a subsystem, an initial target of
///         a subsystem instance that names no inner instance.
Netlist expand_subsystems(const Netlist& netlist, const Registry& registry);

}  // namespace acausal
