// translational.ElastoGap (MSL 4.0.0's ElastoGap): its law and energy terms at hand-picked points,
// its parameter errors, and a ball dropped on it, against an independent fixed-step RK4 of the
// same contact law written here (not the framework's expressions) and, where it applies, a closed
// form.

#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <numbers>
#include <string>
#include <vector>

#include "core/model/errors.hpp"
#include "tests/support/simulation_run.hpp"

using namespace acausal;
using namespace acausal::testing;

namespace {

constexpr double kG = 9.81;  // [m/s²], the drop's gravity (a constant force, not the model's)

/// The contact law of MSL's ElastoGap with s_rel0 = 0, as the test's own code: the force f the
/// element transmits (R.f = f; f < 0 pushes) at penetration depth s_rel < 0 and speed v_rel.
double gap_force(double s_rel, double v_rel, double c, double d, double n) {
  const double f_c = -c * std::pow(std::fabs(s_rel), n);
  double f_d = d * v_rel;
  if (f_d < f_c) f_d = f_c;
  else if (f_d > -f_c) f_d = -f_c;
  return f_c + f_d;
}

/// A ball of mass m falling from rest at height h under m·g onto the gap, integrated here: the free
/// fall in closed form, the contact by classical RK4 with a fixed step until s returns to 0 (the
/// last step shortened by bisection so that it ends there).
struct Bounce {
  double t_impact = 0.0, v_impact = 0.0;  ///< where contact starts
  double t_exit = 0.0, v_exit = 0.0;      ///< where it ends
};

Bounce rk4_bounce(double m, double h, double c, double d, double n, double step) {
  Bounce out;
  out.t_impact = std::sqrt(2.0 * h / kG);
  out.v_impact = -kG * out.t_impact;
  // In contact the mass feels gravity and the element's reaction −f: m·a = −m·g − f.
  const auto accel = [&](double s, double v) { return -kG - gap_force(s, v, c, d, n) / m; };
  const auto rk4 = [&](double s, double v, double dt, double& s_out, double& v_out) {
    const double k1s = v, k1v = accel(s, v);
    const double k2s = v + 0.5 * dt * k1v, k2v = accel(s + 0.5 * dt * k1s, v + 0.5 * dt * k1v);
    const double k3s = v + 0.5 * dt * k2v, k3v = accel(s + 0.5 * dt * k2s, v + 0.5 * dt * k2v);
    const double k4s = v + dt * k3v, k4v = accel(s + dt * k3s, v + dt * k3v);
    s_out = s + dt / 6.0 * (k1s + 2 * k2s + 2 * k3s + k4s);
    v_out = v + dt / 6.0 * (k1v + 2 * k2v + 2 * k3v + k4v);
  };
  double t = out.t_impact, s = 0.0, v = out.v_impact;
  bool left_zero = false;  // s went below 0 (the first step starts at s = 0)
  for (;;) {
    double s1 = 0.0, v1 = 0.0;
    rk4(s, v, step, s1, v1);
    if (s1 < 0.0) left_zero = true;
    if (left_zero && s1 >= 0.0) {
      // The step crosses s = 0 upward: bisect its length for the crossing.
      double lo = 0.0, hi = step;
      for (int k = 0; k < 80; ++k) {
        const double mid = 0.5 * (lo + hi);
        rk4(s, v, mid, s1, v1);
        (s1 < 0.0 ? lo : hi) = mid;
      }
      rk4(s, v, hi, s1, v1);
      out.t_exit = t + hi;
      out.v_exit = v1;
      return out;
    }
    t += step;
    s = s1;
    v = v1;
  }
}

/// The netlist of the drop: a ball (translational.Mass) at rest at height h, a constant force −m·g,
/// and the gap between the ball (R) and a fixed ground (C). The ball's speed has the nominal 1 m/s:
/// it would inherit the gap's 1e-4 m per second through s_rel, and at this tolerance (IDA's rtol
/// 1e-12) an absolute tolerance of 1e-16 m/s where the ball turns round in contact (v = 0) is below
/// the rounding of a speed that was 1.4 m/s a few steps before: IDA's error test then fails on
/// rounding alone.
std::string drop_netlist(double m, double h, double c, double d, double n, double stop) {
  return R"({
    "format": "acausal/1", "name": "ball_drop",
    "components": {
      "ground":  { "type": "translational.Fixed" },
      "ball":    { "type": "translational.Mass", "params": { "m": )" + json_number(m) + R"( },
                   "initial": { "s": )" + json_number(h) + R"(, "v": 0 }, "nominal": { "v": 1 } },
      "gravity": { "type": "translational.ConstantForce", "params": { "f_constant": )" + json_number(-m * kG) + R"( } },
      "gap":     { "type": "translational.ElastoGap",
                   "params": { "c": )" + json_number(c) + R"(, "d": )" + json_number(d) + R"(, "n": )" + json_number(n) + R"( } }
    },
    "connections": [["ball.flange", "gravity.flange", "gap.R"], ["gap.C", "ground.flange"]],
    "experiment": { "start": 0, "stop": )" + json_number(stop) + R"(, "interval": 0.001, "tolerance": 1e-10 },
    "outputs": ["ball.s", "ball.v", "gap.contact", "gap.f", "gap.s_rel"]
  })";
}

