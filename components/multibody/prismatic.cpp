#include "components/multibody/prismatic.hpp"

#include "components/multibody/frame.hpp"

namespace acausal::multibody_components {

std::string_view Prismatic::details() const {
  return R"(frame_b is frame_a shifted by `s` along the unit axis e = n/|n| (n in frame_a = frame_b
coordinates; default [1, 0, 0]): r_0,b = r_0,a + R_aᵀ·e·s, the same orientation, v = der(s). The joint
is massless: f_a = −f_b and t_a = −t_b − (e·s) × f_b; the force along the axis, f = −e·f_b, drives it:
with `use_axis_flange` it comes from the translational flange `axis` (axis.s = s, axis.f = f; the
flange `support` is the housing, grounded inside the joint, as in Modelica), without it the joint
slides freely (f = 0). s and v are preferred states; the acceleration a = der(v) (as MSL's
Prismatic has it) makes v a state candidate.)";
}

void Prismatic::define(ComponentBuilder& b) const {
  const Eigen::Vector3d e = axis_parameter(b, "n", {1.0, 0.0, 0.0}, "Axis of translation, in frame_a (= in frame_b)");
  const bool use_axis = b.flag("use_axis_flange", false, "true: the 1D flanges axis and support drive the joint");
  const Frame a = frame_port(b, "frame_a", "Frame the joint slides relative to");
  const Frame fb = frame_port(b, "frame_b", "Frame shifted by s along n");
  const VariableOptions prefer{.priority = StatePriority::Prefer};
  const Expr s = b.variable("s", "m", "Position of frame_b relative to frame_a along n", prefer);
  const Expr v = b.variable("v", "m/s", "Relative velocity der(s)", prefer);
  const Expr f = b.variable("f", "N", "Driving force along the axis");
  b.equation(v - der(s), "velocity");
  const Expr accel = b.variable("a", "m/s^2", "Relative acceleration der(v)");
  b.equation(accel - der(v), "acceleration");
  const Vec3 shift = constant(e) * s;
  if (b.rooted("frame_a")) {
    equal(b, fb.r_0, Vec3(a.r_0 + a.R.transpose() * shift), "frame_b's origin");
    equal(b, fb.R, a.R, "same orientation");
    equal(b, fb.w, a.w, "same angular velocity");
  } else {
    equal(b, a.r_0, Vec3(fb.r_0 - fb.R.transpose() * shift), "frame_a's origin");
    equal(b, a.R, fb.R, "same orientation");
    equal(b, a.w, fb.w, "same angular velocity");
  }
  equal(b, Vec3(a.f + fb.f), zero_vector(), "force balance of the massless joint");
  equal(b, Vec3(a.t + fb.t + shift.cross(fb.f)), zero_vector(), "torque balance of the massless joint");
  b.equation(f + constant(e).dot(fb.f), "force along the axis");
  if (use_axis) {
    const Port flange = b.port("axis", translational(), "1D flange of the joint's translation (s)");
    const Port support = b.port("support", translational(), "1D housing flange, grounded inside the joint");
    b.equation(flange.potential() - s, "the axis flange moves with the joint");
    b.equation(flange.flow() - f, "the axis flange drives the joint");
    b.equation(support.potential(), "the housing is grounded");
  } else {
    b.equation(f, "no driving force");
  }
}

}  // namespace acausal::multibody_components
