// The parts MSL's engine and filter examples drive with: rotational.QuadraticSpeedDependentTorque,
// signal.FirstOrder, signal.SecondOrder, signal.CriticalDamping and translational.GasForce2.
// Each simulated response is compared with a closed form written here from the physics (the
// exponential lag, the damped oscillator, n equal real poles, the quadratic drag's hyperbola, the
// p-V loop's area), not with the framework's expressions; energy accounts must close.

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <numbers>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/model/errors.hpp"
#include "tests/support/component_harness.hpp"
#include "tests/support/netlist_text.hpp"
#include "tests/support/simulation_run.hpp"

using namespace acausal;
using namespace acausal::testing;
using nlohmann::json;

namespace {

constexpr double kPi = std::numbers::pi;

/// A netlist of `components` and `connections` from 0 to `stop` on a grid of `interval`.
std::string netlist(const json& components, const std::vector<std::vector<std::string>>& connections, double stop,
                    double interval, const std::vector<std::string>& outputs, double tolerance = 1e-8) {
  return netlist_text("engine_parts", components, connections, stop, interval, outputs, tolerance);
}

/// A step input: `offset` before `at`, `offset + height` from then on.
json step(double offset, double height, double at) {
  return {{"type", "signal.Step"}, {"params", {{"offset", offset}, {"height", height}, {"start_time", at}}}};
}

// ---- closed forms ---------------------------------------------------------------------------------

/// The free motion of e'' + 2·D·w·e' + w²·e = 0 from e(0) = e0, e'(0) = v0, at time t ≥ 0:
/// {e, e'} for an underdamped (D < 1), critically damped (D = 1) or overdamped (D > 1) oscillator.
std::array<double, 2> damped_oscillator(double D, double w, double e0, double v0, double t) {
  if (D < 1.0) {
    const double sigma = D * w, wd = w * std::sqrt(1.0 - D * D);
    const double A = e0, B = (v0 + sigma * e0) / wd;
    const double c = std::cos(wd * t), s = std::sin(wd * t), decay = std::exp(-sigma * t);
    return {decay * (A * c + B * s), decay * (-sigma * (A * c + B * s) + wd * (-A * s + B * c))};
  }
  if (D == 1.0) {
    const double A = e0, B = v0 + w * e0, decay = std::exp(-w * t);
    return {decay * (A + B * t), decay * (B - w * (A + B * t))};
  }
  // Two real roots r1, r2 = −w·(D ∓ √(D² − 1)).
  const double root = std::sqrt(D * D - 1.0);
  const double r1 = -w * (D - root), r2 = -w * (D + root);
  const double c1 = (v0 - r2 * e0) / (r1 - r2), c2 = e0 - c1;
  return {c1 * std::exp(r1 * t) + c2 * std::exp(r2 * t), c1 * r1 * std::exp(r1 * t) + c2 * r2 * std::exp(r2 * t)};
}

/// State i (1-based) of n equal lags der(x[i]) = w·(x[i−1] − x[i]) under a constant input U, a time
/// tau after the states were x0: x_i = U + e^(−w·tau)·Σ_{m ≤ i} (x0_m − U)·(w·tau)^(i−m)/(i−m)!.
double lag_chain(const std::vector<double>& x0, double U, double w, double tau, std::size_t i) {
  double sum = 0.0, power = 1.0;  // power = (w·tau)^j / j!
  for (std::size_t j = 0; j < i; ++j) {
    sum += (x0[i - 1 - j] - U) * power;
    power *= w * tau / static_cast<double>(j + 1);
  }
  return U + std::exp(-w * tau) * sum;
}

/// The states of the lag chain at time t, from x0 at 0 with input u0 until `at`, u1 from then on.
std::vector<double> lag_chain_step(const std::vector<double>& x0, double u0, double u1, double at, double w, double t) {
  std::vector<double> x(x0.size());
  const double first = std::min(t, at);
  for (std::size_t i = 1; i <= x0.size(); ++i) x[i - 1] = lag_chain(x0, u0, w, first, i);
  if (t <= at) return x;
  std::vector<double> y(x0.size());
  for (std::size_t i = 1; i <= x0.size(); ++i) y[i - 1] = lag_chain(x, u1, w, t - at, i);
  return y;
}

}  // namespace

// ---- catalog ------------------------------------------------------------------------------------

