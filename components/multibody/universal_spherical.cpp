#include "components/multibody/universal_spherical.hpp"

#include <string>

#include "components/multibody/universal_rod.hpp"

namespace acausal::multibody_components {

std::string_view UniversalSpherical::details() const {
  return R"(A universal joint at frame_a and a spherical joint at frame_b joined by a rigid, massless rod
(Modelica's Joints.UniversalSpherical). `r_rod_ia` (MSL's rRod_ia, default [1, 0, 0]) is the rod
from frame_a's origin to frame_b's, resolved in frame_ia; its length L = |r_rod_ia| is the one
constraint the joint states:

    |r_0,b − r_0,a|² = L²

and `f_rod`, the force along the rod (positive when the rod is pressed, pushing the origins
apart), is its multiplier.

The universal joint turns about `n1_a` (fixed in frame_a, default [0, 0, 1]) and about a second
axis normal to n1_a and to the rod. frame_ia is fixed in the rod at frame_a's origin and parallel
to frame_a when the rod lies along r_rod_ia in frame_a coordinates; a body attached there rides on
the rod. With e_axis the rod's direction, e2 = n1_a × e_axis normalized and e3 = e_axis × e2
(frame_a coordinates), frame_ia.R = T·frame_a.R with T = [ê, ê2, ê3]·[e_axis, e2, e3]ᵀ
(ê, ê2, ê3 the same axes in frame_ia, from r_rod_ia and n1_a).

Forces (frame_a coordinates; t_ia, f_ia: frame_ia's cut torque and force): frame_b receives
f_b = −f_rod·e_axis − e2·(n1_a·t_ia)/(L·|n1_a × e_axis|) + e3·(e2·t_ia)/L and no torque;
frame_a f_a = −f_ia − f_b and t_a = −t_ia − r × f_b, which has no part about n1_a or the second
axis. With nothing at frame_ia, only f_rod passes, along the rod, and neither frame takes a torque.

Orientation: the joint is a branch frame_a–frame_ia of the orientation graph and relates nothing
between frame_a and frame_b, so a loop closed by it (MSL's Fourbar2) stays a tree with one
distance constraint; frame_b's orientation comes from its own side. The orientation must reach
frame_a first. The rod must not turn parallel to n1_a (the universal joint's singular position;
the run stops there).

With `compute_rod_length` (MSL's computeRodLength), r_rod_ia gives only the rod's direction and
its length is computed at initialization from one initial value more than the mechanism's states
need (MSL's Fourbar2 fixes the prismatic joint's position for it); `acausal check` lists it as
`<instance>.rod_length`, and `simulate` prints the value it took.

Not implemented: `kinematicConstraint = false` (for MSL's analytic loop handling). The joint
stores and dissipates nothing.)";
}

void UniversalSpherical::define(ComponentBuilder& b) const {
  b.closes_loops();
  const Eigen::Vector3d n1 =
      axis_parameter(b, "n1_a", {0.0, 0.0, 1.0}, "Axis 1 of the universal joint, in frame_a (axis 2 is normal to it "
                                                 "and to the rod)");
  const std::array<double, 3> r = vector_values(b, "r_rod_ia", "m", {1.0, 0.0, 0.0},
                                                "The rod from frame_a's origin to frame_b's, in frame_ia");
  const Eigen::Vector3d rod_ia(r[0], r[1], r[2]);
  if (!(rod_ia.norm() > 1e-12)) b.fail("r_rod_ia", "r_rod_ia must not be zero: the rod needs a length");
  const Eigen::Matrix3d E_ia = line_axes_ia(b, n1, rod_ia.normalized(), "r_rod_ia");
  const Frame a = frame_port(b, "frame_a", "Frame of the universal joint");
  const Frame fb = frame_port(b, "frame_b", "Frame of the spherical joint, at the rod's far end");
  const Frame ia = frame_port(b, "frame_ia", "Frame fixed in the rod at frame_a's origin");
  const bool compute_length =
      b.flag("compute_rod_length", false, "Compute the rod's length at initialization (r_rod_ia: its direction)");
  const Expr length = compute_length ? b.computed_parameter("rod_length", "m", "Length of the rod, computed at "
                                                                               "initialization", rod_ia.norm())
                                     : Expr(rod_ia.norm());
  // The rod in world coordinates, started at r_rod_ia (MSL's start value): the initialization's
  // Newton needs a rod that points somewhere to find the constraint's slope.
  Vec3 r_0;
  for (Eigen::Index i = 0; i < 3; ++i)
    r_0(i) = b.variable("r_rod_0[" + std::to_string(i + 1) + "]", "m",
                        "The rod from frame_a's origin to frame_b's, world coordinates",
                        {.start = rod_ia(i)});
  equal(b, r_0, Vec3(fb.r_0 - a.r_0), "the rod");
  b.equation(r_0.dot(r_0) - length * length, "the rod keeps its length");
  const Expr f_rod = b.variable("f_rod", "N", "Force along the rod (positive when the rod is pressed)");
  const UniversalRod rod = define_universal_rod(b, a, fb, ia, n1, E_ia, length);
  const Vec3 f_ia = rod.T.transpose() * ia.f, t_ia = rod.T.transpose() * ia.t;  // in frame_a
  const Vec3 f_b = line_end_force(rod, f_rod, t_ia);
  equal(b, fb.f, Vec3(fb.R * (a.R.transpose() * f_b)), "the rod's force at frame_b");
  equal(b, fb.t, zero_vector(), "the spherical joint takes no torque");
  balance_at_frame_a(b, a, rod, f_b, f_ia, t_ia);
}

}  // namespace acausal::multibody_components
