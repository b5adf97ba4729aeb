// MSL 4.0's engine examples with a gas force, Loops.Engine1b and Loops.EngineV6
// (netlists/msl/MB_Engine1b.json, MB_EngineV6.json). There are no reference trajectories: each run is
// checked against what the geometry and MSL's pressure curves give independently of acausal — the
// slider-crank's closed form for every piston, the work of the gas as the area under MSL's pressure
// curves over the piston's path, and (Engine1b) the flywheel's kinetic energy at top dead centre,
// which grows each revolution by the p-V loop's work — and against the run's energy account.

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "tests/support/simulation_run.hpp"

using namespace acausal;

namespace {

const std::string kNetlists = ACAUSAL_SOURCE_DIR "/netlists/msl/";
constexpr double kPi = std::numbers::pi;
constexpr double kSteel = 7700.0;                  // MSL's default density of BodyCylinder and BodyBox [kg/m³]
constexpr double kBoreArea = kPi * 0.1 * 0.1 / 4;  // GasForce2's d = 0.1 m in both examples [m²]

/// A slider-crank in its own plane: crank 0.1 m, rod 0.2 m, the cylinder's axis through the crank's.
/// δ is the crank's angle from the cylinder axis (δ = 0: top dead centre); the prismatic joint's s
/// is `top` minus the piston pin's distance from the crank axis, so s(δ) = top − 0.1·cos δ −
/// √(0.04 − 0.01·sin²δ), smallest at δ = 0 and largest at δ = π.
struct SliderCrank {
  double top;
  double s(double d) const { return top - 0.1 * std::cos(d) - std::sqrt(0.04 - 0.01 * std::sin(d) * std::sin(d)); }
  double ds(double d) const {  // ds/dδ
    const double sine = std::sin(d);
    return 0.1 * sine + 0.01 * sine * std::cos(d) / std::sqrt(0.04 - 0.01 * sine * sine);
  }
};

/// MSL's GasForce2 pressure curves in bar over x = 1 − s/L, the pieces below their upper breaks
/// (expansion x ≤ 0.933, compression x < 0.986061; both engines stay below x = 0.91), as
/// coefficients of x⁴ … x⁰.
using Quartic = std::array<double, 5>;
constexpr Quartic kExpansion = {145.930, -131.707, 17.3438, 17.9272, 2.4};
constexpr Quartic kCompression = {177.4132, -287.2189, 151.8252, -24.9973, 2.4};

/// ∫₀ˣ p(ξ) dξ of a curve in bar.
double pressure_integral(const Quartic& c, double x) {
  double sum = 0.0;
  for (std::size_t i = 0; i < 5; ++i) sum += c[i] * std::pow(x, 5 - static_cast<int>(i)) / static_cast<double>(5 - i);
  return sum;
}

/// The work of the gas on the piston [J] while the crank turns from δ0 up to δ1: the piston moves
/// monotonically between dead centres (δ = kπ), on the expansion curve while s grows (the crank from
/// top to bottom dead centre) and the compression curve while it shrinks, and the gas does
/// ∫ p·A ds = A·L·∫ p dx (x from its start to its end of the stroke, reversed).
double gas_work(const SliderCrank& crank, double L, double d0, double d1) {
  double work = 0.0;
  for (double a = d0; a < d1;) {
    const double half_turns = std::floor(a / kPi + 1e-12);
    const double b = std::min(d1, (half_turns + 1.0) * kPi);
    // δ in [2jπ, (2j + 1)π): from top to bottom dead centre, s grows (expansion); else it shrinks.
    const Quartic& curve = std::fmod(std::fabs(half_turns), 2.0) == 0.0 ? kExpansion : kCompression;
    const double xa = 1.0 - crank.s(a) / L, xb = 1.0 - crank.s(b) / L;
    work += 1e5 * kBoreArea * L * (pressure_integral(curve, xa) - pressure_integral(curve, xb));
    a = b;
  }
  return work;
}

/// The largest |a[k] − f(k)| over the rows.
template <typename F>
double worst(const std::vector<double>& a, F f) {
  double w = 0.0;
  for (std::size_t k = 0; k < a.size(); ++k) w = std::max(w, std::fabs(a[k] - f(k)));
  return w;
}

/// y at x = target by the cubic through the four grid rows around it (x increasing).
double cubic_at(const std::vector<double>& x, const std::vector<double>& y, double target) {
  const auto it = std::lower_bound(x.begin(), x.end(), target);
  REQUIRE(it != x.begin());
  REQUIRE(it != x.end());
  const std::size_t i = static_cast<std::size_t>(it - x.begin());
  const std::size_t first = std::clamp<std::size_t>(i, 2, x.size() - 2) - 2;
  double value = 0.0;
  for (std::size_t j = first; j < first + 4; ++j) {
    double l = 1.0;
    for (std::size_t m = first; m < first + 4; ++m)
      if (m != j) l *= (target - x[m]) / (x[j] - x[m]);
    value += l * y[j];
  }
  return value;
}

const ComponentEnergy& account(const testing::SimulationRun& run, const std::string& instance) {
  for (const ComponentEnergy& e : run.energy().components)
    if (e.instance == instance) return e;
  FAIL("no energy account of " << instance);
  throw;
}

}  // namespace