TEST_CASE("engine parts: every type is registered and documented and balanced") {
  for (const char* type : {"rotational.QuadraticSpeedDependentTorque", "signal.FirstOrder", "signal.SecondOrder",
                           "signal.CriticalDamping", "translational.GasForce2"}) {
    CAPTURE(type);
    const Definition d = described_catalog_entry(type);
    CHECK(!d.equations.empty());
    CHECK(balance_surplus(d) == 0);
    CHECK(!builtin_registry().find(type)->details().empty());
  }
  for (const bool same : {true, false})
    for (const bool support : {true, false}) {
      const Definition d = instantiate("rotational.QuadraticSpeedDependentTorque",
                                       {{"TorqueDirection", same}, {"use_support", support}});
      CHECK(balance_surplus(d) == 0);
      CHECK((d.find_port("support") != nullptr) == support);
    }
  for (const char* init : {"initial_state", "steady_state"}) {
    CHECK(balance_surplus(instantiate("signal.FirstOrder", {{"init", init}})) == 0);
    CHECK(balance_surplus(instantiate("signal.SecondOrder", {{"init", init}})) == 0);
  }
  for (const char* init : {"initial_state", "steady_state", "initial_output"})
    for (const double n : {1.0, 4.0}) {
      CAPTURE(init);
      CAPTURE(n);
      const Definition d = instantiate("signal.CriticalDamping", {{"init", init}, {"n", n}});
      CHECK(balance_surplus(d) == 0);
      CHECK(d.find_variable("x[" + std::to_string(static_cast<int>(n)) + "]") != nullptr);
    }
}

TEST_CASE("engine parts: parameter errors name the parameter") {
  CHECK_THROWS_WITH_AS(instantiate("rotational.QuadraticSpeedDependentTorque", {{"w_nominal", 0.0}}, "fan"),
                       "/components/fan/params/w_nominal: w_nominal must be positive, got 0", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.FirstOrder", {{"T", 0.0}}, "lag"),
                       "/components/lag/params/T: T must not be zero, got 0", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.SecondOrder", {{"w", -2.0}}, "pt2"),
                       "/components/pt2/params/w: w must be positive, got -2", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.CriticalDamping", {{"n", 2.5}}, "filter"),
                       "/components/filter/params/n: n must be an integer from 1 to 1000, got 2.5", ModelError);
  CHECK_THROWS_AS(instantiate("signal.CriticalDamping", {{"init", "no_init"}}, "filter"), ModelError);
  CHECK_THROWS_WITH_AS(instantiate("translational.GasForce2", {{"L", -0.35}}, "gas"),
                       "/components/gas/params/L: L must be positive, got -0.35", ModelError);
}

// ---- signal.FirstOrder --------------------------------------------------------------------------

TEST_CASE("signal.FirstOrder: the step response is the exponential lag") {
  // y starts at 2, relaxes toward k·u0 = 1.5, and from the step at 0.3 s toward k·u1 = −1.
  const double k = 2.5, T = 0.15, u0 = 0.6, u1 = -0.4, at = 0.3, y0 = 2.0;
  const auto run = simulate_netlist(
      netlist({{"input", step(u0, u1 - u0, at)},
               {"lag", {{"type", "signal.FirstOrder"}, {"params", {{"k", k}, {"T", T}}}, {"initial", {{"y", y0}}}}}},
              {{"input.y", "lag.u"}}, 1.0, 1e-3, {"lag.y"}));
  const auto expected = [&](double t) {
    const double y_at = k * u0 + (y0 - k * u0) * std::exp(-std::min(t, at) / T);
    return t <= at ? y_at : k * u1 + (y_at - k * u1) * std::exp(-(t - at) / T);
  };
  CHECK(run->column("lag.y").front() == doctest::Approx(y0).epsilon(1e-12));
  const double error = max_error(*run, "lag.y", expected);
  MESSAGE("FirstOrder step response: max |y − closed form| " << error << " (range 3)");
  CHECK(error < 1e-6);
}

TEST_CASE("signal.FirstOrder: steady_state starts at k·u and stays there until the input moves") {
  const double k = -3.0, T = 0.05, u0 = 0.7, u1 = 1.2, at = 0.25;
  const auto run = simulate_netlist(
      netlist({{"input", step(u0, u1 - u0, at)},
               {"lag", {{"type", "signal.FirstOrder"}, {"params", {{"k", k}, {"T", T}, {"init", "steady_state"}}}}}},
              {{"input.y", "lag.u"}}, 0.6, 1e-3, {"lag.y"}));
  const auto expected = [&](double t) { return t <= at ? k * u0 : k * u1 + (k * u0 - k * u1) * std::exp(-(t - at) / T); };
  const std::vector<double>& t = run->times();
  const std::vector<double> y = run->column("lag.y");
  for (std::size_t i = 0; i < t.size() && t[i] < at; ++i) CHECK(std::fabs(y[i] - k * u0) <= 1e-12);
  const double error = max_error(*run, "lag.y", expected);
  MESSAGE("FirstOrder steady-state start and step: max error " << error << " (range 1.5)");
  CHECK(error < 1e-6);
}

