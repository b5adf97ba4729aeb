#include "components/multibody/revolute_planar_loop_constraint.hpp"

#include <cmath>

#include "components/multibody/frame.hpp"

namespace acausal::multibody_components {

std::string_view RevolutePlanarLoopConstraint::details() const {
  return R"(Closes a loop whose joint axes are all parallel to n (a planar four-bar, a slider-crank)
without over-determining it. With e = n/|n| and two unit vectors e_x, e_y normal to it (fixed in
frame_a: e_y = e × h/|e × h|, e_x = e_y × e, h = [0, 1, 0] unless |e_1| ≤ 0.1, then [0, 0, 1]
unless |e_2| ≤ 0.1, then [1, 0, 0], as in Modelica) and r_rel = R_a·(r_0,b − r_0,a), frame_b's
origin relative to frame_a's in frame_a coordinates, the joint holds the two constraints
e_x·r_rel = 0 and e_y·r_rel = 0. Their forces are the only ones it transmits:
f_a = e_x·f_c[1] + e_y·f_c[2], f_b = −R_b·R_aᵀ·f_a, t_a = t_b = 0. Nothing relates the two
frames' orientations: both must be set by the rest of the loop (a loop of parallel revolute joints
does), and an ordinary Revolute in its place would state three relations too many.)";
}

void RevolutePlanarLoopConstraint::define(ComponentBuilder& b) const {
  b.closes_loops();
  const Eigen::Vector3d e = axis_parameter(b, "n", {0.0, 0.0, 1.0}, "Axis of rotation, in frame_a");
  const Eigen::Vector3d helper = std::fabs(e.x()) > 0.1   ? Eigen::Vector3d(0.0, 1.0, 0.0)
                                 : std::fabs(e.y()) > 0.1 ? Eigen::Vector3d(0.0, 0.0, 1.0)
                                                          : Eigen::Vector3d(1.0, 0.0, 0.0);
  const Eigen::Vector3d e_y = e.cross(helper).normalized();
  const Eigen::Vector3d e_x = e_y.cross(e);
  const Frame a = frame_port(b, "frame_a", "Frame whose axis n frame_b's origin stays on");
  const Frame fb = frame_port(b, "frame_b", "Frame whose origin stays on frame_a's axis");
  const Expr f_x = b.variable("f_c[1]", "N", "Constraint force along e_x, on frame_a");
  const Expr f_y = b.variable("f_c[2]", "N", "Constraint force along e_y, on frame_a");
  const Vec3 r_rel = a.R * Vec3(fb.r_0 - a.r_0);
  b.equation(constant(e_x).dot(r_rel), "frame_b's origin on frame_a's axis (along e_x)");
  b.equation(constant(e_y).dot(r_rel), "frame_b's origin on frame_a's axis (along e_y)");
  const Vec3 f_a = constant(e_x) * f_x + constant(e_y) * f_y;
  equal(b, a.f, f_a, "the constraint forces act on frame_a");
  equal(b, fb.f, Vec3(-(fb.R * (a.R.transpose() * f_a))), "and the opposite forces on frame_b");
  equal(b, a.t, zero_vector(), "no torque at frame_a");
  equal(b, fb.t, zero_vector(), "no torque at frame_b");
}

}  // namespace acausal::multibody_components
