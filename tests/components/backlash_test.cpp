// rotational.ElastoBacklash and rotational.ElastoBacklash2 (MSL 4.0.0): their laws and energy terms
// at points of every branch, their parameter errors, two inertias coupled through them and driven
// by a sine torque against an RK4 integration written here (its own copy of MSL's law, not the
// framework's expressions), and the example netlist netlists/gear_backlash.json.

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "core/model/errors.hpp"
#include "tests/support/simulation_run.hpp"

using namespace acausal;
using namespace acausal::testing;

namespace {

/// MSL's backlash law with phi_rel0 = 0, as the test's own code. The branches are numbered so that
/// the RK4 below can hold one through a step (as an event-locating integrator does).
enum Branch {
  kFree,          ///< |phi| ≤ b/2
  kAboveSticks,   ///< phi > b/2, tau_c + tau_d ≤ 0: tau = 0
  kAboveSpring,   ///< phi > b/2, limited, tau_c ≤ tau_d: tau = 2·tau_c
  kAboveDamper,   ///< phi > b/2, tau = tau_c + tau_d
  kBelowSticks,   ///< phi < −b/2, tau_c + tau_d ≥ 0: tau = 0
  kBelowSpring,   ///< phi < −b/2, limited, tau_c ≥ tau_d: tau = 2·tau_c
  kBelowDamper,   ///< phi < −b/2, tau = tau_c + tau_d
};

struct Law {
  double c, d, b;
  bool limited;  ///< ElastoBacklash (damping capped by the spring torque); false: ElastoBacklash2