// ---- signal.SecondOrder -------------------------------------------------------------------------

TEST_CASE("signal.SecondOrder: free and step responses are the damped oscillator's") {
  // From y0, yd0 under the constant input u0, then a step to u1: e = y − k·u obeys
  // e'' + 2·D·w·e' + w²·e = 0, so y = k·u + e and yd = e'.
  const double k = 1.5, w = 12.0, u0 = 0.2, u1 = 1.0, at = 0.6, y0 = -0.5, yd0 = 3.0;
  for (const double D : {0.2, 1.0, 2.5}) {
    CAPTURE(D);
    const auto run = simulate_netlist(
        netlist({{"input", step(u0, u1 - u0, at)},
                 {"pt2", {{"type", "signal.SecondOrder"}, {"params", {{"k", k}, {"w", w}, {"D", D}}},
                          {"initial", {{"y", y0}, {"yd", yd0}}}}}},
                {{"input.y", "pt2.u"}}, 1.5, 1e-3, {"pt2.y", "pt2.yd"}));
    const auto state = [&](double t) {
      const std::array<double, 2> before = damped_oscillator(D, w, y0 - k * u0, yd0, std::min(t, at));
      if (t <= at) return std::array<double, 2>{k * u0 + before[0], before[1]};
      const std::array<double, 2> after = damped_oscillator(D, w, k * u0 + before[0] - k * u1, before[1], t - at);
      return std::array<double, 2>{k * u1 + after[0], after[1]};
    };
    const double error_y = max_error(*run, "pt2.y", [&](double t) { return state(t)[0]; });
    const double error_yd = max_error(*run, "pt2.yd", [&](double t) { return state(t)[1]; });
    MESSAGE("SecondOrder D = " << D << ": max error y " << error_y << ", yd " << error_yd);
    CHECK(error_y < 1e-6);
    CHECK(error_yd < 1e-5);  // yd swings by up to w·1.2 ≈ 15
  }
}

TEST_CASE("signal.SecondOrder: steady_state starts at y = k·u and yd = 0") {
  const double k = 0.8, w = 20.0, D = 0.5, u0 = -1.25, u1 = 0.5, at = 0.2;
  const auto run = simulate_netlist(
      netlist({{"input", step(u0, u1 - u0, at)},
               {"pt2", {{"type", "signal.SecondOrder"}, {"params", {{"k", k}, {"w", w}, {"D", D}, {"init", "steady_state"}}}}}},
              {{"input.y", "pt2.u"}}, 0.8, 1e-3, {"pt2.y", "pt2.yd"}));
  const auto expected_y = [&](double t) {
    return t <= at ? k * u0 : k * u1 + damped_oscillator(D, w, k * (u0 - u1), 0.0, t - at)[0];
  };
  CHECK(run->column("pt2.y").front() == doctest::Approx(k * u0).epsilon(1e-12));
  CHECK(std::fabs(run->column("pt2.yd").front()) <= 1e-12);
  const double error = max_error(*run, "pt2.y", expected_y);
  MESSAGE("SecondOrder steady-state start and step: max error " << error);
  CHECK(error < 1e-6);
}

// ---- signal.CriticalDamping ---------------------------------------------------------------------