/// The first contact of a simulated drop: where `gap.contact` rises and falls (the event rows).
Bounce simulated_bounce(const SimulationRun& run) {
  const std::vector<double> t = run.times(), contact = run.column("gap.contact"), v = run.column("ball.v");
  Bounce out;
  bool in = false;
  for (std::size_t k = 1; k < t.size(); ++k) {
    if (!in && contact[k - 1] == 0.0 && contact[k] == 1.0) {
      out.t_impact = t[k];
      out.v_impact = v[k];
      in = true;
    } else if (in && contact[k - 1] == 1.0 && contact[k] == 0.0) {
      out.t_exit = t[k];
      out.v_exit = v[k];
      return out;
    }
  }
  FAIL("the ball did not bounce off the gap");
  return out;
}

double relative(double a, double b) { return std::fabs(a - b) / std::fabs(b); }

/// The drop simulated and integrated by RK4 agree on the impact, the rebound speed and the contact
/// duration to 1e-6 (relative), and the energy account closes.
void check_drop_against_rk4(double m, double h, double c, double d, double n) {
  const auto run = simulate_netlist(drop_netlist(m, h, c, d, n, 0.25));
  const Bounce sim = simulated_bounce(*run);
  const Bounce ref = rk4_bounce(m, h, c, d, n, 2e-7);
  const Bounce coarse = rk4_bounce(m, h, c, d, n, 4e-7);
  // The reference has converged far below the comparison's tolerance.
  CHECK(relative(coarse.v_exit, ref.v_exit) < 1e-9);
  CHECK(relative(coarse.t_exit - coarse.t_impact, ref.t_exit - ref.t_impact) < 1e-9);
  CAPTURE(sim.v_exit);
  CAPTURE(ref.v_exit);
  CHECK(relative(sim.t_impact, ref.t_impact) < 1e-6);
  CHECK(relative(sim.v_impact, ref.v_impact) < 1e-6);
  CHECK(relative(sim.v_exit, ref.v_exit) < 1e-6);
  CHECK(relative(sim.t_exit - sim.t_impact, ref.t_exit - ref.t_impact) < 1e-6);
  CHECK(sim.v_exit > 0.0);
  CHECK(sim.v_exit < -sim.v_impact);  // the damper took energy
  // The force only pushes (f ≤ 0), and is zero out of contact. At the left limit of the event
  // that ends contact the contact branch still holds with s_rel a rounding past s_rel0 (located to
  // ~1e-15 m), where it pulls by c·|s_rel − s_rel0|ⁿ: 1e-11 N.
  const std::vector<double> t = run->times(), f = run->column("gap.f"), contact = run->column("gap.contact");
  for (std::size_t k = 0; k < f.size(); ++k) {
    CAPTURE(t[k]);
    CHECK(f[k] <= (k + 1 < f.size() && t[k + 1] == t[k] ? 1e-10 : 0.0) * m * kG);
    if (contact[k] == 0.0) CHECK(f[k] == 0.0);
  }
  const CheckResult energy = check_energy(*run, 1e-6);
  CHECK_MESSAGE(energy.passed(), energy.message());
}

}  // namespace

