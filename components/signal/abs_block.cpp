#include "components/signal/abs_block.hpp"

namespace acausal::signal_components {

std::string_view Abs::details() const {
  return R"(MSL 4.0.0's Math.Abs block: y = |u|. The kink at u = 0 is an event (MSL's
generateEvent = true); y is continuous. A signal block: no energy terms.)";
}

void Abs::define(ComponentBuilder& b) const {
  const Expr u = b.input("u", "1", "Input signal");
  const Expr y = b.output("y", "1", "Output signal, |u|", {.start = 1.0});
  b.equation(y - abs(u), "absolute value");
}

}  // namespace acausal::signal_components