namespace {

/// The normalized filter's correction: the alpha with |1/(j·alpha + 1)ⁿ| = 1/√2, i.e. (1 + alpha²)ⁿ = 2.
double normalized_alpha(int n) { return std::sqrt(std::pow(2.0, 1.0 / n) - 1.0); }

json critical_damping(int n, double f, bool normalized, double k, const std::string& init, const json& initial) {
  json c = {{"type", "signal.CriticalDamping"},
            {"params", {{"n", n}, {"f", f}, {"normalized", normalized}, {"k", k}, {"init", init}}}};
  if (!initial.is_null()) c["initial"] = initial;
  return c;
}

std::vector<std::string> state_columns(const std::string& instance, int n) {
  std::vector<std::string> out;
  for (int i = 1; i <= n; ++i) out.push_back(instance + ".x[" + std::to_string(i) + "]");
  return out;
}

/// Every state of the filter against the lag chain's closed form, and y = k·x[n].
void check_lag_chain(const SimulationRun& run, double k, const std::vector<double>& x0, double u0, double u1, double at,
                     double w, double tolerance) {
  const std::size_t n = x0.size();
  for (std::size_t i = 1; i <= n; ++i) {
    const std::string column = "filter.x[" + std::to_string(i) + "]";
    const double error = max_error(run, column, [&](double t) { return lag_chain_step(x0, u0, u1, at, w, t)[i - 1]; });
    MESSAGE("CriticalDamping n = " << n << " " << column << ": max error " << error);
    CHECK(error < tolerance);
  }
  const double error_y = max_error(run, "filter.y", [&](double t) { return k * lag_chain_step(x0, u0, u1, at, w, t)[n - 1]; });
  CHECK(error_y < std::fabs(k) * tolerance);
}

}  // namespace

TEST_CASE("signal.CriticalDamping: n equal real poles from given initial states") {
  // Normalized, order 3: every lag has the pole w = 2π·f/alpha.
  const int n = 3;
  const double f = 1.5, k = 2.0, u0 = 1.0, u1 = -0.5, at = 0.4;
  const std::vector<double> x0 = {0.3, -0.2, 0.5};
  const auto run = simulate_netlist(netlist({{"input", step(u0, u1 - u0, at)},
                                             {"filter", critical_damping(n, f, true, k, "initial_state", {{"x", x0}})}},
                                            {{"input.y", "filter.u"}}, 1.2, 1e-3,
                                            {"filter.x[1]", "filter.x[2]", "filter.x[3]", "filter.y"}));
  for (std::size_t i = 0; i < x0.size(); ++i)
    CHECK(run->column("filter.x[" + std::to_string(i + 1) + "]").front() == doctest::Approx(x0[i]));
  check_lag_chain(*run, k, x0, u0, u1, at, 2.0 * kPi * f / normalized_alpha(n), 1e-6);
}

TEST_CASE("signal.CriticalDamping: steady_state starts every state at u and unnormalized poles are at 2π·f") {
  const int n = 5;
  const double f = 0.8, u0 = -0.3, u1 = 0.9, at = 0.5;
  std::vector<std::string> outputs = state_columns("filter", n);
  outputs.push_back("filter.y");
  const auto run = simulate_netlist(netlist({{"input", step(u0, u1 - u0, at)},
                                             {"filter", critical_damping(n, f, false, 1.0, "steady_state", nullptr)}},
                                            {{"input.y", "filter.u"}}, 2.5, 2e-3, outputs));
  // Nothing moves before the step.
  const std::vector<double>& t = run->times();
  for (const std::string& column : state_columns("filter", n)) {
    const std::vector<double> x = run->column(column);
    for (std::size_t i = 0; i < t.size() && t[i] < at; ++i) CHECK(std::fabs(x[i] - u0) <= 1e-12);
  }
  check_lag_chain(*run, 1.0, std::vector<double>(static_cast<std::size_t>(n), u0), u0, u1, at, 2.0 * kPi * f, 1e-6);
}

TEST_CASE("signal.CriticalDamping: initial_output starts y as given and the other states steady") {
  // MSL's InitialOutput, y = y_start: with y = k·x[n], x[n] starts at y_start/k.
  const int n = 3;
  const double f = 2.0, u = 0.2, k = 2.0, y_start = 0.9;
  const auto run = simulate_netlist(netlist({{"input", {{"type", "signal.Constant"}, {"params", {{"k", u}}}}},
                                             {"filter", critical_damping(n, f, true, k, "initial_output", {{"y", y_start}})}},
                                            {{"input.y", "filter.u"}}, 0.6, 1e-3,
                                            {"filter.x[1]", "filter.x[2]", "filter.x[3]", "filter.y"}));
  CHECK(run->column("filter.y").front() == doctest::Approx(y_start).epsilon(1e-12));
  // x[1] and x[2] start at u and stay there (their input is u and x[1]); x[3] relaxes from 0.45.
  check_lag_chain(*run, k, {u, u, y_start / k}, u, u, 1.0, 2.0 * kPi * f / normalized_alpha(n), 1e-6);
}

