#include "components/multibody/revolute.hpp"

#include "components/multibody/frame.hpp"

namespace acausal::multibody_components {

std::string_view Revolute::details() const {
  return R"(frame_b is frame_a turned by `phi` about the unit axis e = n/|n| (right-hand rule; n is the same
in both frames): r_0 is shared, R_b = R_rel·R_a and w_b = R_rel·w_a + e·w with
R_rel = e·eᵀ + (I − e·eᵀ)·cos(phi) − [e×]·sin(phi), w = der(phi). The joint is massless: the cut
forces and torques of frame_a are those of frame_b turned back, and the torque about the axis,
tau = −e·t_b, is what drives the joint: with `use_axis_flange` it comes from the flange `axis`
(axis.phi = phi, axis.tau = tau; the flange `support` is the housing, grounded inside the joint, as
in Modelica), without it the joint turns freely (tau = 0). phi and w are preferred states; the
angular acceleration a = der(w) (as MSL's Revolute has it) makes w a state candidate wherever the
joint's motion has a degree of freedom, so that the joint's coordinates are the states of a tree
rather than the bodies' angular velocities.)";
}

void Revolute::define(ComponentBuilder& b) const {
  const Eigen::Vector3d e = axis_parameter(b, "n", {0.0, 0.0, 1.0}, "Axis of rotation, in frame_a (= in frame_b)");
  const bool use_axis = b.flag("use_axis_flange", false, "true: the 1D flanges axis and support drive the joint");
  const Frame a = frame_port(b, "frame_a", "Frame the joint turns relative to");
  const Frame fb = frame_port(b, "frame_b", "Frame turned by phi about n");
  const VariableOptions prefer{.priority = StatePriority::Prefer};
  const Expr phi = b.variable("phi", "rad", "Rotation angle of frame_b relative to frame_a about n", prefer);
  const Expr w = b.variable("w", "rad/s", "Relative angular velocity der(phi)", prefer);
  const Expr tau = b.variable("tau", "N*m", "Driving torque about the axis");
  b.equation(w - der(phi), "angular velocity");
  const Expr accel = b.variable("a", "rad/s^2", "Relative angular acceleration der(w)");
  b.equation(accel - der(w), "angular acceleration");

  const Mat3 R_rel = planar_rotation(e, phi);
  const Vec3 axis = constant(e);
  equal(b, fb.r_0, a.r_0, "the frames share their origin");
  // The orientation is written once, in the direction it flows through the joint.
  if (b.rooted("frame_a")) {
    equal(b, fb.R, Mat3(R_rel * a.R), "frame_b's orientation");
    equal(b, fb.w, Vec3(R_rel * a.w + axis * w), "frame_b's angular velocity");
  } else {
    equal(b, a.R, Mat3(R_rel.transpose() * fb.R), "frame_a's orientation");
    equal(b, a.w, Vec3(R_rel.transpose() * (fb.w - axis * w)), "frame_a's angular velocity");
  }
  equal(b, a.f, Vec3(-R_rel.transpose() * fb.f), "force balance of the massless joint");
  equal(b, a.t, Vec3(-R_rel.transpose() * fb.t), "torque balance of the massless joint");
  b.equation(tau + axis.dot(fb.t), "torque about the axis");
  if (use_axis) {
    const Port flange = b.port("axis", rotational(), "1D flange of the joint's rotation (phi)");
    const Port support = b.port("support", rotational(), "1D housing flange, grounded inside the joint");
    b.equation(flange.potential() - phi, "the axis flange turns with the joint");
    b.equation(flange.flow() - tau, "the axis flange drives the joint");
    b.equation(support.potential(), "the housing is grounded");
  } else {
    b.equation(tau, "no driving torque");
  }
}

}  // namespace acausal::multibody_components
