#include "components/registry.hpp"

namespace acausal {

const Registry& builtin_registry() {
  static const Registry r = [] {
    Registry reg;
    register_rotational(reg);
    register_translational(reg);
    register_signal(reg);
    register_multibody(reg);
    return reg;
  }();
  return r;
}

}  // namespace acausal
