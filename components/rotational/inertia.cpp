#include "components/rotational/inertia.hpp"

namespace acausal::rotational_components {

void Inertia::define(ComponentBuilder& b) const {
  Expr J = b.parameter("J", "kg*m^2", 1.0, "Moment of inertia", positive());
  Port flange = b.port("flange", rotational(), "Flange rigidly attached to the inertia");
  Expr phi = b.variable("phi", "rad", "Absolute rotation angle", {.priority = StatePriority::Prefer});
  Expr w = b.variable("w", "rad/s", "Absolute angular velocity", {.priority = StatePriority::Prefer});
  Expr a = b.variable("a", "rad/s^2", "Absolute angular acceleration");
  b.equation(flange.potential() - phi, "the flange turns with the inertia");
  b.equation(w - der(phi), "angular velocity");
  b.equation(a - der(w), "angular acceleration");
  b.equation(J * a - flange.flow(), "Newton's law for rotation");
  b.stored_energy(0.5 * J * pow(w, 2));
}

}  // namespace acausal::rotational_components