  Branch branch(double phi, double w) const {
    const double tau_d = d * w;
    if (phi > b / 2) {
      const double tau_c = c * (phi - b / 2);
      if (tau_c + tau_d <= 0) return kAboveSticks;
      return limited && tau_c <= tau_d ? kAboveSpring : kAboveDamper;
    }
    if (phi < -b / 2) {
      const double tau_c = c * (phi + b / 2);
      if (tau_c + tau_d >= 0) return kBelowSticks;
      return limited && tau_c >= tau_d ? kBelowSpring : kBelowDamper;
    }
    return kFree;
  }
  /// The torque of branch `k` (a polynomial, evaluated past its region's edge too).
  double torque(Branch k, double phi, double w) const {
    const double tau_d = d * w;
    switch (k) {
      case kAboveSpring: return 2 * c * (phi - b / 2);
      case kAboveDamper: return c * (phi - b / 2) + tau_d;
      case kBelowSpring: return 2 * c * (phi + b / 2);
      case kBelowDamper: return c * (phi + b / 2) + tau_d;
      default: return 0.0;
    }
  }
  double torque(double phi, double w) const { return torque(branch(phi, w), phi, w); }
};

/// Two inertias: J1 at the element's C, driven by A·sin(2πf·t), J2 at its R, free.
struct TwoInertias {
  double J1, J2, A, f;
  Law law;
};

using State = std::array<double, 4>;  // phi1, w1, phi2, w2

/// RK4 of the two inertias with the law's branch held through each step; where the branch at the
/// end of a step differs, the step is cut (bisection) to end where it changes, and the next one
/// starts in the new branch. So every step integrates a smooth right-hand side and the
/// integration keeps its fourth order across the switches (a torque that jumps included).
/// Returns the state at each of `times` (increasing, from 0).
std::vector<State> rk4(const TwoInertias& m, const std::vector<double>& times, double h) {
  const auto rhs = [&](double t, const State& y, Branch k) {
    // J1·dw1 = A·sin + tau, J2·dw2 = −tau (the element's torque enters at R and leaves at C).
    const double tau = m.law.torque(k, y[2] - y[0], y[3] - y[1]);
    return State{y[1], (m.A * std::sin(2 * std::numbers::pi * m.f * t) + tau) / m.J1, y[3], -tau / m.J2};
  };
  const auto step = [&](double t, const State& y, double dt, Branch k) {
    const auto add = [](const State& a, const State& b, double s) {
      return State{a[0] + s * b[0], a[1] + s * b[1], a[2] + s * b[2], a[3] + s * b[3]};
    };
    const State k1 = rhs(t, y, k), k2 = rhs(t + dt / 2, add(y, k1, dt / 2), k);
    const State k3 = rhs(t + dt / 2, add(y, k2, dt / 2), k), k4 = rhs(t + dt, add(y, k3, dt), k);
    State out;
    for (std::size_t i = 0; i < 4; ++i) out[i] = y[i] + dt / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
    return out;
  };
  const auto branch_of = [&](const State& y) { return m.law.branch(y[2] - y[0], y[3] - y[1]); };
  std::vector<State> out;
  double t = 0.0;
  State y{0, 0, 0, 0};
  for (const double target : times) {
    while (t < target - 1e-15) {
      const Branch k = branch_of(y);
      double dt = std::min(h, target - t);
      State next = step(t, y, dt, k);
      if (branch_of(next) != k) {
        double lo = 0.0, hi = dt;  // the branch holds at lo, not at hi
        for (int i = 0; i < 100 && hi - lo > 1e-15; ++i) {
          const double mid = 0.5 * (lo + hi);
          (branch_of(step(t, y, mid, k)) == k ? lo : hi) = mid;
        }
        dt = hi;
        next = step(t, y, dt, k);
      }
      t += dt;
      y = next;
    }
    out.push_back(y);
  }
  return out;
}

std::string two_inertias_netlist(const std::string& type, const TwoInertias& m, double stop) {
  return R"({
    "format": "acausal/1", "name": "two_inertias_backlash",
    "components": {
      "drive_torque": { "type": "signal.Sine", "params": { "amplitude": )" + json_number(m.A) +
         R"(, "frequency": )" + json_number(m.f) + R"( } },
      "drive": { "type": "rotational.Torque" },
      "J1": { "type": "rotational.Inertia", "params": { "J": )" + json_number(m.J1) + R"( }, "initial": { "phi": 0, "w": 0 } },
      "J2": { "type": "rotational.Inertia", "params": { "J": )" + json_number(m.J2) + R"( }, "initial": { "phi": 0, "w": 0 } },
      "backlash": { "type": ")" + type + R"(", "params": { "c": )" + json_number(m.law.c) +
         R"(, "d": )" + json_number(m.law.d) + R"(, "b": )" + json_number(m.law.b) + R"( } }
    },
    "connections": [["drive_torque.y", "drive.tau"], ["drive.flange", "J1.flange", "backlash.C"],
                    ["backlash.R", "J2.flange"]],
    "experiment": { "start": 0, "stop": )" + json_number(stop) + R"(, "interval": 0.001, "tolerance": 1e-10 },
    "outputs": ["J1.phi", "J1.w", "J2.phi", "J2.w", "backlash.phi_rel", "backlash.w_rel", "backlash.tau"]
  })";
}

double largest(const std::vector<double>& v) {
  double m = 0.0;
  for (double x : v) m = std::max(m, std::fabs(x));
  return m;
}

/// The simulated run: free flight transmits exactly nothing, contact transmits MSL's torque, the
/// trajectory is the RK4's within 1e-6 of its scale, the energy account closes to 1e-6.
void check_two_inertias(const std::string& type, const TwoInertias& m) {
  const double stop = 1.0;
  const auto run = simulate_netlist(two_inertias_netlist(type, m, stop));
  const std::vector<double> t = run->times(), phi = run->column("backlash.phi_rel"),
                            w = run->column("backlash.w_rel"), tau = run->column("backlash.tau"),
                            w2 = run->column("J2.w");
  const double b2 = m.law.b / 2, margin = 1e-9, tau_scale = largest(tau);
  std::size_t free_rows = 0, above_rows = 0, below_rows = 0;
  for (std::size_t k = 0; k < t.size(); ++k) {
    CAPTURE(t[k]);
    if (std::fabs(phi[k]) < b2 - margin) {
      ++free_rows;
      CHECK(tau[k] == 0.0);  // exactly: inside the backlash nothing is transmitted
      // Nothing acts on J2 between two free-flight rows (no event between them): it coasts.
      if (k > 0 && std::fabs(phi[k - 1]) < b2 - margin) CHECK(std::fabs(w2[k] - w2[k - 1]) <= 1e-9 * largest(w2));
    } else if (std::fabs(phi[k]) > b2 + margin) {
      (phi[k] > 0 ? above_rows : below_rows) += 1;
      CHECK(std::fabs(tau[k] - m.law.torque(phi[k], w[k])) <= 1e-6 * tau_scale);
    }
  }
  // The sine (zero mean) makes J1 push J2 ahead and fall behind: both contacts and free flight.
  CHECK(free_rows > 50);
  CHECK(above_rows > 10);
  CHECK(below_rows > 10);
  CHECK(run->result.statistics.events > 4);

  // Against the RK4 on the output grid.
  const std::vector<double> grid = run->grid_times();
  const std::vector<State> ref = rk4(m, grid, 5e-6);
  const std::vector<State> coarse = rk4(m, grid, 1e-5);
  const std::array<std::string, 4> names{"J1.phi", "J1.w", "J2.phi", "J2.w"};
  for (std::size_t i = 0; i < 4; ++i) {
    CAPTURE(names[i]);
    const std::vector<double> sim = run->grid_column(names[i]);
    REQUIRE(sim.size() == grid.size());
    double scale = 0.0, worst = 0.0, converged = 0.0;
    for (std::size_t k = 0; k < grid.size(); ++k) {
      scale = std::max(scale, std::fabs(ref[k][i]));
      worst = std::max(worst, std::fabs(sim[k] - ref[k][i]));
      converged = std::max(converged, std::fabs(coarse[k][i] - ref[k][i]));
    }
    CAPTURE(worst / scale);
    CHECK(converged <= 1e-8 * scale);  // the reference (error ~1/16 of this) is far more accurate than the check
    CHECK(worst <= 1e-6 * scale);
  }
  const CheckResult energy = check_energy(*run, 1e-6);
  CHECK_MESSAGE(energy.passed(), energy.message());
}

/// Values of the element's variables at phi_rel, w_rel and the torque tau (phi_rel0 = 0).
Values at(double phi_rel, double w_rel, double tau) {
  return {{"x.phi_rel", phi_rel}, {"x.w_rel", w_rel},       {"x.tau", tau},          {"x.R.phi", phi_rel + 1.0},
          {"x.C.phi", 1.0},       {"x.R.tau", tau},         {"x.C.tau", -tau},       {"der(x.R.phi)", w_rel + 3.0},
          {"der(x.C.phi)", 3.0},  {"der(x.phi_rel)", w_rel}};
}

const TwoInertias kPair{0.01, 0.05, 1.0, 2.0, {1e4, 5.0, 0.02, true}};

}  // namespace

