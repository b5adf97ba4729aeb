#pragma once
/// @file
/// The frame in which a component's vector signals are resolved (Modelica's
/// Types.ResolveInFrameAB): the parameter `resolve_in_frame` and the optional port `frame_resolve`.

#include <string_view>

#include "components/multibody/frame.hpp"

namespace acausal::multibody_components {

enum class ResolveIn { World, FrameA, FrameB, FrameResolve };

/// Reads `resolve_in_frame`: "world", "frame_a", "frame_b" or "frame_resolve" (default
/// `default_value`). @throws ModelError listing the valid options.
ResolveIn read_resolve_in_frame(ComponentBuilder& b, std::string_view default_value, std::string_view description);

/// Declares frame_resolve as a port whose orientation the component reads (FrameDeclaration::reads)
/// when `resolve_in_frame` chooses it, so that an open frame_resolve is named as orientated by
/// nothing (else its R would be free and the model merely structurally singular).
void declare_resolve_frame(FrameDeclaration& d, std::string_view default_value);

/// The rotation world → the chosen frame (I for the world). For "frame_resolve" it declares the port
/// `frame_resolve` (it must be connected; the component loads it with nothing) and returns its R.
Mat3 resolve_rotation(ComponentBuilder& b, ResolveIn in, const Frame& a, const Frame& fb);

}  // namespace acausal::multibody_components