TEST_CASE("signal.CriticalDamping: normalized the gain at the cut-off frequency is 1/sqrt(2) for every order") {
  // A sine of frequency f through the filter; once the start has died away, y's amplitude is
  // |1/(j·alpha + 1)ⁿ| = 1/√2 and its phase lag n·atan(alpha). Both measured by projecting y on sin
  // and cos over the last two periods (trapezoids: exact for a periodic integrand on a uniform grid).
  const double f = 3.0;
  for (const int n : {1, 2, 6}) {
    CAPTURE(n);
    const int per_period = 400;
    const double stop = 10.0 / f;
    const auto run = simulate_netlist(
        netlist({{"input", {{"type", "signal.Sine"}, {"params", {{"amplitude", 1.0}, {"frequency", f}}}}},
                 {"filter", critical_damping(n, f, true, 1.0, "initial_state", nullptr)}},
                {{"input.y", "filter.u"}}, stop, 1.0 / (f * per_period), {"filter.y"}));
    const std::vector<double> t = run->grid_times(), y = run->grid_column("filter.y");
    const std::size_t samples = 2 * per_period;  // the last two periods, the last point left out
    REQUIRE(t.size() > samples + 1);
    double a = 0.0, b = 0.0;
    for (std::size_t i = t.size() - 1 - samples; i < t.size() - 1; ++i) {
      a += y[i] * std::sin(2.0 * kPi * f * t[i]);
      b += y[i] * std::cos(2.0 * kPi * f * t[i]);
    }
    a *= 2.0 / samples;
    b *= 2.0 / samples;
    const double amplitude = std::hypot(a, b), lag = std::atan2(-b, a);
    const double expected_lag = n * std::atan(normalized_alpha(n));
    MESSAGE("CriticalDamping n = " << n << " at f: amplitude·√2 − 1 = " << amplitude * std::sqrt(2.0) - 1.0
                                   << ", phase lag " << lag << " rad, relative error " << lag / expected_lag - 1.0);
    CHECK(amplitude == doctest::Approx(1.0 / std::sqrt(2.0)).epsilon(1e-6));
    CHECK(lag == doctest::Approx(expected_lag).epsilon(1e-6));
  }
}

// ---- rotational.QuadraticSpeedDependentTorque -----------------------------------------------------

namespace {

/// An inertia J spinning at w0, driven by the quadratic source on its flange (housing grounded).
std::unique_ptr<SimulationRun> spin_down(double J, double w0, double tau_nominal, double w_nominal, bool same_direction,
                                         double stop) {
  return simulate_netlist(netlist(
      {{"rotor", {{"type", "rotational.Inertia"}, {"params", {{"J", J}}}, {"initial", {{"phi", 0.0}, {"w", w0}}}}},
       {"fan", {{"type", "rotational.QuadraticSpeedDependentTorque"},
                {"params", {{"tau_nominal", tau_nominal}, {"w_nominal", w_nominal}, {"TorqueDirection", same_direction}}}}}},
      {{"rotor.flange", "fan.flange"}}, stop, stop / 1000.0, {"rotor.phi", "rotor.w", "fan.tau"}));
}

}  // namespace

TEST_CASE("rotational.QuadraticSpeedDependentTorque: a drag brakes an inertia along w = w0/(1 + c·|w0|·t)") {
  // J·dw/dt = tau_nominal·w·|w|/w_nominal² with tau_nominal < 0: dw/dt = −c·w·|w|, c = |tau_nominal|/(J·w_nominal²).
  // Both directions of rotation are braked (TorqueDirection = false); φ = sign(w0)·ln(1 + c·|w0|·t)/c.
  const double J = 0.5, tau_nominal = -4.0, w_nominal = 10.0, stop = 2.0;
  const double c = -tau_nominal / (J * w_nominal * w_nominal);
  for (const double w0 : {30.0, -30.0}) {
    CAPTURE(w0);
    const auto run = spin_down(J, w0, tau_nominal, w_nominal, false, stop);
    const auto w = [&](double t) { return w0 / (1.0 + c * std::fabs(w0) * t); };
    const auto phi = [&](double t) { return std::copysign(std::log(1.0 + c * std::fabs(w0) * t) / c, w0); };
    const double error_w = max_error(*run, "rotor.w", w), error_phi = max_error(*run, "rotor.phi", phi);
    MESSAGE("quadratic drag from w0 = " << w0 << ": max error w " << error_w << " rad/s, phi " << error_phi << " rad");
    CHECK(error_w < 1e-6 * std::fabs(w0));
    CHECK(error_phi < 1e-6 * std::fabs(phi(stop)));
    // The source took exactly the kinetic energy the rotor lost.
    const EnergyReport& energy = run->energy();
    const auto fan = std::find_if(energy.components.begin(), energy.components.end(),
                                  [](const ComponentEnergy& e) { return e.instance == "fan"; });
    REQUIRE(fan != energy.components.end());
    const double lost = 0.5 * J * (w(stop) * w(stop) - w0 * w0);
    CHECK(fan->work_injected == doctest::Approx(lost).epsilon(1e-6));
    CHECK(check_energy(*run, 1e-6));
  }
}

