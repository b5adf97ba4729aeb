#pragma once
/// @file
/// The geometry shared by the forces that act along the line between two frame origins (seeds 000
/// and 004): no orientation of their own, no degrees of freedom, no torque.

#include "components/multibody/frame.hpp"

namespace acausal::multibody_components {

struct LineForce {
  Frame a, b;
  Vec3 r;  ///< r_rel = r_0 of frame_b − r_0 of frame_a, world coordinates [m]
  Vec3 v;  ///< v_rel = der(r_rel) [m/s]
};

/// Declares frame_a, frame_b and the variables r_rel[3], v_rel[3] with their equations.
LineForce define_line_force(ComponentBuilder& b);

/// Applies F, the force that the element exerts on frame_b's body (world coordinates), and −F on
/// frame_a's: the cut forces on the element are R_a·F at frame_a and −R_b·F at frame_b; no torques.
void apply_line_force(ComponentBuilder& b, const LineForce& line, const Vec3& F);

/// The switch of a line force at coincident origins: true while |r_rel| > kCoincident (1e-9 m).
/// A switch with an event: where the origins meet, the element's law takes its singular branch.
Expr origins_apart(const LineForce& line);
/// |r_rel| away from the singular branch, 0 on it (keeps the derivatives finite at r_rel = 0).
Expr separation(const LineForce& line);

}  // namespace acausal::multibody_components
