#include "components/registry.hpp"

namespace acausal {

void register_translational(Registry&) {}

}  // namespace acausal
