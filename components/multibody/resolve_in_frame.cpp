#include "components/multibody/resolve_in_frame.hpp"

#include <string>

namespace acausal::multibody_components {

ResolveIn read_resolve_in_frame(ComponentBuilder& b, std::string_view default_value, std::string_view description) {
  const std::string in =
      b.choice("resolve_in_frame", {"world", "frame_a", "frame_b", "frame_resolve"}, default_value, description);
  if (in == "world") return ResolveIn::World;
  if (in == "frame_a") return ResolveIn::FrameA;
  if (in == "frame_b") return ResolveIn::FrameB;
  return ResolveIn::FrameResolve;
}

void declare_resolve_frame(FrameDeclaration& d, std::string_view default_value) {
  if (d.text("resolve_in_frame", default_value) == "frame_resolve") d.reads("frame_resolve");
}

Mat3 resolve_rotation(ComponentBuilder& b, ResolveIn in, const Frame& a, const Frame& fb) {
  switch (in) {
    case ResolveIn::World:
      return identity_matrix();
    case ResolveIn::FrameA:
      return a.R;
    case ResolveIn::FrameB:
      return fb.R;
    case ResolveIn::FrameResolve:
      break;
  }
  const Frame resolve = frame_port(b, "frame_resolve", "Frame the vectors are resolved in (must be connected)");
  no_load(b, resolve, "frame_resolve");
  return resolve.R;
}

}  // namespace acausal::multibody_components
