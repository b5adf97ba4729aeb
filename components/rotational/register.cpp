#include "components/registry.hpp"
#include "components/rotational/fixed.hpp"
#include "components/rotational/inertia.hpp"
#include "components/rotational/spring.hpp"

namespace acausal {

void register_rotational(Registry& r) {
  using namespace rotational_components;
  r.add(std::make_unique<Fixed>());
  r.add(std::make_unique<Inertia>());
  r.add(std::make_unique<Spring>());
}

}  // namespace acausal
