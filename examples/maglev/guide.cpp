#include "guide.hpp"

namespace maglev {

using namespace acausal;
using namespace acausal::multibody;

void Guide::define(ComponentBuilder& b) const {
  const Vec3 n = constant(axis_parameter(b, "n", {0.0, 1.0, 0.0}, "Direction of the guide, in frame_a"));
  const Frame a = frame_port(b, "frame_a", "The guide");
  const Frame slider = frame_port(b, "frame_b", "The slider");
  const Port axis = b.port("axis", translational(), "The slide s along n");
  const Expr s = axis.potential();
  equal(b, slider.r_0, Vec3(a.r_0 + a.R.transpose() * n * s), "the slider on the guide");
  // The orientation is written once, from the frame the model's orientation graph reaches first.
  const Frame& from = b.rooted("frame_a") ? a : slider;
  const Frame& to = b.rooted("frame_a") ? slider : a;
  equal(b, to.R, from.R, "the slider turns with the guide");
  equal(b, to.w, from.w, "the slider turns with the guide");
  equal(b, a.f, Vec3(-slider.f), "the forces balance");
  equal(b, a.t, Vec3(-(slider.t + skew(Vec3(n * s)) * slider.f)), "the torques balance about frame_a");
  b.equation(axis.flow() + n.dot(slider.f), "the push along n is the flange's force");
}

}  // namespace maglev
