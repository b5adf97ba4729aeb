#pragma once
/// @file
/// The virtual connection graph of frame orientations (Modelica Language Specification §9.4):
/// vertices are the frame ports components declare (Component::declare_frames) and the
/// connection nodes of the netlist; edges are the components' branches (never broken) and the
/// links between a node and its ports. A spanning forest is chosen with branches first and then
/// the links by how much cutting them is wanted (a rigid part's port, then a joint's, then the
/// netlist's "loop_cuts"), in netlist order within each (Kruskal with a union–find); a link that
/// would close a loop, or join two parts that both have a root, is cut: the assembler then writes the domain's 3 orientation
/// residuals for that port instead of equating its 9 rotation-matrix entries. Each part of the
/// forest has one root: its definite root (World, Fixed), else its first potential root in
/// netlist order (a free body).

#include <string>
#include <unordered_set>
#include <vector>

#include "core/model/frame_roles.hpp"
#include "core/model/netlist.hpp"
#include "core/model/registry.hpp"

namespace acausal {

struct OrientationGraph {
  std::vector<FrameRoles> roles;              ///< per netlist component
  std::unordered_set<std::string> cut_ports;  ///< "instance.port" whose link to its node closes a loop
};

/// @throws ModelError in the user's terms: frames that nothing orients ("b.frame_a … are not
///         connected to the World, a Fixed frame or a free body"), two roots joined without a
///         breakable connection, a loop of branches alone.
OrientationGraph build_orientation_graph(const Netlist& netlist, const Registry& registry);

}  // namespace acausal
