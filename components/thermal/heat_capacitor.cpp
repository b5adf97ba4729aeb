#include "components/thermal/heat_capacitor.hpp"

namespace acausal::thermal_components {

std::string_view HeatCapacitor::details() const {
  return R"(A body at one uniform temperature T whose heat capacity C (mass times specific heat) is
constant: the heat flowing in through `port` raises it, C·der(T) = port.Q_flow. Temperatures are in
kelvin.

`T_start` is the temperature at the start and the reference of the stored energy C·(T − T_start),
the heat taken in since then. The state is the rise dT = T − T_start, not T itself: the solver's
tolerance is relative to the unknowns' magnitudes, and a state of about 300 K would be accurate to
tolerance·300 K whatever the rise — a brake's few kelvin, and the joules the energy account
compares, would carry an error hundreds of times the tolerance. `"initial": { "T": … }` sets
another start (the stored energy then starts at C·(T − T_start)).

An absolute internal energy C·T would serve the balances as well, which see only its changes, but
it would make the energy account's scale the whole heat content (C·300 K) and hide a brake's few
joules below its tolerance.)";
}

void HeatCapacitor::define(ComponentBuilder& b) const {
  const Expr C = b.parameter("C", "J/K", 1.0, "Heat capacity (mass times specific heat)", positive());
  const Expr T_start = b.parameter("T_start", "K", 293.15, "Temperature at the start: the reference of the stored heat", positive());
  const Port port = b.port("port", thermal(), "Heat port");
  const Expr T = b.variable("T", "K", "Temperature");
  const Expr dT = b.variable("dT", "K", "Temperature rise T − T_start (the state)", {.priority = StatePriority::Prefer});
  const Expr der_T = b.variable("der_T", "K/s", "Time derivative of the temperature");
  b.equation(port.potential() - T, "the port is at the capacitor's temperature");
  b.equation(T - (T_start + dT), "temperature rise");
  b.equation(der_T - der(dT), "rate of the temperature");
  b.equation(C * der_T - port.flow(), "heat balance: the heat flowing in raises the temperature");
  b.stored_energy(C * dT);
}

}  // namespace acausal::thermal_components