TEST_CASE("Two inertias through an ElastoBacklash: free flight in the backlash, contact outside, as an RK4 of MSL's law") {
  // J1 = 0.01 kg·m² driven by 1 N·m at 2 Hz, J2 = 0.05 kg·m² free, c = 1e4 N·m/rad, d = 5 N·m·s/rad
  // (ζ ≈ 0.27 on the pair), b = 0.02 rad: a contact lasts about 3 ms, and at the impacts the
  // damping is capped by the spring torque, later the contact releases before the flanges part.
  check_two_inertias("rotational.ElastoBacklash", kPair);
}

TEST_CASE("Two inertias through an ElastoBacklash2: the torque jumps by d·w_rel where contact starts, as an RK4 of MSL's law") {
  TwoInertias m = kPair;
  m.law.limited = false;
  check_two_inertias("rotational.ElastoBacklash2", m);
  // At every start of contact the torque jumps from 0 to d·w_rel (two rows at the event's time).
  const auto run = simulate_netlist(two_inertias_netlist("rotational.ElastoBacklash2", m, 0.5));
  const std::vector<double> t = run->times(), phi = run->column("backlash.phi_rel"),
                            w = run->column("backlash.w_rel"), tau = run->column("backlash.tau");
  int jumps = 0;
  for (std::size_t k = 1; k < t.size(); ++k)
    if (t[k] == t[k - 1] && tau[k - 1] == 0.0 && tau[k] != 0.0) {
      ++jumps;
      CHECK(std::fabs(std::fabs(phi[k]) - m.law.b / 2) <= 1e-9);
      CHECK(tau[k] == doctest::Approx(m.law.d * w[k]).epsilon(1e-6));
      CHECK(std::fabs(tau[k]) > 1e-3);
    }
  CHECK(jumps >= 2);
}

