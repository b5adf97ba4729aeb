#include "components/multibody/force_and_torque.hpp"

#include "components/multibody/resolve_in_frame.hpp"

namespace acausal::multibody_components {

std::string_view ForceAndTorque::details() const {
  return R"(The inputs `force[1..3]` and `torque[1..3]` are the coordinates of a force F and a torque T in
the frame `resolve_in_frame` (Modelica's resolveInFrame): `"frame_b"` (the default), `"frame_a"`,
`"world"`, or `"frame_resolve"`, which adds the port `frame_resolve` (it must be connected; nothing
acts on it). F acts on frame_b's body at its origin and T on that body; frame_a's body takes −F at
its origin and the torque −T − r × F, r = r_0,b − r_0,a, so that the pair exerts no net force or
moment (total momentum and angular momentum are conserved). As cut forces on the element, in each
frame's coordinates:

    f_b = −R_b·F,   t_b = −R_b·T,   f_a = R_a·F,   t_a = R_a·(T + r × F)

The element is a source: its injected power is the power it delivers to the two bodies,
F·(v_b − v_a) + T·(ω_b − ω_a) − (r × F)·ω_a in world coordinates. It does not orient its frames.)";
}

void ForceAndTorque::declare_frames(FrameDeclaration& d) const { declare_resolve_frame(d, "frame_b"); }

void ForceAndTorque::define(ComponentBuilder& b) const {
  const ResolveIn in = read_resolve_in_frame(b, "frame_b", "Frame the inputs force and torque are resolved in");
  const Frame a = frame_port(b, "frame_a", "Frame whose body takes the reaction");
  const Frame fb = frame_port(b, "frame_b", "Frame whose body the force and torque act on");
  const Mat3 R_in = resolve_rotation(b, in, a, fb);
  const Vec3 force = vector_input(b, "force", "N", "Force on frame_b's body, resolved in resolve_in_frame");
  const Vec3 torque = vector_input(b, "torque", "N*m", "Torque on frame_b's body, resolved in resolve_in_frame");
  const Vec3 F = R_in.transpose() * force;  // world coordinates
  const Vec3 T = R_in.transpose() * torque;
  const Vec3 r = fb.r_0 - a.r_0;
  const Vec3 T_a = T + r.cross(F);  // the reaction torque about frame_a's origin, with the sign of the cut
  equal(b, fb.f, Vec3(-(fb.R * F)), "the force on body B, resolved in frame_b");
  equal(b, fb.t, Vec3(-(fb.R * T)), "the torque on body B, resolved in frame_b");
  equal(b, a.f, Vec3(a.R * F), "the reaction force on body A, resolved in frame_a");
  equal(b, a.t, Vec3(a.R * T_a), "the reaction torque on body A, resolved in frame_a");
  const auto rate = [](const Vec3& x) { return Vec3(x.unaryExpr([](const Expr& e) { return der(e); })); };
  const Vec3 w_a = a.R.transpose() * a.w, w_b = fb.R.transpose() * fb.w;  // world coordinates
  b.injected_power(F.dot(Vec3(rate(fb.r_0) - rate(a.r_0))) + T.dot(Vec3(w_b - w_a)) - r.cross(F).dot(w_a));
}

}  // namespace acausal::multibody_components
