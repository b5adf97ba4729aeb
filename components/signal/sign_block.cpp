#include "components/signal/sign_block.hpp"

namespace acausal::signal_components {

std::string_view Sign::details() const {
  return R"(MSL 4.0.0's Math.Sign block: y = 1 for u > 0, −1 for u < 0, 0 for u = 0. The switch at
u = 0 is an event (MSL's generateEvent = true); y jumps there. A signal block: no energy terms.)";
}

void Sign::define(ComponentBuilder& b) const {
  const Expr u = b.input("u", "1", "Input signal");
  const Expr y = b.output("y", "1", "Output signal, sign(u)");
  b.equation(y - sign(u), "sign");
}

}  // namespace acausal::signal_components
