#include "components/registry.hpp"

namespace acausal {

void register_builtin(Registry& registry) {
  register_rotational(registry);
  register_translational(registry);
  register_signal(registry);
  register_multibody(registry);
  register_thermal(registry);
}

const Registry& builtin_registry() {
  static const Registry r = [] {
    Registry reg;
    register_builtin(reg);
    return reg;
  }();
  return r;
}

}  // namespace acausal