TEST_CASE("rotational.ElastoBacklash and ElastoBacklash2: law, stored energy and loss at points of every branch") {
  const double c = 1000.0, dd = 20.0, b = 0.1;  // edges at ±0.05 rad
  for (const bool limited : {true, false}) {
    const std::string type = limited ? "rotational.ElastoBacklash" : "rotational.ElastoBacklash2";
    CAPTURE(type);
    const Definition d = instantiate(type, {{"c", c}, {"d", dd}, {"b", b}, {"phi_rel0", 0.3}});
    const Law law{c, dd, b, limited};
    struct Point {
      double phi_diff, w_rel;
      Branch branch;
    };
    // tau_c = ±10 N·m at phi_diff = ±0.06; tau_d = 20·w.
    for (const Point& p : {Point{0.0, 3.0, kFree}, Point{0.049, -5.0, kFree}, Point{0.06, 2.0, kAboveSpring},
                           Point{0.06, 0.1, kAboveDamper}, Point{0.06, -0.2, kAboveDamper}, Point{0.06, -1.0, kAboveSticks},
                           Point{-0.06, -2.0, kBelowSpring}, Point{-0.06, -0.1, kBelowDamper},
                           Point{-0.06, 0.2, kBelowDamper}, Point{-0.06, 1.0, kBelowSticks}}) {
      CAPTURE(p.phi_diff);
      CAPTURE(p.w_rel);
      const Branch k = law.branch(p.phi_diff, p.w_rel);
      CHECK((k == p.branch || (!limited && k == kAboveDamper && p.branch == kAboveSpring) ||
             (!limited && k == kBelowDamper && p.branch == kBelowSpring)));
      const double tau = law.torque(p.phi_diff, p.w_rel);
      const Values v = at(0.3 + p.phi_diff, p.w_rel, tau);
      CHECK(check_residuals(d, v, 1e-12));
      const double edge = p.phi_diff > b / 2 ? b / 2 : p.phi_diff < -b / 2 ? -b / 2 : p.phi_diff;
      const double tau_c = c * (p.phi_diff - edge);
      CHECK(value(d.stored_energy, v) == doctest::Approx(0.5 * c * (p.phi_diff - edge) * (p.phi_diff - edge)));
      // The loss is what the ports deliver beyond the spring's rate: (tau − tau_c)·w_rel ≥ 0;
      // where it would stick the spring's energy is lost at tau_c·|w_rel| (MSL books 0 there).
      CHECK(value(d.loss_power, v) == doctest::Approx((tau - tau_c) * p.w_rel));
      CHECK(value(d.loss_power, v) >= 0.0);
      if (k == kAboveSticks || k == kBelowSticks) CHECK(value(d.loss_power, v) == doctest::Approx(std::fabs(tau_c * p.w_rel)));
      CHECK(check_energy_audit(d, v, 1e-12));
      CHECK(check_jacobian(d, v));
    }
  }
  // b below MSL's 1e-10 rad: a spring and damper in parallel, pulling too.
  const Definition d0 = instantiate("rotational.ElastoBacklash", {{"c", c}, {"d", dd}, {"b", 0.0}});
  const Values v0 = at(0.01, -2.0, c * 0.01 + dd * -2.0);
  CHECK(check_residuals(d0, v0, 1e-12));
  CHECK(value(d0.stored_energy, v0) == doctest::Approx(0.5 * c * 0.01 * 0.01));
  CHECK(value(d0.loss_power, v0) == doctest::Approx(dd * 4.0));
  CHECK(check_energy_audit(d0, v0, 1e-12));
}