TEST_SUITE("reference") {

TEST_CASE("MB_Engine1b: Modelica.Mechanics.MultiBody.Examples.Loops.Engine1b against its slider-crank and p-V loop") {
  Netlist n = load_netlist(kNetlists + "MB_Engine1b.json");
  const auto run = testing::simulate_netlist(n);
  const std::vector<double> t = run->grid_times(), phi = run->grid_column("inertia.phi"),
                            w = run->grid_column("inertia.w"), s = run->grid_column("cylinder.s"),
                            v = run->grid_column("cylinder.v");
  REQUIRE(t.size() == 1001);
  // The cylinder's prismatic joint sits 0.45 m above the crank axis and the piston pin 0.1 m below
  // its frame_b: s = 0.35 m − the pin's height, and the crank angle is the inertia's.
  const SliderCrank crank{0.35};
  const double e_s = worst(s, [&](std::size_t k) { return crank.s(phi[k]); });
  const double e_v = worst(v, [&](std::size_t k) { return crank.ds(phi[k]) * w[k]; });
  double v_max = 0.0;
  for (double x : v) v_max = std::max(v_max, std::fabs(x));
  MESSAGE("MB_Engine1b: piston off its closed form by " << e_s << " m (s), " << e_v << " m/s of " << v_max
          << " m/s (v)");
  CHECK(s.front() == doctest::Approx(0.05).epsilon(1e-12));  // the guess 0.15 closes at top dead centre
  CHECK(e_s < 1e-6);
  CHECK(e_v < 1e-5 * v_max);

  // The gas's work over the run is the area under MSL's curves along the piston's path: it depends
  // on the crank angles at the start and the end alone.
  REQUIRE(1.0 - crank.s(0.0) / 0.35 < 0.933);  // the curves' pieces of gas_work
  const double work = gas_work(crank, 0.35, phi.front(), phi.back());
  const double booked = account(*run, "gasForce").work_injected;
  MESSAGE("MB_Engine1b: the gas did " << booked << " J, the pressure curves give " << work << " J");
  CHECK(booked == doctest::Approx(work).epsilon(1e-6));

  // At top dead centre the piston stands still and the connecting rod turns about the piston pin at
  // half the crank's speed (crank 0.1 m, rod 0.2 m): the kinetic energy is ½·M0·w² with M0 the
  // inertia's J = 1 kg·m², the crank's four parts about the bearing axis and a quarter of the rod's
  // moment of inertia about the piston pin. Gravity's share is the same at every top dead centre, so
  // each revolution adds the p-V loop's work, W = A·L·∫(p_expansion − p_compression) dx, to ½·M0·w².
  const double m1 = kSteel * kPi * 0.025 * 0.025 * 0.1, m2 = kSteel * 0.1 * 0.02 * 0.05,
               m3 = kSteel * kPi * 0.015 * 0.015 * 0.1, m_rod = kSteel * 0.2 * 0.02 * 0.06;
  const double crank_inertia = m1 * 0.025 * 0.025 / 2                                      // journal
                               + 2 * (m2 * (0.1 * 0.1 + 0.05 * 0.05) / 12 + m2 * 0.05 * 0.05)  // webs
                               + m3 * 0.015 * 0.015 / 2 + m3 * 0.1 * 0.1;                     // crank pin
  const double rod_about_pin = m_rod * (0.2 * 0.2 + 0.06 * 0.06) / 12 + m_rod * 0.1 * 0.1;
  const double M0 = 1.0 + crank_inertia + 0.25 * rod_about_pin;
  const double per_turn = gas_work(crank, 0.35, 0.0, 2 * kPi);
  CHECK(per_turn > 1000.0);  // the expansion curve lies above the compression curve
  // The speed at each top dead centre by interpolation on every row: the event rows (v_rel = 0)
  // fall on the dead centres.
  std::vector<double> phi_rows, w_rows;
  const std::vector<double> phi_all = run->column("inertia.phi"), w_all = run->column("inertia.w");
  for (std::size_t k = 0; k < phi_all.size(); ++k)
    if (phi_rows.empty() || phi_all[k] > phi_rows.back()) {
      phi_rows.push_back(phi_all[k]);
      w_rows.push_back(w_all[k]);
    }
  std::vector<double> w_tdc{w.front()};
  for (int k = 1; 2 * kPi * k < phi.back(); ++k) w_tdc.push_back(cubic_at(phi_rows, w_rows, 2 * kPi * k));
  REQUIRE(w_tdc.size() >= 6);
  double worst_turn = 0.0;
  for (std::size_t k = 1; k < w_tdc.size(); ++k) {
    CHECK(w_tdc[k] > w_tdc[k - 1]);  // the engine speeds up revolution by revolution
    const double gained = 0.5 * M0 * (w_tdc[k] * w_tdc[k] - w_tdc[k - 1] * w_tdc[k - 1]);
    worst_turn = std::max(worst_turn, std::fabs(gained / per_turn - 1.0));
  }
  MESSAGE("MB_Engine1b: " << w_tdc.size() - 1 << " revolutions, each adds " << per_turn
          << " J (the p-V loop) to the kinetic energy at top dead centre within " << worst_turn << " of it");
  CHECK(worst_turn < 1e-5);

  // The energy account closes, and the closer the tighter the tolerance.
  MESSAGE("MB_Engine1b: energy balance " << run->energy().relative_balance() << " at tolerance 1e-6");
  const testing::CheckResult energy = testing::check_energy(*run, 1e-6);
  CHECK_MESSAGE(energy.passed(), energy.message());
  n.experiment.tolerance = 1e-8;
  const auto tight = testing::simulate_netlist(n);
  MESSAGE("MB_Engine1b: energy balance " << tight->energy().relative_balance() << " at tolerance 1e-8");
  CHECK(tight->energy().relative_balance() < 0.1 * run->energy().relative_balance());
  CHECK(tight->energy().relative_balance() < 1e-8);
}

}  // TEST_SUITE("reference")

