#include "components/registry.hpp"

namespace acausal {

void register_signal(Registry&) {}

}  // namespace acausal