TEST_CASE("rotational.ElastoBacklash and ElastoBacklash2: malformed parameters are named errors") {
  for (const std::string type : {"rotational.ElastoBacklash", "rotational.ElastoBacklash2"}) {
    CAPTURE(type);
    CHECK_THROWS_WITH_AS(instantiate(type, {{"b", -0.01}}, "bl"), "/components/bl/params/b: b must not be negative, got -0.01",
                         ModelError);
    CHECK_THROWS_WITH_AS(instantiate(type, {{"c", -1e4}}, "bl"), "/components/bl/params/c: c must be positive, got -10000",
                         ModelError);
    CHECK_THROWS_WITH_AS(instantiate(type, {{"c", 0.0}}, "bl"), "/components/bl/params/c: c must be positive, got 0",
                         ModelError);
    CHECK_THROWS_WITH_AS(instantiate(type, {{"d", -2.0}}, "bl"), "/components/bl/params/d: d must not be negative, got -2",
                         ModelError);
    CHECK_THROWS_WITH_AS(instantiate(type, {{"b", "1 m"}}, "bl"),
                         "/components/bl/params/b: expected a value in rad (dimensionless), got '1 m' (m)", ModelError);
    CHECK_NOTHROW(instantiate(type, {{"b", "2 deg"}, {"c", "100 N*m/deg"}, {"d", 0.0}, {"phi_rel0", "-1 deg"}}));
  }
}

TEST_CASE("netlists/gear_backlash.json: a gear pair with backlash reversing under a sine drive, energy account closed") {
  const auto run = simulate_netlist_file(ACAUSAL_SOURCE_DIR "/netlists/gear_backlash.json");
  const CheckResult energy = check_energy(*run, 1e-6);  // at the netlist's tolerance, 1e-6
  CHECK_MESSAGE(energy.passed(), energy.message());
  // Only the motor injects; only the mesh damping and the bearing dissipate.
  const EnergyReport& e = run->energy();
  double motor_in = 0.0, backlash_lost = 0.0, bearing_lost = 0.0;
  for (const ComponentEnergy& c : e.components) {
    if (c.instance == "motor") motor_in = c.work_injected;
    if (c.instance == "backlash") backlash_lost = c.work_lost;
    if (c.instance == "bearing") bearing_lost = c.work_lost;
  }
  CHECK(motor_in == doctest::Approx(e.work_injected));
  CHECK(backlash_lost + bearing_lost == doctest::Approx(e.work_lost));
  CHECK(backlash_lost > 0.05 * e.work_lost);  // the impacts cost a noticeable share

  // The drive reverses every 0.25 s: each time the gear crosses the 2° of play in free flight
  // (nothing transmitted), strikes the other flank and rebounds before it stays in contact.
  const double b2 = std::numbers::pi / 180.0;  // b/2 = 1°
  const std::vector<double> t = run->times(), phi = run->column("backlash.phi_rel"), tau = run->column("backlash.tau");
  int side = 0, flank_changes = 0, impacts = 0, free_rows = 0;
  for (std::size_t k = 0; k < t.size(); ++k) {
    if (std::fabs(phi[k]) < b2 - 1e-9) {
      ++free_rows;
      CHECK(tau[k] == 0.0);
    }
    const int now = phi[k] > b2 ? 1 : phi[k] < -b2 ? -1 : 0;
    if (now != 0 && (k == 0 || (phi[k - 1] > b2 ? 1 : phi[k - 1] < -b2 ? -1 : 0) != now)) {
      ++impacts;
      if (side != 0 && now != side) ++flank_changes;
      side = now;
    }
  }
  CHECK(free_rows > 100);
  CHECK(flank_changes == 7);   // 2 s of a 2 Hz drive: 8 half periods on alternate flanks
  CHECK(impacts >= 3 * 8);     // an impact and at least two rebounds on each
}
