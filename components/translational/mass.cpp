#include "components/translational/mass.hpp"

namespace acausal::translational_components {

void Mass::define(ComponentBuilder& b) const {
  Expr m = b.parameter("m", "kg", 1.0, "Mass", positive());
  Port flange = b.port("flange", translational(), "Flange rigidly attached to the mass");
  Expr s = b.variable("s", "m", "Absolute position", {.priority = StatePriority::Prefer});
  Expr v = b.variable("v", "m/s", "Absolute velocity", {.priority = StatePriority::Prefer});
  Expr a = b.variable("a", "m/s^2", "Absolute acceleration");
  b.equation(flange.potential() - s, "the flange moves with the mass");
  b.equation(v - der(s), "velocity");
  b.equation(a - der(v), "acceleration");
  b.equation(m * a - flange.flow(), "Newton's law");
  b.stored_energy(0.5 * m * pow(v, 2));
}

}  // namespace acausal::translational_components
