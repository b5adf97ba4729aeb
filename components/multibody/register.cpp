#include <memory>

#include "components/multibody/body.hpp"
#include "components/multibody/fixed.hpp"
#include "components/multibody/fixed_translation.hpp"
#include "components/multibody/revolute.hpp"
#include "components/multibody/world.hpp"
#include "components/registry.hpp"

namespace acausal {

void register_multibody(Registry& r) {
  using namespace multibody_components;
  r.add(std::make_unique<World>());
  r.add(std::make_unique<Fixed>());
  r.add(std::make_unique<FixedTranslation>());
  r.add(std::make_unique<Body>());
  r.add(std::make_unique<Revolute>());
}

}  // namespace acausal
