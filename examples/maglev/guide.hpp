#pragma once

#include <acausal/component.hpp>

namespace maglev {

/// A frictionless straight guide: frame_b slides along the unit axis n of frame_a and turns with
/// it. The slide s is the translational flange `axis` (axis.s = s), which takes the force along n
/// that frame_b pushes with (axis.f = −n·frame_b.f): a spring or a drive between `axis` and a
/// translational.Fixed holds or moves it.
///   frame_b.r_0 = frame_a.r_0 + R_aᵀ·n·s,  R_b = R_a,  w_b = w_a,
///   f_a = −f_b,  t_a = −t_b − (n·s) × f_b.
/// Parameters: n (3 numbers, in frame_a), default [0, 1, 0].
/// Energy: stores and dissipates nothing: the power in at the frames leaves at `axis`.
/// @throws acausal::ModelError at /components/<instance>/params/n for a zero-length axis.
class Guide final : public acausal::Component {
 public:
  std::string_view type() const override { return "maglev.Guide"; }
  std::string_view summary() const override { return "Straight guide: frame_b slides along n of frame_a"; }
  void declare_frames(acausal::FrameDeclaration& d) const override { d.joint("frame_a", "frame_b"); }
  void define(acausal::ComponentBuilder& b) const override;
};

}  // namespace maglev
