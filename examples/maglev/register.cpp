// The library's registration function: what `acausal --library libmaglev.so` calls.

#include <acausal/plugin.hpp>

#include "air_drag.hpp"
#include "guide.hpp"
#include "magnetic_spring.hpp"
#include "quadratic_drag.hpp"

ACAUSAL_COMPONENT_LIBRARY(registry) {
  registry.add(std::make_unique<maglev::MagneticSpring>());
  registry.add(std::make_unique<maglev::QuadraticDrag>());
  registry.add(std::make_unique<maglev::AirDrag>());
  registry.add(std::make_unique<maglev::Guide>());
}
