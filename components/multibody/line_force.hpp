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
  /// The optional point mass on the line (Modelica's LineForceWithMass): m [kg] at the fraction
  /// length_fraction of the way from frame_a's origin to frame_b's. m = 0: none.
  double m = 0.0;
  double length_fraction = 0.5;
};

/// The flags `fixed_rotation_at_frame_a`/`_b` make that frame a root (Component::declare_frames of
/// every line force).
void declare_line_force_frames(FrameDeclaration& d);

/// Reads the flags, declares frame_a, frame_b and the variables r_rel[3] and, `with_velocity`,
/// v_rel[3] with their equations. A law without velocity must not declare v_rel: it would make
/// the positions of a massless junction of springs differentiated (an index-2 junction).
LineForce define_line_force(ComponentBuilder& b, bool with_velocity);

/// Reads the parameters of the optional point mass, `m` [kg] ≥ 0 (default 0) and `length_fraction`
/// in [0, 1] (default 0.5), into `line` (Modelica's Forces.Spring and LineForceWithMass).
void read_point_mass(ComponentBuilder& b, LineForce& line);

/// Applies F, the force that the element exerts on frame_b's body (world coordinates), and −F on
/// frame_a's: the cut forces on the element are R_a·F at frame_a and −R_b·F at frame_b; no torques
/// (at a frame of fixed rotation, R = I and w = 0 instead, and its torque is what holds it).
///
/// With a point mass (line.m > 0, λ = line.length_fraction) it also declares r_CM_0, v_CM_0 and
/// a_CM_0 (world coordinates) with r_CM_0 = r_0,a + λ·r_rel, and the two frames carry the mass's
/// inertia and weight in the shares of a lever: with ag = a_CM_0 − g(r_CM_0),
///   cut force at frame_a: R_a·(F + (1 − λ)·m·ag),   at frame_b: R_b·(−F + λ·m·ag),
/// which keeps both the power and the moment balance of the point mass (the shares are the only
/// ones that do for every motion of the two origins). It stores ½·m·|v_CM_0|² + m·V(r_CM_0).
void apply_line_force(ComponentBuilder& b, const LineForce& line, const Vec3& F);

/// A point mass m at `position` (world coordinates) carried by a line force: declares
/// r_CM<tag>_0, v_CM<tag>_0 and a_CM<tag>_0 (world coordinates; the first two avoided as states),
/// stores ½·m·|v_CM|² + m·V(r_CM), and returns its inertia and weight m·(a_CM − g), which the frames
/// must carry.
Vec3 point_mass_load(ComponentBuilder& b, double m, const Vec3& position, std::string_view tag);

/// The torques of a line force: none at a free frame; at a frame of fixed rotation R = I and w = 0
/// instead (its torque is what holds it).
void line_force_torques(ComponentBuilder& b, const LineForce& line);

/// The switch of a line force at coincident origins: true while |r_rel| > kCoincident (1e-9 m).
/// A switch with an event: where the origins meet, the element's law takes its singular branch.
Expr origins_apart(const LineForce& line);
/// |r_rel| away from the singular branch, 0 on it (keeps the derivatives finite at r_rel = 0).
Expr separation(const LineForce& line);

}  // namespace acausal::multibody_components