TEST_CASE("rotational.QuadraticSpeedDependentTorque: with TorqueDirection the torque keeps its sign and drives a reverse rotation") {
  // tau = tau_nominal·(w/w_nominal)² < 0 whatever the sign of w: turning backwards the rotor speeds
  // up, dw/dt = −c·w², w = w0/(1 + c·w0·t) (w0 < 0: it would diverge at t = 1/(c·|w0|) = 0.42 s).
  const double J = 0.5, tau_nominal = -4.0, w_nominal = 10.0, w0 = -30.0, stop = 0.2;
  const double c = -tau_nominal / (J * w_nominal * w_nominal);
  const auto run = spin_down(J, w0, tau_nominal, w_nominal, true, stop);
  const auto w = [&](double t) { return w0 / (1.0 + c * w0 * t); };
  const double error = max_error(*run, "rotor.w", w);
  MESSAGE("quadratic torque driving a reverse rotation: max error w " << error << " rad/s (w from -30 to " << w(stop) << ")");
  CHECK(error < 1e-6 * std::fabs(w(stop)));
  for (const double tau : run->column("fan.tau")) CHECK(tau < 0.0);
  CHECK(check_energy(*run, 1e-6));
}

TEST_CASE("rotational.QuadraticSpeedDependentTorque: on a free housing the relative speed decays and the momentum is kept") {
  // Flange on J1, housing on J2: J1·dw1/dt = tau, J2·dw2/dt = −tau, so w = w1 − w2 decays as the
  // drag's hyperbola with the reduced inertia J1·J2/(J1 + J2), and J1·w1 + J2·w2 is constant.
  const double J1 = 0.4, J2 = 1.2, w10 = 20.0, w20 = -5.0, tau_nominal = -2.0, w_nominal = 15.0, stop = 1.5;
  const auto run = simulate_netlist(netlist(
      {{"rotor", {{"type", "rotational.Inertia"}, {"params", {{"J", J1}}}, {"initial", {{"phi", 0.0}, {"w", w10}}}}},
       {"housing", {{"type", "rotational.Inertia"}, {"params", {{"J", J2}}}, {"initial", {{"phi", 0.0}, {"w", w20}}}}},
       {"fan", {{"type", "rotational.QuadraticSpeedDependentTorque"},
                {"params", {{"tau_nominal", tau_nominal}, {"w_nominal", w_nominal}, {"TorqueDirection", false}, {"use_support", true}}}}}},
      {{"rotor.flange", "fan.flange"}, {"housing.flange", "fan.support"}}, stop, stop / 1000.0, {"rotor.w", "housing.w", "fan.w"}));
  const double J = J1 * J2 / (J1 + J2), c = -tau_nominal / (J * w_nominal * w_nominal), wr0 = w10 - w20;
  const double momentum = J1 * w10 + J2 * w20;
  const auto w_rel = [&](double t) { return wr0 / (1.0 + c * wr0 * t); };
  const auto w1 = [&](double t) { return (momentum + J2 * w_rel(t)) / (J1 + J2); };
  const auto w2 = [&](double t) { return (momentum - J1 * w_rel(t)) / (J1 + J2); };
  const double e_rel = max_error(*run, "fan.w", w_rel), e1 = max_error(*run, "rotor.w", w1), e2 = max_error(*run, "housing.w", w2);
  MESSAGE("quadratic drag on a free housing: max error w_rel " << e_rel << ", rotor " << e1 << ", housing " << e2 << " rad/s");
  CHECK(e_rel < 1e-6 * wr0);
  CHECK(e1 < 1e-6 * wr0);
  CHECK(e2 < 1e-6 * wr0);
  CHECK(check_energy(*run, 1e-6));
}

// ---- translational.GasForce2 --------------------------------------------------------------------

