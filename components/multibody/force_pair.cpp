#include "components/multibody/force_pair.hpp"

namespace acausal::multibody_components {

void act_between(ComponentBuilder& b, const Frame& a, const Frame& fb, const Vec3& F, const Vec3& T) {
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
