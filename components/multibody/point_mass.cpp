#include "components/multibody/point_mass.hpp"

#include "components/multibody/frame.hpp"
#include "components/multibody/gravity_field.hpp"

namespace acausal::multibody_components {

std::string_view PointMass::details() const {
  return R"(A mass `m` at frame_a's origin, with no inertia tensor: the body's rotation is neglected. With
a = der(v_0) the origin's acceleration and g the World's gravity there (world coordinates):

    frame_a.f = m·frame_a.R·(a − g)

Stored energy: ½·m·|v_0|² + m·V(r_0), V = −g·r for uniform gravity and −mu/|r| for a point mass.

Orientation: normally frame_a is oriented by what it is connected to (a joint, a rigid part, a
body), and the point mass takes no torque: frame_a.t = 0; its motion is then the mechanism's, and
`r_0`, `v_0` are never states (the joints' coordinates are). When nothing orients it — left
unconnected, or connected only to line forces and spherical joints, which take no torque — it is
the root of its orientation (MSL's potential root): frame_a.R = I and frame_a.w = 0, and then
`r_0` and `v_0` are preferred states (give them initial values as arrays,
`"initial": { "r_0": [0, 1, 0], "v_0": [1, 0, 0] }`). A point mass so chosen cannot hold a rigid
assembly's orientation: named to come before a free Body rigidly attached to it (the first
potential root in the order of the component names is chosen), it becomes the root, and the
simulation stops as soon as a torque reaches it ("a point mass takes no torque"); name the Body
to come first.)";
}

void PointMass::define(ComponentBuilder& b) const {
  const Expr m = b.parameter("m", "kg", 1.0, "Mass", non_negative());
  const Frame a = frame_port(b, "frame_a", "Frame at the mass point");
  const bool root = b.is_root("frame_a");
  // Oriented by the mechanism, its motion is the joints' coordinates (Modelica: stateSelect = avoid,
  // here never: the state selection gives up a joint's speed der(phi) before an avoided variable, and
  // a pendulum with v_0 as states stops where the bob moves along one axis); a free point mass's own.
  const VariableOptions motion{.priority = root ? StatePriority::Prefer : StatePriority::Never};
  const Vec3 r_0 = vector_variable(b, "r_0", "m", "Position of frame_a, world coordinates", motion);
  const Vec3 v_0 = vector_variable(b, "v_0", "m/s", "Velocity of frame_a, world coordinates", motion);
  const Vec3 a_0 = vector_variable(b, "a_0", "m/s^2", "Acceleration of frame_a, world coordinates");
  const auto rate = [](const Vec3& x) { return Vec3(x.unaryExpr([](const Expr& e) { return der(e); })); };
  equal(b, r_0, a.r_0, "position of frame_a");
  equal(b, v_0, rate(r_0), "velocity");
  equal(b, a_0, rate(v_0), "acceleration");
  const GravityAtPoint field = gravity_at(b.gravity(), r_0);
  equal(b, a.f, Vec3(m * (a.R * (a_0 - field.g))), "Newton's law");
  if (root) {
    equal(b, a.R, identity_matrix(), "nothing else orients frame_a: not rotated");
    equal(b, a.w, zero_vector(), "nothing else orients frame_a: does not turn");
    // The connections fix t; it is zero unless the point mass was made to hold an assembly's orientation.
    b.assertion(Expr(1e-12) - a.t.dot(a.t),
                "a point mass takes no torque, but frame_a, which it orients (R = I), receives one: name the free "
                "Body rigidly attached to it to come before the point mass, or orient frame_a by a joint");
  } else {
    equal(b, a.t, zero_vector(), "a point mass takes no torque");
  }
  b.stored_energy(0.5 * m * v_0.dot(v_0) + m * field.potential);
}

}  // namespace acausal::multibody_components