namespace {

/// MSL's cylinder pressure in bar at x = 1 − s_rel/L, as MSL writes it (expanded quartics).
double msl_pressure_bar(double x, bool compressing) {
  if (compressing)
    return x < 0.986061 ? 177.4132 * std::pow(x, 4) - 287.2189 * std::pow(x, 3) + 151.8252 * x * x - 24.9973 * x + 2.4
                        : 2836360 * std::pow(x, 4) - 10569296 * std::pow(x, 3) + 14761814 * x * x - 9158505 * x + 2129670;
  return x > 0.933 ? -3929704 * std::pow(x, 4) + 14748765 * std::pow(x, 3) - 20747000 * x * x + 12964477 * x - 3036495
                   : 145.930 * std::pow(x, 4) - 131.707 * std::pow(x, 3) + 17.3438 * x * x + 17.9272 * x + 2.4;
}

/// ∫ from a to b of the quartic c4·x⁴ + … + c0 (coefficients highest first), exactly.
double quartic_integral(const std::array<double, 5>& c, double a, double b) {
  const auto primitive = [&c](double x) {
    return c[0] * std::pow(x, 5) / 5 + c[1] * std::pow(x, 4) / 4 + c[2] * std::pow(x, 3) / 3 + c[3] * x * x / 2 + c[4] * x;
  };
  return primitive(b) - primitive(a);
}

/// Consistent values of GasForce2 instance x at position s_rel (head C at s_C) and speed v_rel.
Values gas_values(double L, double d, double k0, double k1, double k, double s_C, double s_rel, double v_rel) {
  const double x = 1.0 - s_rel / L;
  const double press = 1e5 * msl_pressure_bar(x, v_rel < 0.0);
  const double f = -press * kPi * d * d / 4.0;
  const double V = k0 + k1 * (1.0 - x), T = press * V / k;
  const double R_air = 8.314462618 / 0.0289651159;
  return {{"x.C.s", s_C},          {"x.R.s", s_C + s_rel},      {"x.s_rel", s_rel},          {"x.v_rel", v_rel},
          {"x.f", f},              {"x.R.f", f},                {"x.C.f", -f},               {"der(x.C.s)", 0.0},
          {"der(x.R.s)", v_rel},   {"der(x.s_rel)", v_rel},     {"x.x", x},                  {"x.press", press},
          {"x.V", V},              {"x.T", T},                  {"x.dens", press / (R_air * T)}};
}

}  // namespace

TEST_CASE("translational.GasForce2: the force is MSL's pressure curves times the piston area") {
  const double L = 0.35, d = 0.1, k0 = 0.01, k1 = 1.0, k = 1.0;
  const Definition gas = instantiate("translational.GasForce2", {{"L", L}, {"d", d}});
  // Positions on every piece of both curves (x = 0.99 and 0.999 beyond both breaks).
  for (const double x : {0.02, 0.4, 0.9, 0.95, 0.99, 0.999})
    for (const double v_rel : {-0.8, 0.8}) {
      CAPTURE(x);
      CAPTURE(v_rel);
      const Values v = gas_values(L, d, k0, k1, k, 0.05, (1.0 - x) * L, v_rel);
      // Each residual within 1e-10 of its equation's scale (the pressure's ≈ 1e6 Pa): the quartics
      // near the top have terms of 1e12 Pa that cancel to 1e6 Pa, so the order of evaluation (MSL's
      // expanded form here, Horner's in the component) alone moves the pressure by ~1e-10 of it.
      const std::vector<double> r = residuals(gas, v);
      for (std::size_t i = 0; i < r.size(); ++i) {
        CAPTURE(gas.equations[i].description);
        CHECK(std::fabs(r[i]) <= 1e-10 * std::max({1.0, v.at("x.press"), v.at("x.press") * v.at("x.V")}));
      }
      // The force pushes R away from C: R.f = f < 0.
      CHECK(v.at("x.f") < 0.0);
      CHECK(check_energy_audit(gas, v, 1e-12));
      // The other direction's curve gives another pressure (the loop has an area) except where they meet.
      Values reversed = v;
      reversed.at("x.v_rel") = reversed.at("der(x.R.s)") = reversed.at("der(x.s_rel)") = -v_rel;
      const double other = 1e5 * msl_pressure_bar(x, v_rel > 0.0);
      CHECK(std::fabs(other - v.at("x.press")) > 1e3);
      bool broken = false;
      for (double residual : residuals(gas, reversed)) broken = broken || std::fabs(residual) > 1.0;
      CHECK(broken);
    }
  // At the dead centres both curves meet: 43 bar at the top, 2.4 bar at the bottom.
  for (const double v_rel : {-0.8, 0.8}) {
    CHECK(gas_values(L, d, k0, k1, k, 0.0, 0.0, v_rel).at("x.press") == doctest::Approx(43e5).epsilon(1e-9));
    CHECK(gas_values(L, d, k0, k1, k, 0.0, L, v_rel).at("x.press") == doctest::Approx(2.4e5).epsilon(1e-12));
    CHECK(check_residuals(gas, gas_values(L, d, k0, k1, k, 0.0, L, v_rel), 1e-6));
  }
}

