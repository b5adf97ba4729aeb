#include "components/signal/limiter.hpp"

#include "components/signal/control_state.hpp"

namespace acausal::signal_components {

std::string_view Limiter::details() const {
  return R"(MSL 4.0.0's Nonlinear.Limiter block (strict = false): the input passed through within
[uMin, uMax], the nearest limit outside,

    y = uMax   if u > uMax
    y = uMin   if u < uMin
    y = u      otherwise

Each switch is an event (the indicators u − uMax and u − uMin); y is continuous. uMin defaults to
−uMax, as in MSL; uMin > uMax is an error. MSL's `strict` and `homotopyType` only matter for its
own event handling and homotopy initialization and are not parameters here. A signal block: no
energy terms.)";
}

void Limiter::define(ComponentBuilder& b) const {
  const auto [u_max, u_min] = read_limits(b, "of the input");
  const Expr u = b.input("u", "1", "Input signal");
  const Expr y = b.output("y", "1", "Output signal, u limited to [uMin, uMax]");
  b.equation(y - if_else(u > u_max, u_max, if_else(u < u_min, u_min, u)), "limiter");
}

}  // namespace acausal::signal_components
