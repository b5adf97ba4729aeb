#pragma once
/// @file
/// A universal joint at frame_a whose second axis is normal to the line from frame_a's origin to
/// frame_b's (Modelica's UniversalSpherical and Assemblies.JointUPS): the frame `frame_ia` fixed in
/// that line, its kinematics, and how the forces at the line's far end and at frame_ia reach
/// frame_a. The line's own law (a rod of fixed length, a prismatic joint with a flange) is the
/// caller's.

#include "components/multibody/frame.hpp"

namespace acausal::multibody_components {

/// The line from frame_a's origin to frame_b's, resolved in frame_a.
struct UniversalRod {
  Eigen::Vector3d n1;   ///< axis 1 of the universal joint, unit, fixed in frame_a
  Expr length;          ///< the line's length L [m]
  Vec3 r_a;             ///< frame_b's origin from frame_a's, frame_a coordinates [m]
  Vec3 e_axis;          ///< r_a / L
  Vec3 e2;              ///< axis 2 of the universal joint: n1 × e_axis normalized
  Vec3 e3;              ///< e_axis × e2
  Expr n2_length;       ///< |n1 × e_axis| (= n1·e3)
  Mat3 T;               ///< frame_a → frame_ia coordinates
};

/// The unit axes of frame_ia's line frame, resolved in frame_ia: e_axis_ia (unit), e2_ia =
/// n1 × e_axis_ia normalized, e3_ia = e_axis_ia × e2_ia, as the columns of a matrix.
/// @throws ModelError at `axis_name` when e_axis_ia is parallel to n1.
Eigen::Matrix3d line_axes_ia(ComponentBuilder& b, const Eigen::Vector3d& n1, const Eigen::Vector3d& e_axis_ia,
                             std::string_view axis_name);

/// Writes frame_ia's motion: its origin is frame_a's, and it turns with the line:
/// R_ia = T·R_a with T = E_ia·[e_axis e2 e3]ᵀ (E_ia from line_axes_ia), so frame_ia is parallel to
/// frame_a when the line lies along e_axis_ia in frame_a; w_ia = T·w_a + E_ia·w_rel with the line
/// frame's angular velocity relative to frame_a
///   w_rel = (e3·(n1 × d)/|n1 × e_axis|, −e3·d, e2·d),  d = (R_a·der(r_0,b − r_0,a) − w_a × r_a)/L.
/// `length` is L: a constant for a rod, |r_0,b − r_0,a| for a line of varying length. Adds the
/// assertion that the line does not turn parallel to n1 (the universal joint's singular position).
/// The orientation must reach frame_a first (`a_name`–frame_ia a branch, rooted at frame_a).
/// @throws ModelError when the orientation graph reaches frame_ia before frame_a.
UniversalRod define_universal_rod(ComponentBuilder& b, const Frame& a, const Frame& fb, const Frame& ia,
                                  const Eigen::Vector3d& n1, const Eigen::Matrix3d& E_ia, const Expr& length);

/// The cut force at the line's far end (frame_b's origin), frame_a coordinates, of a line that
/// carries `axial` along itself (positive: pressed) and frame_ia's torque t_c (frame_a
/// coordinates) to its ends, the universal joint taking no torque about n1 or e2:
///   f_end = −axial·e_axis − e2·(n1·t_c)/(L·|n1 × e_axis|) + e3·(e2·t_c)/L.
Vec3 line_end_force(const UniversalRod& rod, const Expr& axial, const Vec3& t_c);

/// frame_a's balance of the massless line: f_a = −f_c − f_end, t_a = −t_c − r_a × f_end, with f_c
/// and t_c the cut force and torque at frame_ia and f_end from line_end_force (frame_a coordinates).
void balance_at_frame_a(ComponentBuilder& b, const Frame& a, const UniversalRod& rod, const Vec3& f_end,
                        const Vec3& f_c, const Vec3& t_c);

}  // namespace acausal::multibody_components
