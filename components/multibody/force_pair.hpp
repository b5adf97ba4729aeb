#pragma once
/// @file
/// A force and a torque that one frame's body exerts on another's (Modelica's Forces.Force, Torque
/// and ForceAndTorque): the cut forces of both frames and the power the pair delivers.

#include "components/multibody/frame.hpp"

namespace acausal::multibody_components {

/// F (at frame_b's origin) and T, both in world coordinates, act on frame_b's body; frame_a's body
/// takes −F at its origin and −T − r × F, r = r_0,b − r_0,a, so that the pair exerts no net force
/// or moment. Writes the four cut-force equations (each frame's in its own coordinates) and books
/// the power delivered to the two bodies, F·(v_b − v_a) + T·(ω_b − ω_a) − (r × F)·ω_a (world
/// coordinates), as injected.
void act_between(ComponentBuilder& b, const Frame& a, const Frame& fb, const Vec3& F, const Vec3& T);

}  // namespace acausal::multibody_components
