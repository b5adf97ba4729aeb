#pragma once
/// @file
/// The orientation states of a free frame: a body whose frame the orientation graph chose as a root
/// (nothing else orients it) carries a quaternion.

#include <array>
#include <string_view>

#include "components/multibody/frame.hpp"

namespace acausal::multibody_components {

/// The rotation world → frame of Cardan angles in the sequence 1-2-3 (turn about x by phi[0], then
/// about the new y by phi[1], then about the new z by phi[2]).
Eigen::Matrix3d cardan_123(const std::array<double, 3>& phi);
/// The quaternion (q1, q2, q3, q4), scalar part last, of a rotation matrix world → frame, with
/// q4 ≥ 0 (Modelica's Frames.Quaternions.from_T).
Eigen::Vector4d quaternion_of(const Eigen::Matrix3d& R);

/// Declares the quaternion `Q[1..4]` (states, started at the rotation `R_start`, described as
/// `description`), writes its kinematics der(Q) = ½·W(Q)ᵀ·w and returns the rotation T(Q)/|Q|²,
/// with W(Q) = [[q4, q3, −q2, −q1], [−q3, q4, q1, −q2], [q2, −q1, q4, −q3]] and
/// T(Q) = (q4² − q·q)·I + 2·q·qᵀ − 2·q4·[q×]. The rotation maps coordinates of a reference frame to
/// those of the turning frame, and w is the turning frame's angular velocity relative to the
/// reference, in the turning frame's coordinates (the world and a free body; frame_a and frame_b of
/// a FreeMotion joint). |Q| stays 1 in exact arithmetic (Q·der(Q) = 0); the rotation is built from
/// Q normalized, so a drift of the norm never makes it non-orthogonal.
Mat3 quaternion_rotation(ComponentBuilder& b, const Vec3& w, const Eigen::Matrix3d& R_start,
                         std::string_view description);

/// A free frame: frame.R = quaternion_rotation(b, w, R_start, …), the rotation world → frame.
void define_free_orientation(ComponentBuilder& b, const Frame& frame, const Vec3& w, const Eigen::Matrix3d& R_start);

}  // namespace acausal::multibody_components
