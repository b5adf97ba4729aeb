#pragma once
/// @file
/// Redundant loop closures. A connection that closes a kinematic loop relates the two sides'
/// positions and orientations with six equations (core/model/orientation_graph.hpp), but a loop
/// can move in fewer dimensions than six: a planar four-bar of parallel revolute joints keeps every
/// frame in its plane by its own joints, so three of the six (the position along the axes, the two
/// tilts) hold whatever the rest does, and the cut force along the axes and the torques about
/// the in-plane directions are statically indeterminate. Modelica leaves this to the user (use
/// RevolutePlanarLoopConstraint); here the assembly finds such rows and releases them: each row
/// that depends on the others is replaced by "the cut quantity it would have carried is zero"
/// (LoopClosure::released), the choice a planar cut joint makes by hand. The test is made at one
/// configuration, which may be special (a four-bar at a dead point, its links in a line, loses an
/// in-plane row too): the model watches each released row during the run (Model::assertions).

#include <map>
#include <string>
#include <vector>

namespace acausal {

struct Model;

struct RedundantClosures {
  /// By cut port ("instance.port"): which of its closure rows (Model::LoopCut::rows' order) are
  /// implied by the rest.
  std::map<std::string, std::vector<bool>> rows;
  /// The loops' size: the largest extent, along a world axis, of the frame origins the
  /// position-level equations place at that configuration (m).
  double size = 1.0;
};

/// The closure rows that depend on the model's other position-level equations, at a configuration
/// that satisfies them all (reached by minimum-norm Gauss–Newton steps from the start values).
/// No rows when the model has no loop cut or none is redundant; also none when no such
/// configuration is found near the start values (initialization then reports the loop that does
/// not close).
RedundantClosures redundant_closure_rows(const Model& model);

}  // namespace acausal
