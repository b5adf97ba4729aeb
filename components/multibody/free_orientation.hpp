#pragma once
/// @file
/// The orientation states of a free frame: a body whose frame the orientation graph chose as a root
/// (nothing else orients it) carries a quaternion.

#include <array>

#include "components/multibody/frame.hpp"

namespace acausal::multibody_components {

/// The rotation world → frame of Cardan angles in the sequence 1-2-3 (turn about x by phi[0], then
/// about the new y by phi[1], then about the new z by phi[2]).
Eigen::Matrix3d cardan_123(const std::array<double, 3>& phi);
/// The quaternion (q1, q2, q3, q4), scalar part last, of a rotation matrix world → frame, with
/// q4 ≥ 0 (Modelica's Frames.Quaternions.from_T).
Eigen::Vector4d quaternion_of(const Eigen::Matrix3d& R);

/// Declares the quaternion `Q[1..4]` (states, started at the rotation `R_start`) and writes
///   der(Q) = ½·W(Q)ᵀ·w,   R = T(Q)/|Q|²,
/// with W(Q) = [[q4, q3, −q2, −q1], [−q3, q4, q1, −q2], [q2, −q1, q4, −q3]] and
/// T(Q) = (q4² − q·q)·I + 2·q·qᵀ − 2·q4·[q×]. |Q| stays 1 in exact arithmetic (Q·der(Q) = 0);
/// R is built from Q normalized, so a drift of the norm never makes R non-orthogonal.
void define_free_orientation(ComponentBuilder& b, const Frame& frame, const Vec3& w, const Eigen::Matrix3d& R_start);

}  // namespace acausal::multibody_components
