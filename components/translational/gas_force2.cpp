#include "components/translational/gas_force2.hpp"

#include <array>
#include <numbers>

namespace acausal::translational_components {

namespace {

/// A quartic c4·x⁴ + c3·x³ + c2·x² + c1·x + c0 of the pressure in bar, coefficients {c4, …, c0}.
using Quartic = std::array<double, 5>;

// MSL's approximation of the cylinder pressure in bar over x = 1 − s_rel/L (x = 1: top dead
// centre, the smallest volume), one pair of pieces per direction of motion.
constexpr Quartic kCompressionLow = {177.4132, -287.2189, 151.8252, -24.9973, 2.4};             // x < 0.986061
constexpr Quartic kCompressionHigh = {2836360.0, -10569296.0, 14761814.0, -9158505.0, 2129670.0};  // x ≥ 0.986061
constexpr Quartic kExpansionHigh = {-3929704.0, 14748765.0, -20747000.0, 12964477.0, -3036495.0};  // x > 0.933
constexpr Quartic kExpansionLow = {145.930, -131.707, 17.3438, 17.9272, 2.4};                  // x ≤ 0.933
constexpr double kCompressionBreak = 0.986061;
constexpr double kExpansionBreak = 0.933;
constexpr double kPascalPerBar = 1e5;
// The gas constant of air, R/M [J/(kg·K)], with MSL 4.0.0's R and molar mass of air.
constexpr double kRAir = 8.314462618 / 0.0289651159;

Expr quartic(const Quartic& c, const Expr& x) {
  return (((c[0] * x + c[1]) * x + c[2]) * x + c[3]) * x + c[4];
}

}  // namespace

std::string_view GasForce2::details() const {
  return R"(MSL 4.0.0's GasForce2 (Modelica.Mechanics.MultiBody.Examples.Loops.Utilities), the rough
gas force of a four-stroke cylinder that drives the piston of MSL's engine examples, with
flange_a = C (the cylinder head side) and flange_b = R (the piston side): s_rel = s_R − s_C is the
distance from the head, v_rel = der(s_rel) (< 0: compression, ≥ 0: expansion), and

    x     = 1 − s_rel/L                         (1: top dead centre, 0: bottom dead centre)
    press = 1e5 Pa × p(x)                       p a quartic in x, chosen by the direction of motion:
            v_rel < 0:  x < 0.986061:  177.4132x⁴ − 287.2189x³ + 151.8252x² − 24.9973x + 2.4
                        else:          2836360x⁴ − 10569296x³ + 14761814x² − 9158505x + 2129670
            v_rel ≥ 0:  x > 0.933:     −3929704x⁴ + 14748765x³ − 20747000x² + 12964477x − 3036495
                        else:          145.930x⁴ − 131.707x³ + 17.3438x² + 17.9272x + 2.4
    f     = −press·π·d²/4                       (R.f = f, C.f = −f: the gas pushes the flanges apart)
    V     = k0 + k1·(1 − x),   press·V = k·T,   dens = press/(R_air·T),   R_air = R/0.0289651159

The two curves meet at the dead centres, 2.4 bar at the bottom (x = 0) and 43 bar at the top
(x = 1); in between the expansion curve lies above the compression curve (the combustion: it peaks
at 59.5 bar just after the top), so the gas does net work on the piston over a cycle, the area
between the curves times π·d²/4·L. At the breaks the pieces differ a little (0.37 bar on the
expansion curve, 4e-4 bar on the compression curve): the pressure jumps there. V, T and dens are outputs only (MSL's
defaults k0 = 0.01 m³, k1 = 1 m³, k = 1 J/K make them indicative, not physical); L and d have no
default in MSL (its Engine1b uses L = 0.35 m, d = 0.1 m, the defaults here). The element requires
0 ≤ s_rel ≤ L (MSL's assertions, with its margin of 1e-12 m): outside, the simulation stops and says
so (most likely the element is flipped, or L is wrong).

Events: where v_rel changes sign (the pressure jumps from one curve to the other, except at the
dead centres where they meet) and where x crosses the break of the curve in use.

Energy: the gas is a source. Its work on the flanges, −f·v_rel = press·π·d²/4·v_rel, is booked as
injected power (positive while it expands, negative while the piston compresses it); nothing is
stored or lost, as in MSL.)";
}

void GasForce2::define(ComponentBuilder& b) const {
  const Expr L = b.parameter("L", "m", 0.35, "Length of cylinder", positive());
  const Expr d = b.parameter("d", "m", 0.1, "Diameter of cylinder", positive());
  const Expr k0 = b.parameter("k0", "m^3", 0.01, "Volume V = k0 + k1*(1 - x), with x = 1 - s_rel/L");
  const Expr k1 = b.parameter("k1", "m^3", 1.0, "Volume V = k0 + k1*(1 - x), with x = 1 - s_rel/L");
  const Expr k = b.parameter("k", "J/K", 1.0, "Gas constant (press*V = k*T)", positive());
  const Compliant e = define_compliant(b, translational());
  const Expr x = b.variable("x", "1", "Normalized position of the piston (= 1 - s_rel/L)",
                              {.start = 0.5, .nominal = 0.5});
  const Expr press = b.variable("press", "Pa", "Cylinder pressure", {.start = 2.4e5, .nominal = 1e5});
  const Expr V = b.variable("V", "m^3", "Volume of the gas");
  // press·V = k·T with MSL's indicative k = 1 J/K puts T near 1e5 K, not near room temperature.
  const Expr T = b.variable("T", "K", "Temperature of the gas", {.start = 1e5, .nominal = 1e5});
  const Expr dens = b.variable("dens", "kg/m^3", "Density of the gas");

  const Expr bar = b.constant("bar", "Pa", kPascalPerBar, "Pressure unit of the curves p(x)");
  const Expr R_air = b.constant("R_air", "J/(kg*K)", kRAir, "Gas constant of air: R / (0.0289651159 kg/mol)");

  const Expr compression =
      if_else(x < Expr(kCompressionBreak), quartic(kCompressionLow, x), quartic(kCompressionHigh, x));
  const Expr expansion = if_else(x > Expr(kExpansionBreak), quartic(kExpansionHigh, x), quartic(kExpansionLow, x));
  b.equation(x - (1.0 - e.rel / L), "normalized position");
  b.equation(press - bar * if_else(e.rate < Expr(0.0), compression, expansion),
             "pressure: compression curve while v_rel < 0, else expansion curve");
  b.equation(e.flow + press * std::numbers::pi * pow(d, 2) / 4.0, "the gas pushes the flanges apart");
  b.equation(V - (k0 + k1 * (1.0 - x)), "volume");
  b.equation(press * V - k * T, "gas law");
  b.equation(dens - press / (R_air * T), "density");
  b.assertion(e.rel + 1e-12, "s_rel = R.s - C.s must not be negative (is the element flipped?)");
  b.assertion(L + 1e-12 - e.rel, "s_rel = R.s - C.s must not exceed L (is L correct?)");
  b.injected_power(-e.flow * e.rate);
}

}  // namespace acausal::translational_components
