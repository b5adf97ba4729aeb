#pragma once
/// @file
/// The World's gravity at a point, for components that carry mass of their own (a body's center
/// of mass, the point mass of a line force).

#include "components/multibody/frame.hpp"

namespace acausal::multibody_components {

struct GravityAtPoint {
  Vec3 g;            ///< acceleration of gravity, world coordinates [m/s²]
  Expr potential;    ///< potential per unit mass [J/kg]: −g·r (uniform), −mu/|r| (point), 0 (none)
};

/// The field of `gravity` at the point r (world coordinates).
GravityAtPoint gravity_at(const Gravity& gravity, const Vec3& r);

}  // namespace acausal::multibody_components
