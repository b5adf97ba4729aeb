#pragma once
/// @file
/// The Newton–Euler equations and energy of a rigid body at a frame, shared by the body types.

#include <Eigen/Core>

#include "components/multibody/frame.hpp"

namespace acausal::multibody_components {

struct MassProperties {
  double m = 1.0;               ///< [kg]
  Eigen::Vector3d r_CM = Eigen::Vector3d::Zero();  ///< center of mass from frame_a, in frame_a [m]
  Eigen::Matrix3d I = Eigen::Matrix3d::Zero();     ///< inertia tensor about the center of mass, in frame_a [kg·m²]
};

/// Reads `m`, `r_CM` and the inertia tensor `I_11` … `I_32` (Body's parameters).
/// @throws ModelError naming the parameter: m ≤ 0, an inertia tensor that is not positive
///         semi-definite or breaks the triangle inequality of principal moments.
MassProperties read_mass_properties(ComponentBuilder& b);

/// Declares the body's variables (r_0, v_0, a_0 of frame_a in world coordinates; w_a, z_a in
/// frame_a; preferred states when the body is free, avoided when it hangs on joints) and writes its
/// equations and energy at `frame_a`. Reads `phi_start`; when the orientation graph chose frame_a
/// as a root, the body is free and carries the quaternion (define_free_orientation).
void define_rigid_body(ComponentBuilder& b, const Frame& frame_a, const MassProperties& p);

}  // namespace acausal::multibody_components
