#pragma once
/// @file
/// The kinematics and the force balance of a massless joint whose frame_b is frame_a shifted and
/// turned (the joints built from revolutes and prismatics in series: Universal, Cylindrical, Planar).

#include "components/multibody/frame.hpp"

namespace acausal::multibody_components {

/// The relative motion of frame_b from frame_a.
struct RelativeMotion {
  Vec3 d;      ///< frame_b's origin from frame_a's, frame_a coordinates [m]
  Mat3 R_rel;  ///< frame_a → frame_b coordinates
  Vec3 w_rel;  ///< angular velocity of frame_b relative to frame_a, frame_b coordinates [rad/s]
};

/// Writes frame_b's motion from frame_a's (r_0,b = r_0,a + R_aᵀ·d, R_b = R_rel·R_a,
/// w_b = R_rel·w_a + w_rel) or, when the orientation graph reaches frame_b first, the inverse, and
/// the balance of the massless joint: f_a = −R_relᵀ·f_b, t_a = −R_relᵀ·t_b − d × (R_relᵀ·f_b). The
/// caller writes what the joint does not transmit (the force or torque along its free directions).
/// Requires the branch frame_a–frame_b.
void define_relative_joint(ComponentBuilder& b, const Frame& a, const Frame& fb, const RelativeMotion& m);

}  // namespace acausal::multibody_components
