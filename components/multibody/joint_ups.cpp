#include "components/multibody/joint_ups.hpp"

#include "components/multibody/universal_rod.hpp"

namespace acausal::multibody_components {

std::string_view JointUPS::details() const {
  return R"(A universal joint at frame_a, a spherical joint at frame_b and a prismatic joint along the line
between their origins (Modelica's Joints.Assemblies.JointUPS), massless. It states no constraint:
the distance of the origins, `length` = |r_0,b − r_0,a|, is the prismatic joint's position,
s = length − `s_offset`, and the 1D flange `axis` moves with it (axis.s = s) and drives it with
f = axis.f along the line (positive: the line is pressed and pushes the origins apart); the flange
`bearing` is the prismatic joint's housing, grounded inside the joint (bearing.s = 0), as in MSL. A translational
spring or damper between bearing and axis is a force along the line.

The universal joint turns about `n1_a` (fixed in frame_a, default [0, 0, 1]) and about a second
axis normal to n1_a and to the line. frame_ia, at frame_a's origin, and frame_ib, at frame_b's,
are fixed in the two parts of the prismatic joint and share one orientation: parallel to frame_a
when the line lies along `n_axis_ia` (MSL's nAxis_ia, default [1, 0, 0], the line's direction in
frame_ia) in frame_a coordinates. Bodies attached there ride on the line (a hydraulic cylinder's
two parts): with r_CM = 0.2·n_axis_ia/|n_axis_ia| at frame_ia a point mass sits on the line.

Forces (frame_a coordinates; e_axis the line's direction, e2 = n1_a × e_axis normalized,
e3 = e_axis × e2, L = length; f_c the cut force at frame_ia, t_c the sum of the cut torques at
frame_ia and frame_ib): the line carries to its far end
f_bd = −f·e_axis − e2·(n1_a·t_c)/(L·|n1_a × e_axis|) + e3·(e2·t_c)/L, shared between frame_b and
frame_ib (frame_b.f = f_bd − frame_ib.f, both resolved alike), frame_b takes no torque, and
frame_a f_a = −f_c − f_bd, t_a = −t_c − r × f_bd, with no part about n1_a or the second axis.

Orientation: branches frame_a–frame_ia–frame_ib; nothing relates frame_a's orientation to
frame_b's. The orientation must reach frame_a first. The line must not turn parallel to n1_a nor
shrink to zero length (the run stops there). The joint stores and dissipates nothing.)";
}

void JointUPS::define(ComponentBuilder& b) const {
  const Eigen::Vector3d n1 =
      axis_parameter(b, "n1_a", {0.0, 0.0, 1.0}, "Axis 1 of the universal joint, in frame_a (axis 2 is normal to it "
                                                 "and to the line)");
  const Eigen::Vector3d e_axis_ia = axis_parameter(b, "n_axis_ia", {1.0, 0.0, 0.0},
                                                   "Direction of the line from frame_a to frame_b, in frame_ia");
  const Expr s_offset = b.parameter("s_offset", "m", 0.0, "Distance of the origins at s = 0: length = s + s_offset");
  const Eigen::Matrix3d E_ia = line_axes_ia(b, n1, e_axis_ia, "n_axis_ia");
  const Frame a = frame_port(b, "frame_a", "Frame of the universal joint");
  const Frame fb = frame_port(b, "frame_b", "Frame of the spherical joint");
  const Frame ia = frame_port(b, "frame_ia", "Frame fixed in the prismatic joint's first part, at frame_a's origin");
  const Frame ib = frame_port(b, "frame_ib", "Frame fixed in the prismatic joint's second part, at frame_b's origin");
  const Port axis = b.port("axis", translational(), "1D flange that drives the prismatic joint (s)");
  const Port bearing = b.port("bearing", translational(), "1D flange of the prismatic joint's housing, grounded");

  const VariableOptions avoid{.priority = StatePriority::Avoid};  // the mechanism's joints carry the states
  const Expr length = b.variable("length", "m", "Distance between the origins of frame_a and frame_b", avoid);
  const Expr s = b.variable("s", "m", "Position of the prismatic joint: length - s_offset", avoid);
  const Expr f = b.variable("f", "N", "Force of the axis flange along the line (positive: pushing the origins apart)");
  const Vec3 r_0 = fb.r_0 - a.r_0;
  b.equation(length - sqrt(r_0.dot(r_0)), "the line's length");
  b.assertion(length - 1e-15, "the origins of frame_a and frame_b met: the line has no direction");
  b.equation(s - (length - s_offset), "the prismatic joint's position");
  b.equation(axis.potential() - s, "the axis flange moves with the prismatic joint");
  b.equation(axis.flow() - f, "the axis flange drives the prismatic joint");
  b.equation(bearing.potential(), "the housing is grounded");

  const UniversalRod rod = define_universal_rod(b, a, fb, ia, n1, E_ia, length);
  equal(b, ib.r_0, fb.r_0, "frame_ib's origin is frame_b's");
  equal(b, ib.R, ia.R, "frame_ib is parallel to frame_ia");
  equal(b, ib.w, ia.w, "frame_ib turns with frame_ia");
  const Mat3 T_t = rod.T.transpose();  // frame_ia (= frame_ib) → frame_a
  const Vec3 f_c = T_t * ia.f, t_c = T_t * Vec3(ia.t + ib.t);
  const Vec3 f_bd = line_end_force(rod, f, t_c);
  equal(b, fb.f, Vec3(fb.R * (a.R.transpose() * Vec3(f_bd - T_t * ib.f))), "the line's force at frame_b");
  equal(b, fb.t, zero_vector(), "the spherical joint takes no torque");
  balance_at_frame_a(b, a, rod, f_bd, f_c, t_c);
}

}  // namespace acausal::multibody_components
