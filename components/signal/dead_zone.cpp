#include "components/signal/dead_zone.hpp"

#include "components/signal/control_state.hpp"

namespace acausal::signal_components {

std::string_view DeadZone::details() const {
  return R"(MSL 4.0.0's Nonlinear.DeadZone block: zero output within [uMin, uMax], the input's excess
over the nearest limit outside,

    y = u − uMax   if u > uMax
    y = u − uMin   if u < uMin
    y = 0          otherwise

Each switch is an event; y is continuous. uMin defaults to −uMax, as in MSL; uMin > uMax is an
error. A signal block: no energy terms.)";
}

void DeadZone::define(ComponentBuilder& b) const {
  const auto [u_max, u_min] = read_limits(b, "of the dead zone");
  const Expr u = b.input("u", "1", "Input signal");
  const Expr y = b.output("y", "1", "Output signal, 0 within [uMin, uMax]");
  b.equation(y - if_else(u > u_max, u - u_max, if_else(u < u_min, u - u_min, 0.0)), "dead zone");
}

}  // namespace acausal::signal_components
