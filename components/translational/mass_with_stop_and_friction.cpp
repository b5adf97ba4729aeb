#include "components/translational/mass_with_stop_and_friction.hpp"

#include "components/friction_modes.hpp"

namespace acausal::translational_components {

std::string_view MassWithStopAndFriction::details() const {
  return R"(The mass slides on the ground with the Stribeck friction force

    f = F_prop·v + F_Coulomb + F_Stribeck·exp(−fexp·|v|)    sliding forward (v > 0)
    f = F_prop·v − F_Coulomb − F_Stribeck·exp(−fexp·|v|)    sliding backward

and m·der(v) = flange.f − f. At rest it holds any force up to f0_max = 1.001·(F_Coulomb + F_Stribeck)
(MSL's fixed breakaway factor); beyond it starts to slide (MSL's PartialFriction modes: `mode`,
`startForward`, `startBackward`, `locked`). The stops: where the centre reaches smin + L/2 or
smax − L/2 (`stopped` −1 or +1) the mass stops dead — s is set to the stop and v to 0 (Modelica's
`reinit`), its kinetic energy lost in the impact (booked to this component at that event) — and stays
stuck against the stop until a force pulls it away from it harder than f0_max. It cannot start
sliding into a stop. A mass that starts beyond a stop is put on it at the start. Our mass is a point
with its one flange at the centre; L only places the stops.)";
}

void MassWithStopAndFriction::define(ComponentBuilder& b) const {
  const Expr m = b.parameter("m", "kg", 1.0, "Mass", positive());
  const double L = b.parameter_value("L", "m", 0.0, "Length (the stops hold the centre L/2 inside them)", non_negative());
  const double smax = b.parameter_value("smax", "m", 25.0, "Upper stop: the centre stays below smax − L/2");
  const double smin = b.parameter_value("smin", "m", -25.0, "Lower stop: the centre stays above smin + L/2");
  if (!(smin + L / 2 < smax - L / 2)) b.fail("smax", "the stops leave no room: smin + L/2 must be below smax − L/2");
  const double F_prop = b.parameter_value("F_prop", "N*s/m", 1.0, "Velocity-dependent friction coefficient", non_negative());
  const double F_Coulomb = b.parameter_value("F_Coulomb", "N", 5.0, "Constant (Coulomb) friction force", non_negative());
  const double F_Stribeck = b.parameter_value("F_Stribeck", "N", 10.0, "Stribeck effect: extra force at rest", non_negative());
  const double fexp = b.parameter_value("fexp", "s/m", 2.0, "Decay of the Stribeck effect with speed", non_negative());
  const double v_small = b.parameter_value("v_small", "m/s", 1e-3, "Speed below which a reversal passes through stuck", positive());
  const double low = smin + L / 2, high = smax - L / 2;

  Port flange = b.port("flange", translational(), "Flange at the centre of the mass");
  const Expr s = b.variable("s", "m", "Position of the centre", {.priority = StatePriority::Prefer});
  const Expr v = b.variable("v", "m/s", "Velocity", {.priority = StatePriority::Prefer});
  const Expr a = b.variable("a", "m/s^2", "Acceleration");
  const Expr f = b.variable("f", "N", "Friction force on the mass, against +s");
  b.equation(flange.potential() - s, "the flange is at the centre");
  b.equation(v - der(s), "velocity");
  b.equation(a - der(v), "acceleration");
  b.equation(m * a - (flange.flow() - f), "Newton's law with friction");

  // The stops, before the friction modes: an impact is decided first in each round of an event.
  const Expr stopped = b.integer("stopped", "−1 at the lower stop, +1 at the upper one, else 0");
  const Expr at_stop = b.boolean("at_stop", "True while the mass is at a stop");
  b.discrete_equation(stopped, if_else(s <= Expr(low), Expr(-1.0), if_else(s >= Expr(high), Expr(1.0), Expr(0.0))));
  b.discrete_equation(at_stop, logical_not(equals(stopped, Expr(0.0))));
  b.reinit(at_stop, s, if_else(stopped < Expr(0.0), Expr(low), Expr(high)));
  b.reinit(at_stop, v, Expr(0.0));

  const double f0 = F_Coulomb + F_Stribeck;
  const bool may_be_free = f0 <= 0.0 && F_prop <= 0.0;  // no friction at all: free between the stops
  FrictionInputs in{v, a, Expr(f0), Expr(1.001 * f0),
                    may_be_free ? logical_and(s > Expr(low), s < Expr(high)) : Expr(0.0), v_small};
  in.forward_allowed = s < Expr(high);
  in.backward_allowed = s > Expr(low);
  const FrictionModes modes = define_friction_modes(b, in);
  const Expr stribeck = F_Stribeck * exp(-fexp * abs(v));
  const Expr pre_forward = equals(b.pre(modes.mode), Expr(1.0));
  b.equation(f - if_else(modes.locked, modes.sa,
                         if_else(modes.free, Expr(0.0),
                                 if_else(modes.start_forward, F_prop * v + F_Coulomb + F_Stribeck,
                                         if_else(modes.start_backward, F_prop * v - F_Coulomb - F_Stribeck,
                                                 if_else(pre_forward, F_prop * v + F_Coulomb + stribeck,
                                                         F_prop * v - F_Coulomb - stribeck))))),
             "Stribeck friction (sa while stuck)");
  b.stored_energy(0.5 * m * v * v);
  define_heat_port(b, f * v);
}

}  // namespace acausal::translational_components