TEST_CASE("A ball dropped on an elasto-gap bounces with the restitution its damping gives") {
  // 1 kg from 0.1 m (impact at 1.40 m/s) on c = 1e4 N/m: contact lasts about π/√(c/m) = 31 ms.
  // With damping, MSL's limit |f_d| ≤ |f_c| is active where contact starts (f_c = 0 there, so the
  // damping force is clamped to 0 and the contact force starts as 2·f_c) and again before the
  // ball leaves (the force drops to 0 while the surfaces still overlap): the closed-form
  // restitution of a linear spring-damper, e = exp(−ζπ/√(1−ζ²)), does not apply, and the RK4 of
  // the limited law is the reference. Linear spring (n = 1), ζ = d/(2√(c·m)) = 0.1:
  SUBCASE("linear spring, damping limited") {
    check_drop_against_rk4(1.0, 0.1, 1e4, 20.0, 1.0);
    // The closed form would give e = 0.7292 for ζ = 0.1; the limited law gives 0.7327 here (less
    // damping while the contact builds up, the spring's last energy lost where the force is cut
    // to zero, and gravity, which the closed form leaves out): close, but 5e-3 away, far beyond
    // the 1e-6 of the comparison above.
    const double zeta = 20.0 / (2.0 * std::sqrt(1e4 * 1.0));
    const double e_closed = std::exp(-zeta * std::numbers::pi / std::sqrt(1.0 - zeta * zeta));
    const Bounce ref = rk4_bounce(1.0, 0.1, 1e4, 20.0, 1.0, 2e-7);
    CHECK(std::fabs(-ref.v_exit / ref.v_impact - e_closed) > 1e-3);
  }
  SUBCASE("Hertzian contact, n = 1.5") { check_drop_against_rk4(1.0, 0.1, 1e5, 20.0, 1.5); }
  SUBCASE("strong damping: the force drops to zero before the ball leaves") {
    check_drop_against_rk4(1.0, 0.1, 1e4, 150.0, 1.0);
  }
  SUBCASE("no damping: the closed form, e = 1 and the half period of the spring shifted by gravity") {
    // d = 0: ζ = 0, the limit never acts (f_d ≡ 0) and the closed form holds: e = exp(0) = 1 (the
    // spring returns all it stored). In contact, with v_i = −√(2gh) and ω = √(c/m),
    // s = −g/ω² + (g/ω²)·cos ωτ + (v_i/ω)·sin ωτ, which is 0 again after τ = (2/ω)·(π − atan(|v_i|·ω/g)).
    const double m = 1.0, h = 0.1, c = 1e4;
    const auto run = simulate_netlist(drop_netlist(m, h, c, 0.0, 1.0, 0.25));
    const Bounce sim = simulated_bounce(*run);
    const double omega = std::sqrt(c / m), v_i = std::sqrt(2.0 * kG * h);
    CHECK(relative(sim.t_impact, std::sqrt(2.0 * h / kG)) < 1e-6);
    CHECK(relative(-sim.v_impact, v_i) < 1e-6);
    CHECK(relative(sim.v_exit, v_i) < 1e-6);
    CHECK(relative(sim.t_exit - sim.t_impact, 2.0 / omega * (std::numbers::pi - std::atan(v_i * omega / kG))) < 1e-6);
    CHECK(run->energy().work_lost == 0.0);
    const CheckResult energy = check_energy(*run, 1e-6);
    CHECK_MESSAGE(energy.passed(), energy.message());
  }
}

