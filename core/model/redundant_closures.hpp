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
/// (LoopClosure::released), the choice a planar cut joint makes by hand.

#include <map>
#include <string>
#include <vector>

namespace acausal {

struct Model;

/// By cut port ("instance.port"): which of its closure rows (Model::LoopCut::rows' order) depend
/// on the model's other position-level equations, at a configuration that satisfies them all
/// (reached by minimum-norm Gauss–Newton steps from the start values). Empty when the model has no
/// loop cut or none is redundant; also empty when no such configuration is found near the start
/// values (initialization then reports the loop that does not close).
std::map<std::string, std::vector<bool>> redundant_closure_rows(const Model& model);

}  // namespace acausal