TEST_CASE("translational.GasForce2: over one stroke cycle the gas does the work of its p-V loop") {
  // The piston is moved by a speed source through one cycle, s_rel = s0 + h·(1 − cos(2π·t/P)),
  // between x = 0.99 (near the top) and x = 0.01 (near the bottom): expansion on the way down,
  // compression on the way up. The gas's work is π·d²/4·L·1e5 Pa·∫ (p_expansion − p_compression) dx
  // over [0.01, 0.99], each curve integrated in closed form piece by piece.
  const double L = 0.35, d = 0.1, period = 0.1, x_top = 0.99, x_bottom = 0.01;
  const double s0 = (1.0 - x_top) * L, h = 0.5 * (x_top - x_bottom) * L, omega = 2.0 * kPi / period;
  const auto run = simulate_netlist(netlist(
      {{"head", {{"type", "translational.Fixed"}}},
       {"gas", {{"type", "translational.GasForce2"}, {"params", {{"L", L}, {"d", d}}}}},
       {"piston", {{"type", "translational.Mass"}, {"params", {{"m", 0.5}}}}},
       {"drive", {{"type", "translational.Speed"}, {"initial", {{"s", s0}}}}},
       {"speed", {{"type", "signal.Sine"}, {"params", {{"amplitude", h * omega}, {"frequency", 1.0 / period}}}}}},
      {{"head.flange", "gas.C"}, {"gas.R", "piston.flange", "drive.flange"}, {"speed.y", "drive.v"}}, period,
      period / 2000.0, {"gas.s_rel", "gas.v_rel", "gas.x", "gas.press", "gas.f"}, 1e-10));

  const std::array<double, 5> compression_low = {177.4132, -287.2189, 151.8252, -24.9973, 2.4};
  const std::array<double, 5> compression_high = {2836360, -10569296, 14761814, -9158505, 2129670};
  const std::array<double, 5> expansion_high = {-3929704, 14748765, -20747000, 12964477, -3036495};
  const std::array<double, 5> expansion_low = {145.930, -131.707, 17.3438, 17.9272, 2.4};
  const double expansion = quartic_integral(expansion_low, x_bottom, 0.933) + quartic_integral(expansion_high, 0.933, x_top);
  const double compression =
      quartic_integral(compression_low, x_bottom, 0.986061) + quartic_integral(compression_high, 0.986061, x_top);
  const double area = kPi * d * d / 4.0;
  const double loop_work = area * L * 1e5 * (expansion - compression);

  const EnergyReport& energy = run->energy();
  double gas_work = 0.0, drive_work = 0.0;
  for (const ComponentEnergy& e : energy.components) {
    if (e.instance == "gas") gas_work = e.work_injected;
    if (e.instance == "drive") drive_work = e.work_injected;
  }
  MESSAGE("GasForce2 cycle: work of the gas " << gas_work << " J, p-V loop " << loop_work << " J, relative error "
                                              << std::fabs(gas_work - loop_work) / loop_work);
  CHECK(loop_work > 0.0);
  CHECK(gas_work == doctest::Approx(loop_work).epsilon(1e-8));
  CHECK(drive_work == doctest::Approx(-loop_work).epsilon(1e-8));  // the drive absorbs it
  CHECK(check_energy(*run, 1e-6));

  // On every row away from a reversal or a break of a curve, the force is the curve of the
  // direction of motion at the simulated position.
  const std::vector<double> x = run->column("gas.x"), v = run->column("gas.v_rel"), f = run->column("gas.f");
  std::size_t checked = 0;
  double worst = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (std::fabs(v[i]) < 1e-6 || std::fabs(x[i] - 0.933) < 1e-6 || std::fabs(x[i] - 0.986061) < 1e-6) continue;
    const double expected = -1e5 * msl_pressure_bar(x[i], v[i] < 0.0) * area;
    worst = std::max(worst, std::fabs(f[i] - expected) / std::fabs(expected));
    ++checked;
  }
  MESSAGE("GasForce2 cycle: force against MSL's curves on " << checked << " rows, worst relative error " << worst);
  CHECK(checked > 1900);
  CHECK(worst < 1e-9);  // the quartics' cancellation near the top, as in the test above
}
