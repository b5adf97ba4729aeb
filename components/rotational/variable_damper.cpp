#include "components/rotational/variable_damper.hpp"

namespace acausal::rotational_components {

std::string_view VariableDamper::details() const {
  return R"(The signal input `B` sets the damping coefficient; below `b_min` it is raised to `b_min`, so
the damper never pushes along the motion. T = max(B, b_min)·ω with ω = w_rel = ωR − ωC enters at R:
positive ω gives a positive torque into R and an equal, opposite one into C. Where B crosses b_min
there is an event. Loss power T·ω ≥ 0.)";
}

void VariableDamper::define(ComponentBuilder& b) const {
  const Expr b_min = b.parameter("b_min", "N*m/(rad/s)", 0.0, "Minimum damping coefficient", non_negative());
  Compliant e = define_compliant(b, rotational());
  const Expr B = b.input("B", "N*m/(rad/s)", "Damping coefficient (raised to b_min when below it)");
  b.equation(e.flow - max(B, b_min) * e.rate, "damping torque");
  define_heat_port(b, e.flow * e.rate);
}

}  // namespace acausal::rotational_components
