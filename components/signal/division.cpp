#include "components/signal/division.hpp"

namespace acausal::signal_components {

std::string_view Division::details() const {
  return R"(MSL 4.0.0's Math.Division block: the quotient of two signals,

    y = u1/u2

Where u2 reaches zero the simulation stops with the message "division by zero: u2 = 0" instead
of dividing by it. A signal block: no energy terms.)";
}

void Division::define(ComponentBuilder& b) const {
  const Expr u1 = b.input("u1", "1", "Dividend");
  const Expr u2 = b.input("u2", "1", "Divisor");
  const Expr y = b.output("y", "1", "Output signal, u1/u2");
  b.equation(y - u1 / u2, "quotient");
  b.assertion(u2 * u2, "division by zero: u2 = 0");
}

}  // namespace acausal::signal_components
