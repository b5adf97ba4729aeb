#include "components/multibody/torque.hpp"

#include "components/multibody/force_pair.hpp"
#include "components/multibody/resolve_in_frame.hpp"

namespace acausal::multibody_components {

std::string_view Torque::details() const {
  return R"(The inputs `torque[1..3]` are the coordinates of a torque T in the frame `resolve_in_frame`
(Modelica's resolveInFrame): `"frame_b"` (the default), `"frame_a"`, `"world"`, or `"frame_resolve"`,
which adds the port `frame_resolve` (it must be connected; nothing acts on it). T acts on frame_b's
body and −T on frame_a's body; no force acts (total angular momentum is conserved). As cut forces on
the element, in each frame's coordinates:

    f_b = 0,   t_b = −R_b·T,   f_a = 0,   t_a = R_a·T

The element is a source: its injected power is the power it delivers to the two bodies,
T·(ω_b − ω_a) in world coordinates. It does not orient its frames.)";
}

void Torque::declare_frames(FrameDeclaration& d) const { declare_resolve_frame(d, "frame_b"); }

void Torque::define(ComponentBuilder& b) const {
  const ResolveIn in = read_resolve_in_frame(b, "frame_b", "Frame the input torque is resolved in");
  const Frame a = frame_port(b, "frame_a", "Frame whose body takes the reaction torque");
  const Frame fb = frame_port(b, "frame_b", "Frame whose body the torque acts on");
  const Mat3 R_in = resolve_rotation(b, in, a, fb);
  const Vec3 torque = vector_input(b, "torque", "N*m", "Torque on frame_b's body, resolved in resolve_in_frame");
  act_between(b, a, fb, zero_vector(), Vec3(R_in.transpose() * torque));
}

}  // namespace acausal::multibody_components