TEST_SUITE("slow") {

TEST_CASE("MB_EngineV6: Modelica.Mechanics.MultiBody.Examples.Loops.EngineV6 against six slider-cranks and their p-V work") {
  Netlist n = load_netlist(kNetlists + "MB_EngineV6.json");
  const auto run = testing::simulate_netlist(n);
  const std::vector<double> t = run->grid_times(), phi = run->grid_column("load.phi"), w = run->grid_column("load.w");
  REQUIRE(t.size() == 1011);
  // Cylinder k's crank throw is turned by its offset about the crankshaft's x axis and its cylinder
  // by its inclination, so its crank stands at δ = φ + offset − inclination from its cylinder's
  // axis; the head is 0.42 m from the crank axis and the piston pin 0.1 m below the prismatic
  // joint's frame_b, so s = 0.32 m − the pin's distance. GasForce2's L = 0.22 m is that s at bottom
  // dead centre.
  const std::array<double, 6> offset = {-30, 90, 210, 210, 90, -30}, inclination = {-30, 30, -30, 30, -30, 30};
  const SliderCrank crank{0.32};
  REQUIRE(1.0 - crank.s(0.0) / 0.22 < 0.933);
  double total_work = 0.0;
  for (std::size_t c = 0; c < 6; ++c) {
    CAPTURE(c + 1);
    const std::string cylinder = "cylinder" + std::to_string(c + 1);
    const double shift = (offset[c] - inclination[c]) * kPi / 180.0;
    const std::vector<double> s = run->grid_column(cylinder + ".cylinder.s"), v = run->grid_column(cylinder + ".cylinder.v");
    const double e_s = worst(s, [&](std::size_t k) { return crank.s(phi[k] + shift); });
    const double e_v = worst(v, [&](std::size_t k) { return crank.ds(phi[k] + shift) * w[k]; });
    const double work = gas_work(crank, 0.22, phi.front() + shift, phi.back() + shift);
    const double booked = account(*run, cylinder + ".gas_force").work_injected;
    MESSAGE("MB_EngineV6 " << cylinder << ": piston off its closed form by " << e_s << " m (s), " << e_v
            << " m/s (v); the gas did " << booked << " J, the pressure curves give " << work << " J");
    CHECK(e_s < 1e-6);
    CHECK(e_v < 1e-4);
    CHECK(booked == doctest::Approx(work).epsilon(1e-6));
    total_work += work;
  }

  // The engine speeds up: at every crank angle 2πk the mechanism is in the same configuration, so
  // the speed there rises from revolution to revolution while the gas's six p-V loops outweigh the
  // load's quadratic drag (MSL's speed runs up for several seconds).
  std::vector<double> w_turn{w.front()};
  for (int k = 1; 2 * kPi * k < phi.back(); ++k) w_turn.push_back(cubic_at(phi, w, 2 * kPi * k));
  REQUIRE(w_turn.size() >= 10);
  for (std::size_t k = 1; k < w_turn.size(); ++k) CHECK(w_turn[k] > w_turn[k - 1]);
  // The drag is −100 N·m·(w/200 rad/s)², as booked by the load.
  const double drag = account(*run, "load2").work_injected;
  MESSAGE("MB_EngineV6: " << w_turn.size() - 1 << " revolutions, " << w.front() << " to " << w.back()
          << " rad/s; the gas did " << total_work << " J, the load took " << -drag << " J");
  CHECK(drag < 0.0);
  CHECK(total_work > -drag);

  // The energy account closes, and closer at a tighter tolerance. At 1e-8 the restarts at the dead
  // centres need consistent values looser than IDA's default asks (IdaSession::reinitialize): until
  // that retry the run stopped at the first with IDACalcIC failing to converge.
  MESSAGE("MB_EngineV6: energy balance " << run->energy().relative_balance() << " at tolerance 1e-6");
  const testing::CheckResult energy = testing::check_energy(*run, 1e-6);
  CHECK_MESSAGE(energy.passed(), energy.message());
  n.experiment.tolerance = 1e-8;
  const auto tight = testing::simulate_netlist(n);
  MESSAGE("MB_EngineV6: energy balance " << tight->energy().relative_balance() << " at tolerance 1e-8");
  CHECK(tight->energy().relative_balance() < 0.1 * run->energy().relative_balance());

  // At 1e-9 the run stopped at t = 0.178 s, Newton failing at h = 1e-13: the bearings' reaction
  // force along the crank axis (world.frame_b.f[3], the sum of six cylinders' forces that cancel)
  // was asked for 1e-9 of its own size, below the rounding of its 10⁴ N terms. Its tolerance now
  // scales with those terms (IdaSession's output-only unknowns). The first 0.3 s, through the first
  // double dead centres:
  n.experiment.tolerance = 1e-9;
  n.experiment.stop = 0.3;
  const auto tighter = testing::simulate_netlist(n);
  REQUIRE(tighter->times().back() == doctest::Approx(0.3));
  MESSAGE("MB_EngineV6: energy balance " << tighter->energy().relative_balance() << " at tolerance 1e-9 to 0.3 s");
  CHECK(tighter->energy().relative_balance() < 1e-8);
}

}  // TEST_SUITE("slow")