TEST_CASE("translational.ElastoGap: law, stored energy and loss at points of every branch") {
  const Definition d = instantiate("translational.ElastoGap", {{"c", 200.0}, {"d", 10.0}, {"s_rel0", 0.1}, {"n", 1.5}});
  // At s_rel = −0.3 (penetration 0.4): f_c = −200·0.4^1.5 = −50.596.
  const double f_c = -200.0 * std::pow(0.4, 1.5);
  struct Point {
    double s_rel, v_rel, f_d;
  };
  // The damper within its limit, clamped at f_c (approaching fast) and at −f_c (leaving fast).
  for (const Point& p : {Point{-0.3, -2.0, -20.0}, Point{-0.3, 3.0, 30.0}, Point{-0.3, -8.0, f_c}, Point{-0.3, 9.0, -f_c}}) {
    CAPTURE(p.v_rel);
    const double f = f_c + p.f_d;
    Values v{{"x.s_rel", p.s_rel},       {"x.v_rel", p.v_rel},       {"x.f", f},
             {"x.R.s", p.s_rel + 1.0},   {"x.C.s", 1.0},             {"x.R.f", f},
             {"x.C.f", -f},              {"der(x.R.s)", p.v_rel + 2.0}, {"der(x.C.s)", 2.0},
             {"der(x.s_rel)", p.v_rel},  {"x.contact", 1.0}};
    CHECK(check_residuals(d, v, 1e-9));
    CHECK(value(d.stored_energy, v) == doctest::Approx(200.0 * std::pow(0.4, 2.5) / 2.5));
    CHECK(value(d.loss_power, v) == doctest::Approx(p.f_d * p.v_rel));
    CHECK(value(d.loss_power, v) >= 0.0);
    CHECK(check_energy_audit(d, v, 1e-12));
    CHECK(check_jacobian(d, v));
  }
  // Out of contact: no force, nothing stored.
  Values out{{"x.s_rel", 0.5}, {"x.v_rel", -1.0}, {"x.f", 0.0},  {"x.R.s", 0.5},        {"x.C.s", 0.0},
             {"x.R.f", 0.0},   {"x.C.f", 0.0},    {"der(x.R.s)", -1.0}, {"der(x.C.s)", 0.0}, {"der(x.s_rel)", -1.0},
             {"x.contact", 0.0}};
  CHECK(check_residuals(d, out, 1e-12));
  CHECK(value(d.stored_energy, out) == 0.0);
  CHECK(value(d.loss_power, out) == 0.0);
}

TEST_CASE("translational.ElastoGap: malformed parameters are named errors") {
  CHECK_THROWS_WITH_AS(instantiate("translational.ElastoGap", {{"c", -1.0}}, "gap"),
                       "/components/gap/params/c: c must not be negative, got -1", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("translational.ElastoGap", {{"d", -0.5}}, "gap"),
                       "/components/gap/params/d: d must not be negative, got -0.5", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("translational.ElastoGap", {{"n", 0.5}}, "gap"),
                       "/components/gap/params/n: n must be at least 1, got 0.5", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("translational.ElastoGap", {{"s_nominal", -1.0}}, "gap"),
                       "/components/gap/params/s_nominal: s_nominal must not be negative, got -1", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("translational.ElastoGap", {{"b", 0.1}}, "gap"),
                       "/components/gap/params/b: unknown parameter \"b\" of translational.ElastoGap; "
                       "valid: c, d, s_rel0, n, s_nominal, use_heat_port",
                       ModelError);
  CHECK_NOTHROW(instantiate("translational.ElastoGap", {{"c", 0.0}, {"d", 0.0}, {"n", 1.0}, {"s_rel0", "-2 mm"}}));
}
