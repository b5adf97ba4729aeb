#pragma once
/// @file
/// The geometry shared by the forces that act along the line between two frame origins (seeds 000
/// and 004): no orientation of their own, no degrees of freedom, no torque.

#include "components/multibody/frame.hpp"

namespace acausal::multibody_components {

struct LineForce {
  Frame a, b;
  /// Modelica's fixedRotationAtFrame_a/_b: the element sets that frame's orientation to the
  /// world's (a root), for a frame nothing else orients (a massless junction of line forces).
  bool fixed_rotation_a = false, fixed_rotation_b = false;
  Vec3 r;  ///< r_rel = r_0 of frame_b − r_0 of frame_a, world coordinates [m]
  Vec3 v;  ///< v_rel = der(r_rel) [m/s], when declared
};

/// The flags `fixed_rotation_at_frame_a`/`_b` make that frame a root (Component::declare_frames of
/// every line force).
void declare_line_force_frames(FrameDeclaration& d);

/// Reads the flags, declares frame_a, frame_b and the variables r_rel[3] and, `with_velocity`,
/// v_rel[3] with their equations. A law without velocity must not declare v_rel: it would make
/// the positions of a massless junction of springs differentiated (an index-2 junction).
LineForce define_line_force(ComponentBuilder& b, bool with_velocity);

/// Applies F, the force that the element exerts on frame_b's body (world coordinates), and −F on
/// frame_a's: the cut forces on the element are R_a·F at frame_a and −R_b·F at frame_b; no torques
/// (at a frame of fixed rotation, R = I and w = 0 instead, and its torque is what holds it).
void apply_line_force(ComponentBuilder& b, const LineForce& line, const Vec3& F);

/// The switch of a line force at coincident origins: true while |r_rel| > kCoincident (1e-9 m).
/// A switch with an event: where the origins meet, the element's law takes its singular branch.
Expr origins_apart(const LineForce& line);
/// |r_rel| away from the singular branch, 0 on it (keeps the derivatives finite at r_rel = 0).
Expr separation(const LineForce& line);

}  // namespace acausal::multibody_components
