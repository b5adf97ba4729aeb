#pragma once

namespace acausal {
/// The version of this build, from the CMake project.
const char* version();
}  // namespace acausal
