#include "components/signal/division.hpp"

namespace acausal::signal_components {

std::string_view Division::details() const {
  return R"(MSL 4.0.0's Math.Division block: the quotient of two signals,

    y = u1/u2

y grows without bound where u2 approaches 0 (MSL's block has no guard either); keep u2 away from
zero. A signal block: no energy terms.)";
}

void Division::define(ComponentBuilder& b) const {
  const Expr u1 = b.input("u1", "1", "Dividend");
  const Expr u2 = b.input("u2", "1", "Divisor");
  const Expr y = b.output("y", "1", "Output signal, u1/u2");
  b.equation(y - u1 / u2, "quotient");
}

}  // namespace acausal::signal_components
