#include "air_drag.hpp"

namespace maglev {

using namespace acausal;
using namespace acausal::multibody;

void AirDrag::define(ComponentBuilder& b) const {
  const Expr k = b.parameter("k", "N*s^2/m^2", 0.1, "Drag constant k = rho*c_d*A/2", non_negative());
  const Frame frame_b = frame_port(b, "frame_b", "Frame the drag acts on, at its origin");
  const Vec3 v = der(frame_b.r_0);  // world coordinates
  const Expr speed = sqrt(v.dot(v));
  const Vec3 drag = -k * speed * v;  // on the body, world coordinates
  // The cut force is the body's push on the component: −drag, resolved in frame_b.
  equal(b, frame_b.f, Vec3(-(frame_b.R * drag)), "the drag, resolved in frame_b");
  equal(b, frame_b.t, zero_vector(), "no torque");
  b.loss_power(k * pow(speed, 3));
}

}  // namespace maglev
