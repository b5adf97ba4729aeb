// Tests of the seed rotational components (seeds 001, 002, 003): rotational.NonlinearSpring,
// rotational.NonlinearDamper and rotational.VariableDamper, one component at a time.
//
// The laws are written out again here from the seed documents, in plain doubles, and the
// components' equations are compared with them: the torque at hand-picked points in every
// parameterization, the symbolic Jacobian against central differences (next to every switch too),
// the spring's stored energy against an independent quadrature of its torque, the power audit,
// the θ = θinit + phi_rel − phi_rel_start bookkeeping, parameter validation messages, and the
// equivalences with rotational.Spring and rotational.Damper.
//
// value() evaluates conditions live (sign, if_else, max and the table's piece all follow the values
// handed in; no branch is held), so a central difference is only meaningful when its stencil stays
// on one side of a switch: every step below is at most a quarter of the distance to the nearest one.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "components/registry.hpp"
#include "core/model/errors.hpp"
#include "core/expr/expr_diff.hpp"
#include "core/expr/expr_walk.hpp"
#include "tests/support/component_harness.hpp"

using namespace acausal;
using namespace acausal::testing;
using nlohmann::json;

namespace {

constexpr const char* kSpring = "rotational.NonlinearSpring";
constexpr const char* kDamper = "rotational.NonlinearDamper";
constexpr const char* kVariable = "rotational.VariableDamper";

using Coefficients = std::array<double, 5>;
using Law = std::function<double(double)>;

// ---- the seed laws, written out independently ------------------------------------------------

double sgn(double x) { return x > 0.0 ? 1.0 : (x < 0.0 ? -1.0 : 0.0); }

/// Seeds 001 and 003, symmetric: c1x + sign(x)c2x² + c3x³ + sign(x)c4x⁴ + c5x⁵.
double symmetric_law(const Coefficients& c, double x) {
  const double s = sgn(x);
  return c[0] * x + s * c[1] * x * x + c[2] * x * x * x + s * c[3] * x * x * x * x + c[4] * x * x * x * x * x;
}
/// Its slope dT/dx.
double symmetric_slope(const Coefficients& c, double x) {
  const double s = sgn(x);
  return c[0] + 2.0 * s * c[1] * x + 3.0 * c[2] * x * x + 4.0 * s * c[3] * x * x * x + 5.0 * c[4] * x * x * x * x;
}

/// Σ cᵢxⁱ and its slope.
double plain_polynomial(const Coefficients& c, double x) {
  return c[0] * x + c[1] * x * x + c[2] * x * x * x + c[3] * x * x * x * x + c[4] * x * x * x * x * x;
}
double plain_slope(const Coefficients& c, double x) {
  return c[0] + 2.0 * c[1] * x + 3.0 * c[2] * x * x + 4.0 * c[3] * x * x * x + 5.0 * c[4] * x * x * x * x;
}

/// Seed 001, two-sided: tension Σ k_tᵢθⁱ for θ ≥ 0; compression k1cθ − k2cθ² + k3cθ³ − k4cθ⁴ + k5cθ⁵.
double spring_two_sided(const Coefficients& t, const Coefficients& c, double x) {
  if (x >= 0.0) return plain_polynomial(t, x);
  return c[0] * x - c[1] * x * x + c[2] * x * x * x - c[3] * x * x * x * x + c[4] * x * x * x * x * x;
}
double spring_two_sided_slope(const Coefficients& t, const Coefficients& c, double x) {
  if (x >= 0.0) return plain_slope(t, x);
  return c[0] - 2.0 * c[1] * x + 3.0 * c[2] * x * x - 4.0 * c[3] * x * x * x + 5.0 * c[4] * x * x * x * x;
}

/// Seed 003, two-sided: Σ b_pᵢωⁱ for ω ≥ 0, Σ b_nᵢωⁱ for ω < 0 (no alternating signs).
double damper_two_sided(const Coefficients& p, const Coefficients& n, double x) {
  return x >= 0.0 ? plain_polynomial(p, x) : plain_polynomial(n, x);
}
double damper_two_sided_slope(const Coefficients& p, const Coefficients& n, double x) {
  return x >= 0.0 ? plain_slope(p, x) : plain_slope(n, x);
}

/// Breakpoints of a table as the law uses them: the netlist's points with (0, 0) where needed.
struct Points {
  std::vector<double> x, y;
};

/// Piecewise-linear interpolation through `p`; outside, the end segment continued (linear) or the
/// end value held (nearest).
double linear_table(const Points& p, double x, bool nearest) {
  const std::size_t n = p.x.size();
  auto secant = [&](std::size_t i) { return (p.y[i + 1] - p.y[i]) / (p.x[i + 1] - p.x[i]); };
  if (x < p.x[0]) return nearest ? p.y[0] : p.y[0] + secant(0) * (x - p.x[0]);
  if (x > p.x[n - 1]) return nearest ? p.y[n - 1] : p.y[n - 1] + secant(n - 2) * (x - p.x[n - 1]);
  for (std::size_t i = 0; i + 1 < n; ++i)
    if (x <= p.x[i + 1]) return p.y[i] + secant(i) * (x - p.x[i]);
  return p.y[n - 1];
}
double linear_table_slope(const Points& p, double x, bool nearest) {
  const std::size_t n = p.x.size();
  if (x < p.x[0] || x > p.x[n - 1]) {
    if (nearest) return 0.0;
    const std::size_t i = x < p.x[0] ? 0 : n - 2;
    return (p.y[i + 1] - p.y[i]) / (p.x[i + 1] - p.x[i]);
  }
  for (std::size_t i = 0; i + 1 < n; ++i)
    if (x < p.x[i + 1]) return (p.y[i + 1] - p.y[i]) / (p.x[i + 1] - p.x[i]);
  return (p.y[n - 1] - p.y[n - 2]) / (p.x[n - 1] - p.x[n - 2]);
}

/// The table parameter `{ "<column>": x, "torque": y }`.
json table_json(const char* column, const std::vector<double>& x, const std::vector<double>& y) {
  return json{{column, x}, {"torque", y}};
}

// ---- quadrature ------------------------------------------------------------------------------

/// ∫ₐᵇ f by composite 5-point Gauss–Legendre (exact for polynomials up to degree 9 per panel).
double gauss_legendre(const Law& f, double a, double b, int panels) {
  static constexpr std::array<double, 5> node = {0.0, -0.5384693101056830910, 0.5384693101056830910,
                                                  -0.9061798459386639928, 0.9061798459386639928};
  static constexpr std::array<double, 5> weight = {0.5688888888888888889, 0.4786286704993664680,
                                                    0.4786286704993664680, 0.2369268850561890875,
                                                    0.2369268850561890875};
  const double h = (b - a) / panels;
  double sum = 0.0;
  for (int k = 0; k < panels; ++k) {
    const double mid = a + (k + 0.5) * h;
    for (std::size_t i = 0; i < node.size(); ++i) sum += weight[i] * f(mid + 0.5 * h * node[i]);
  }
  return 0.5 * h * sum;
}

/// ∫₀^θ f, split at every cut strictly between 0 and θ (where f has a kink or changes formula).
double integral_from_zero(const Law& f, double theta, std::vector<double> cuts) {
  const double lo = std::min(0.0, theta), hi = std::max(0.0, theta);
  std::vector<double> edges{lo};
  std::sort(cuts.begin(), cuts.end());
  for (double c : cuts)
    if (c > lo && c < hi) edges.push_back(c);
  edges.push_back(hi);
  double sum = 0.0;
  for (std::size_t i = 0; i + 1 < edges.size(); ++i) sum += gauss_legendre(f, edges[i], edges[i + 1], 16);
  return theta >= 0.0 ? sum : -sum;
}

// ---- the component under test ----------------------------------------------------------------

/// The residual of the equation with this description.
Expr equation(const Definition& d, std::string_view description) {
  for (const auto& eq : d.equations)
    if (eq.description == description) return eq.residual;
  throw std::logic_error(d.type + " has no equation \"" + std::string(description) + "\"");
}

/// The torque equation tau − T(x) and the name of its x.
Expr torque_residual(const Definition& d) {
  return equation(d, d.type == kSpring ? "spring torque" : "damping torque");
}
std::string law_variable(const Definition& d) { return d.type == kSpring ? "x.theta" : "x.w_rel"; }

/// The component's T(x) (for a VariableDamper also needs B): the torque equation at tau = 0 is −T.
double torque(const Definition& d, double x, double B = 0.0) {
  return -value(torque_residual(d), {{"x.tau", 0.0}, {law_variable(d), x}, {"x.B", B}});
}
Law component_law(const Definition& d) {
  return [&d](double x) { return torque(d, x); };
}

/// Consistent values of spring x: θinit, phi_rel at the start, the flanges' angles and speeds.
Values spring_state(double theta_init, double start, double phi_R, double phi_C, double w_R, double w_C,
                    const Law& T) {
  const double theta = theta_init + (phi_R - phi_C) - start;
  const double tau = T(theta);
  return {{"x.R.phi", phi_R},      {"x.C.phi", phi_C},      {"x.phi_rel", phi_R - phi_C},
          {"x.w_rel", w_R - w_C},  {"x.tau", tau},          {"x.R.tau", tau},
          {"x.C.tau", -tau},       {"der(x.R.phi)", w_R},   {"der(x.C.phi)", w_C},
          {"x.theta", theta},      {"der(x.theta)", w_R - w_C}, {"x.phi_rel_start", start}};
}
/// Consistent values of spring x (with this θinit) at deflection θ, started at phi_rel = 0.4, θ̇ = 3.
Values spring_at(double theta, const Law& T, double theta_init = 0.0) {
  const double start = 0.4, phi_C = -0.3;
  Values v = spring_state(theta_init, start, phi_C + start + theta - theta_init, phi_C, 2.5, -0.5, T);
  v["x.theta"] = theta;  // exactly, not through the rounding of phi_R − phi_C
  v["x.tau"] = v["x.R.tau"] = T(theta);
  v["x.C.tau"] = -T(theta);
  return v;
}

/// Consistent values of damper x with ω = w_R − w_C and torque T(ω) (B for a VariableDamper).
Values damper_state(double w_R, double w_C, double tau, double B = 0.0) {
  return {{"x.R.phi", 0.7},          {"x.C.phi", -0.2},       {"x.phi_rel", 0.9},
          {"x.w_rel", w_R - w_C},    {"x.tau", tau},          {"x.R.tau", tau},
          {"x.C.tau", -tau},         {"der(x.R.phi)", w_R},   {"der(x.C.phi)", w_C},
          {"x.B", B}};
}

/// Every variable of `d` has a value and every residual is zero to rounding (relative to `scale`).
void check_consistent(const Definition& d, const Values& v, double scale) {
  for (const auto& var : d.variables) {
    INFO(d.type << ": no test value for " << var.symbol.name());
    CHECK(v.count(var.symbol.name()) == 1);
  }
  CHECK(check_residuals(d, v, 1e-13 * scale));
}

/// |a − b| ≤ rel·max(|a|, |b|, floor).
bool near_rel(double a, double b, double rel, double floor = 0.0) {
  return std::abs(a - b) <= rel * std::max({std::abs(a), std::abs(b), floor});
}

/// A central-difference step at x: 1e-6 of the scale, at most a quarter of the way to a switch.
double step_at(double x, double scale, const std::vector<double>& switches) {
  double h = 1e-6 * std::max(std::abs(x), scale);
  for (double s : switches) h = std::min(h, 0.25 * std::abs(x - s));
  return h;
}

/// The points where a Jacobian is checked: ordinary ones, and ±1e-6·scale around every switch.
std::vector<double> jacobian_points(std::vector<double> ordinary, const std::vector<double>& switches, double scale) {
  for (double s : switches) {
    ordinary.push_back(s - 1e-6 * scale);
    ordinary.push_back(s + 1e-6 * scale);
  }
  return ordinary;
}

/// The torque equation's ∂/∂x against central differences and against the seed's slope (so the
/// branch it takes on each side of a switch is the right one), at every point.
void check_law_jacobian(const Definition& d, const Law& seed_slope, const std::vector<double>& points,
                        const std::vector<double>& switches, double x_scale, double slope_scale) {
  const Expr r = torque_residual(d);
  const std::string x = law_variable(d);
  for (double at : points) {
    CAPTURE(at);
    const Partial p = partial(r, x, {{"x.tau", 0.0}, {x, at}}, step_at(at, x_scale, switches));
    CAPTURE(p.symbolic);
    CAPTURE(p.central);
    CHECK(near_rel(p.symbolic, p.central, 1e-6, slope_scale));
    if (seed_slope) CHECK(near_rel(p.symbolic, -seed_slope(at), 1e-12, slope_scale));
  }
}

/// Slope of f at x from the left and from the right, second-order one-sided differences.
std::pair<double, double> one_sided_slopes(const Law& f, double x, double h) {
  const double f0 = f(x);
  return {(3.0 * f0 - 4.0 * f(x - h) + f(x - 2.0 * h)) / (2.0 * h),
          (-3.0 * f0 + 4.0 * f(x + h) - f(x + 2.0 * h)) / (2.0 * h)};
}

/// The stored energy at θ (consistent values around it).
double stored(const Definition& d, double theta) {
  return value(d.stored_energy, {{"x.theta", theta}});
}

// ---- shared parameter sets ---------------------------------------------------------------------

// A stiffening spring with every term, even ones included (so sign(θ) is in the law).
const Coefficients kK = {1000.0, 300.0, 500.0, 120.0, 40.0};
// Different tension and compression sets.
const Coefficients kTension = {800.0, 200.0, 300.0, 50.0, 20.0};
const Coefficients kCompression = {1500.0, 100.0, 900.0, 60.0, 10.0};
// A spring table without θ = 0: the law adds (0, 0) between −0.3 and 0.2.
const std::vector<double> kTableTheta = {-1.0, -0.3, 0.2, 0.6, 1.2};
const std::vector<double> kTableTorque = {-900.0, -200.0, 150.0, 500.0, 1400.0};
const Points kTablePoints = {{-1.0, -0.3, 0.0, 0.2, 0.6, 1.2}, {-900.0, -200.0, 0.0, 150.0, 500.0, 1400.0}};

json spring_table(const char* interpolation, const char* extrapolation) {
  return {{"parameterization", "table"},
          {"table", table_json("theta", kTableTheta, kTableTorque)},
          {"interpolation", interpolation},
          {"extrapolation", extrapolation}};
}

// Damper sets: b_negative with negative even terms, so the seed-003 form dissipates for ω < 0.
const Coefficients kB = {100.0, 20.0, 5.0, 1.5, 0.25};
const Coefficients kPositive = {100.0, 20.0, 5.0, 0.0, 1.0};
const Coefficients kNegative = {150.0, -30.0, 8.0, -2.0, 0.5};
const std::vector<double> kTableW = {-4.0, -1.0, 0.5, 2.0, 5.0};
const std::vector<double> kTableWTorque = {-300.0, -120.0, 40.0, 90.0, 150.0};
const Points kWPoints = {{-4.0, -1.0, 0.0, 0.5, 2.0, 5.0}, {-300.0, -120.0, 0.0, 40.0, 90.0, 150.0}};

json damper_table(const char* interpolation, const char* extrapolation) {
  return {{"parameterization", "table"},
          {"table", table_json("w", kTableW, kTableWTorque)},
          {"interpolation", interpolation},
          {"extrapolation", extrapolation}};
}

json coefficients(const Coefficients& c) { return json(std::vector<double>(c.begin(), c.end())); }

json two_sided_spring_params(const Coefficients& tension, const Coefficients& compression) {
  return {{"parameterization", "two_sided"},
          {"k_tension", coefficients(tension)},
          {"k_compression", coefficients(compression)}};
}
json two_sided_damper_params(const Coefficients& positive, const Coefficients& negative) {
  return {{"parameterization", "two_sided"},
          {"b_positive", coefficients(positive)},
          {"b_negative", coefficients(negative)}};
}

}  // namespace

// ---- catalog -------------------------------------------------------------------------------------

TEST_CASE("seed rotational components: registered, documented and balanced in every parameterization") {
  for (const char* type : {kSpring, kDamper, kVariable}) {
    INFO("type: " << std::string(type));
    const Definition d = described_catalog_entry(type);
    CHECK(!d.equations.empty());
    CHECK(balance_surplus(d) == 0);
    CHECK(balance_surplus(instantiate(type)) == 0);
    CHECK(builtin_registry().find(type)->details().size() > 100);
    CHECK(d.find_port("R") != nullptr);
    CHECK(d.find_port("C") != nullptr);
    CHECK(d.find_variable("w_rel") != nullptr);
    CHECK(d.find_variable("tau") != nullptr);
  }
  // The parameters each one declares, in order (the valid names of an unknown-parameter message).
  auto names = [](const Definition& d) {
    std::vector<std::string> out;
    for (const auto& p : d.parameters) out.emplace_back(p.name);
    return out;
  };
  CHECK(names(described_catalog_entry(kSpring)) ==
        std::vector<std::string>{"parameterization", "k", "k_tension", "k_compression", "interpolation",
                                 "extrapolation", "table", "theta_init"});
  CHECK(names(described_catalog_entry(kDamper)) ==
        std::vector<std::string>{"parameterization", "b", "b_positive", "b_negative", "interpolation",
                                 "extrapolation", "table", "use_heat_port"});
  CHECK(names(described_catalog_entry(kVariable)) == std::vector<std::string>{"b_min", "use_heat_port"});
  // The spring's deflection θ, and the initial parameter that counts it from the start.
  const Definition spring = described_catalog_entry(kSpring);
  CHECK(spring.find_variable("theta") != nullptr);
  REQUIRE(spring.initial_parameters.size() == 1);
  CHECK(spring.initial_parameters[0].local_name == "phi_rel_start");
  // The variable damper's coefficient is a signal input.
  const Definition variable = described_catalog_entry(kVariable);
  const Port* B = variable.find_port("B");
  REQUIRE(B != nullptr);
  CHECK(B->direction == SignalDirection::Input);

  const std::vector<json> spring_params = {
      {{"k", coefficients(kK)}},
      {{"parameterization", "two_sided"}, {"k_tension", coefficients(kTension)},
       {"k_compression", coefficients(kCompression)}},
      spring_table("linear", "linear"),
      spring_table("smooth", "nearest"),
  };
  for (const json& p : spring_params) {
    CAPTURE(p.dump());
    CHECK(balance_surplus(instantiate(kSpring, p)) == 0);
  }
  const std::vector<json> damper_params = {
      {{"b", coefficients(kB)}},
      {{"parameterization", "two_sided"}, {"b_positive", coefficients(kPositive)},
       {"b_negative", coefficients(kNegative)}},
      damper_table("linear", "nearest"),
      damper_table("smooth", "linear"),
  };
  for (const json& p : damper_params) {
    CAPTURE(p.dump());
    CHECK(balance_surplus(instantiate(kDamper, p)) == 0);
  }
  CHECK(balance_surplus(instantiate(kVariable, {{"b_min", 2.0}})) == 0);
}

TEST_CASE("seed rotational components: defaults are a linear spring 1e4 N·m/rad, a damper 100 N·m·s/rad, b_min 0") {
  const Definition spring = instantiate(kSpring);
  for (double theta : {-0.3, 0.0, 0.2}) CHECK(torque(spring, theta) == doctest::Approx(1.0e4 * theta));
  const Definition damper = instantiate(kDamper);
  for (double w : {-3.0, 0.0, 1.5}) CHECK(torque(damper, w) == doctest::Approx(100.0 * w));
  // b_min = 0: a negative B is raised to 0, no torque at all.
  const Definition variable = instantiate(kVariable);
  CHECK(torque(variable, 2.0, 3.0) == doctest::Approx(6.0));
  CHECK(torque(variable, 2.0, -3.0) == 0.0);
}

// ---- NonlinearSpring: the law ---------------------------------------------------------------------

TEST_CASE("rotational.NonlinearSpring: symmetric polynomial with k2, k4 ≠ 0 is seed 001's formula") {
  const Definition d = instantiate(kSpring, {{"k", coefficients(kK)}});
  // By hand: 1000·0.5 + 300·0.25 + 500·0.125 + 120·0.0625 + 40·0.03125 = 646.25, odd in θ.
  CHECK(torque(d, 0.5) == doctest::Approx(646.25).epsilon(1e-14));
  CHECK(torque(d, -0.5) == doctest::Approx(-646.25).epsilon(1e-14));
  CHECK(torque(d, 0.0) == 0.0);
  for (double theta : {-1.7, -0.9, -0.31, -1e-4, 1e-4, 0.27, 0.8, 1.4, 2.2}) {
    CAPTURE(theta);
    CHECK(torque(d, theta) == doctest::Approx(symmetric_law(kK, theta)).epsilon(1e-13));
    CHECK(torque(d, -theta) == doctest::Approx(-torque(d, theta)).epsilon(1e-13));
  }
  // The whole component at a consistent state: tau enters at R and leaves at C.
  const Values v = spring_at(0.5, [](double t) { return symmetric_law(kK, t); });
  check_consistent(d, v, 1e3);
  CHECK(v.at("x.R.tau") == doctest::Approx(646.25));
  CHECK(v.at("x.C.tau") == doctest::Approx(-646.25));
  // sign(θ) makes one switch, at θ = 0, and check gets a note for it.
  const auto switches = conditions(torque_residual(d));
  REQUIRE(switches.size() == 1);
  CHECK(switches[0].indicator == Expr::variable("x.theta"));
  REQUIRE(d.notes.size() == 1);
  CHECK(d.notes[0].find("k2 or k4") != std::string::npos);
}

TEST_CASE("rotational.NonlinearSpring: an odd symmetric polynomial has no sign() and no switch") {
  const Coefficients odd = {1000.0, 0.0, 500.0, 0.0, 40.0};
  const Definition d = instantiate(kSpring, {{"k", coefficients(odd)}});
  for (double theta : {-1.1, -0.2, 0.35, 1.6})
    CHECK(torque(d, theta) == doctest::Approx(symmetric_law(odd, theta)).epsilon(1e-13));
  CHECK(conditions(torque_residual(d)).empty());
  CHECK(conditions(d.stored_energy).empty());
  CHECK(d.notes.empty());
}

TEST_CASE("rotational.NonlinearSpring: two-sided, tension set for θ ≥ 0, compression form for θ < 0") {
  const Definition d = instantiate(kSpring, two_sided_spring_params(kTension, kCompression));
  // By hand: θ = 0.5: 400 + 50 + 37.5 + 3.125 + 0.625 = 491.25;
  // θ = −0.5: 1500·(−0.5) − 100·0.25 + 900·(−0.125) − 60·0.0625 + 10·(−0.03125) = −891.5625.
  CHECK(torque(d, 0.5) == doctest::Approx(491.25).epsilon(1e-14));
  CHECK(torque(d, -0.5) == doctest::Approx(-891.5625).epsilon(1e-14));
  CHECK(torque(d, 0.0) == 0.0);
  for (double theta : {-1.6, -0.7, -0.05, -1e-6, 1e-6, 0.05, 0.7, 1.6}) {
    CAPTURE(theta);
    CHECK(torque(d, theta) == doctest::Approx(spring_two_sided(kTension, kCompression, theta)).epsilon(1e-13));
  }
  // The compression form alternates: with the plain Σ k_cᵢθⁱ the torque would differ.
  CHECK(std::abs(torque(d, -0.5) - plain_polynomial(kCompression, -0.5)) > 10.0);
  check_consistent(d, spring_at(-0.5, [](double t) { return spring_two_sided(kTension, kCompression, t); }), 1e3);
  // One switch, θ ≥ 0, shared by the torque and the stored energy; no note.
  Expr both = torque_residual(d) + d.stored_energy;
  const auto switches = conditions(both);
  REQUIRE(switches.size() == 1);
  CHECK(switches[0].indicator == Expr::variable("x.theta"));
  CHECK(d.notes.empty());
}

TEST_CASE("rotational.NonlinearSpring: linear table, (0, 0) added, linear and nearest extrapolation") {
  for (const bool nearest : {false, true}) {
    CAPTURE(nearest);
    const Definition d = instantiate(kSpring, spring_table("linear", nearest ? "nearest" : "linear"));
    // Through every breakpoint, and through the origin the law added.
    for (std::size_t i = 0; i < kTablePoints.x.size(); ++i)
      CHECK(torque(d, kTablePoints.x[i]) == doctest::Approx(kTablePoints.y[i]).epsilon(1e-14).scale(1e-12));
    CHECK(torque(d, 0.0) == 0.0);
    // Between −0.3 and 0.2 the neighbours are the origin: T(−0.15) = −100, T(0.1) = 75 (not the
    // chord from (−0.3, −200) to (0.2, 150), which gives −95 and 80 there).
    CHECK(torque(d, -0.15) == doctest::Approx(-100.0).epsilon(1e-14));
    CHECK(torque(d, 0.1) == doctest::Approx(75.0).epsilon(1e-14));
    for (double theta : {-2.5, -1.3, -1.0, -0.64, -0.3, -0.01, 0.05, 0.2, 0.4, 0.6, 0.9, 1.2, 1.5, 3.0}) {
      CAPTURE(theta);
      CHECK(torque(d, theta) == doctest::Approx(linear_table(kTablePoints, theta, nearest)).epsilon(1e-13));
    }
    // Outside: nearest holds the end torque, linear continues the end segment.
    CHECK(torque(d, 2.2) == doctest::Approx(nearest ? 1400.0 : 1400.0 + 1.0 * 900.0 / 0.6));
    CHECK(torque(d, -1.5) == doctest::Approx(nearest ? -900.0 : -900.0 - 0.5 * 700.0 / 0.7));
    check_consistent(d, spring_at(0.9, [&](double t) { return linear_table(kTablePoints, t, nearest); }), 1e3);
    // A switch at every breakpoint where the slope jumps: all interior ones (the added origin too),
    // and with nearest extrapolation both ends.
    std::size_t kinks = 0;
    const auto& p = kTablePoints;
    for (std::size_t i = 1; i + 1 < p.x.size(); ++i)
      if (!near_rel((p.y[i] - p.y[i - 1]) / (p.x[i] - p.x[i - 1]), (p.y[i + 1] - p.y[i]) / (p.x[i + 1] - p.x[i]), 1e-9))
        ++kinks;
    CHECK(kinks == 4U);
    CHECK(conditions(torque_residual(d)).size() == kinks + (nearest ? std::size_t{2} : std::size_t{0}));
  }
}

TEST_CASE("rotational.NonlinearSpring: smooth table through the breakpoints, monotone, continuous slope") {
  for (const bool nearest : {false, true}) {
    CAPTURE(nearest);
    const Definition d = instantiate(kSpring, spring_table("smooth", nearest ? "nearest" : "linear"));
    const Law T = component_law(d);
    const auto& p = kTablePoints;
    for (std::size_t i = 0; i < p.x.size(); ++i) CHECK(T(p.x[i]) == doctest::Approx(p.y[i]).scale(1e-9));
    CHECK(T(0.0) == doctest::Approx(0.0).scale(1e-12));
    // Increasing data: increasing in between, never outside the two neighbours (no overshoot).
    for (std::size_t i = 0; i + 1 < p.x.size(); ++i) {
      double previous = T(p.x[i]);
      for (int k = 1; k <= 50; ++k) {
        const double theta = p.x[i] + (p.x[i + 1] - p.x[i]) * k / 50.0;
        const double t = T(theta);
        CHECK(t >= previous);
        CHECK(t >= p.y[i] - 1e-9);
        CHECK(t <= p.y[i + 1] + 1e-9);
        previous = t;
      }
    }
    // C¹ at the interior breakpoints: the slopes from the left and from the right agree.
    for (std::size_t i = 1; i + 1 < p.x.size(); ++i) {
      CAPTURE(p.x[i]);
      const auto [left, right] = one_sided_slopes(T, p.x[i], 1e-5);
      CHECK(near_rel(left, right, 1e-6, 1e3));
      CHECK(left > 0.0);
    }
    // At the ends: linear extrapolation continues the end slope of the cubic (C¹ there too);
    // nearest holds the end torque.
    for (const std::size_t end : {std::size_t{0}, p.x.size() - 1}) {
      CAPTURE(end);
      const double x_end = p.x[end], y_end = p.y[end];
      const double out = end == 0 ? -1.0 : 1.0;  // direction out of the table
      const auto [left, right] = one_sided_slopes(T, x_end, 1e-5);
      const double inner = end == 0 ? right : left;
      const double outer = end == 0 ? left : right;
      const double beyond = T(x_end + 0.8 * out);
      if (nearest) {
        CHECK(beyond == y_end);
        CHECK(outer == doctest::Approx(0.0).scale(1e-6));
      } else {
        CHECK(near_rel(outer, inner, 1e-6, 1e3));
        CHECK(beyond == doctest::Approx(y_end + inner * 0.8 * out).epsilon(1e-8));
      }
    }
    // No switch inside (C¹); the ends switch only with nearest extrapolation.
    CHECK(conditions(torque_residual(d)).size() == (nearest ? 2U : 0U));
  }
  // Monotone data with a steep middle: Fritsch–Carlson limiting keeps the flat ends flat (an
  // unlimited cubic through (−1, −100), (−0.1, −99), (0.1, 99) would overshoot below −100).
  const Definition steep = instantiate(
      kSpring, {{"parameterization", "table"},
                {"table", table_json("theta", {-1.0, -0.1, 0.1, 1.0}, {-100.0, -99.0, 99.0, 100.0})},
                {"interpolation", "smooth"}});
  const Law T = component_law(steep);
  for (int k = 0; k <= 200; ++k) {
    const double theta = -1.0 + 2.0 * k / 200.0;
    CAPTURE(theta);
    const double t = T(theta);
    if (theta <= -0.1) CHECK((t >= -100.0 - 1e-9 && t <= -99.0 + 1e-9));
    if (theta >= 0.1) CHECK((t >= 99.0 - 1e-9 && t <= 100.0 + 1e-9));
    if (k > 0) CHECK(t >= T(theta - 2.0 / 200.0));
  }
  CHECK(T(0.0) == doctest::Approx(0.0).scale(1e-12));
}

TEST_CASE("rotational.NonlinearSpring: the origin is added outside the table's range, and kept when given") {
  // All breakpoints positive: (0, 0) becomes the first point; below it the segment (0, 0)–(0.3, 100)
  // continues linearly.
  const Definition positive = instantiate(
      kSpring, {{"parameterization", "table"}, {"table", table_json("theta", {0.3, 0.7, 1.5}, {100.0, 400.0, 600.0})}});
  CHECK(torque(positive, 0.0) == 0.0);
  CHECK(torque(positive, 0.15) == doctest::Approx(50.0));
  CHECK(torque(positive, -0.6) == doctest::Approx(-200.0));
  CHECK(torque(positive, 1.1) == doctest::Approx(500.0));
  // All negative: (0, 0) becomes the last point; above it (−0.5, −100)–(0, 0) continues.
  const Definition negative = instantiate(
      kSpring, {{"parameterization", "table"}, {"table", table_json("theta", {-1.5, -0.5}, {-700.0, -100.0})}});
  CHECK(torque(negative, 0.0) == 0.0);
  CHECK(torque(negative, -0.25) == doctest::Approx(-50.0));
  CHECK(torque(negative, 0.4) == doctest::Approx(80.0));
  CHECK(torque(negative, -1.0) == doctest::Approx(-400.0));
  // A table with its own θ = 0 point is used as given: a preloaded spring, T(0) = 10.
  const Definition preload = instantiate(
      kSpring, {{"parameterization", "table"}, {"table", table_json("theta", {-1.0, 0.0, 1.0}, {-50.0, 10.0, 60.0})}});
  CHECK(torque(preload, 0.0) == doctest::Approx(10.0));
  CHECK(torque(preload, -0.5) == doctest::Approx(-20.0));
  CHECK(torque(preload, 0.5) == doctest::Approx(35.0));
}

// ---- NonlinearSpring: θ counted from the start ------------------------------------------------------

TEST_CASE("rotational.NonlinearSpring: θ = θinit + phi_rel − phi_rel_start, phi_rel_start fixed at the start") {
  const double theta_init = 0.3;
  const Definition d = instantiate(kSpring, {{"theta_init", theta_init}, {"k", coefficients(kK)}});
  // One initial parameter: phi_rel at the start time.
  REQUIRE(d.initial_parameters.size() == 1);
  const auto& start = d.initial_parameters[0];
  CHECK(start.local_name == "phi_rel_start");
  CHECK(start.symbol == Expr::parameter("x.phi_rel_start"));
  CHECK(start.value == Expr::variable("x.phi_rel"));
  CHECK(start.unit == "rad");
  const Expr r = equation(d, "deflection counted from the start");
  const Law T = [](double t) { return symmetric_law(kK, t); };

  // The seed's example: flanges that start at φR = 1 and φC = 0.2. The initialization sets
  // phi_rel_start to phi_rel there (0.8), so θ(t0) = θinit whatever the start angles are.
  Values t0 = spring_state(theta_init, 0.8, 1.0, 0.2, 0.0, 0.0, T);
  CHECK(value(*start.value, t0) == doctest::Approx(0.8));
  t0["x.theta"] = theta_init;
  CHECK(std::abs(value(r, t0)) <= 1e-15);
  // Any other θ at the start breaks the equation by the difference.
  Values off = t0;
  off["x.theta"] = theta_init + 0.01;
  CHECK(value(r, off) == doctest::Approx(0.01));
  // Later the flanges moved to φR = 1.5, φC = 0.1: θ = 0.3 + 1.4 − 0.8 = 0.9, and the torque follows.
  Values later = spring_state(theta_init, 0.8, 1.5, 0.1, 2.0, -1.0, T);
  CHECK(later.at("x.theta") == doctest::Approx(0.9));
  check_consistent(d, later, 1e3);
  CHECK(later.at("x.tau") == doctest::Approx(symmetric_law(kK, 0.9)));
  // θ moves with phi_rel and against the start value; θ̇ = w_rel, the start value is a constant.
  CHECK(value(diff(r, Expr::variable("x.theta")), later) == 1.0);
  CHECK(value(diff(r, Expr::variable("x.phi_rel")), later) == -1.0);
  CHECK(value(diff(r, Expr::parameter("x.phi_rel_start")), later) == 1.0);
  const Expr rate = time_derivative(r);
  CHECK(value(rate, {{"der(x.theta)", 3.0}, {"der(x.phi_rel)", 3.0}}) == 0.0);
  CHECK(value(rate, {{"der(x.theta)", 3.0}, {"der(x.phi_rel)", 2.0}}) == doctest::Approx(1.0));
  // The stored energy is zero at θ = 0, not at θinit.
  CHECK(stored(d, 0.0) == 0.0);
  CHECK(stored(d, theta_init) > 0.0);
  // θinit = 0 by default.
  const Definition plain = instantiate(kSpring);
  Values v = spring_state(0.0, 0.8, 1.0, 0.2, 0.0, 0.0, [](double t) { return 1.0e4 * t; });
  CHECK(std::abs(v.at("x.theta")) <= 1e-15);
  check_consistent(plain, v, 1e4);
}

// ---- NonlinearSpring: Jacobian -----------------------------------------------------------------

TEST_CASE("rotational.NonlinearSpring: ∂(torque equation)/∂θ equals central differences, next to every switch") {
  SUBCASE("symmetric with sign terms") {
    const Definition d = instantiate(kSpring, {{"k", coefficients(kK)}});
    const std::vector<double> switches = {0.0};
    check_law_jacobian(d, [](double t) { return symmetric_slope(kK, t); },
                       jacobian_points({-1.4, -0.6, -0.02, 0.03, 0.5, 1.3}, switches, 1.0), switches, 1.0, 1e3);
  }
  SUBCASE("two-sided: the slope jumps from k1c to k1t at 0") {
    const Definition d = instantiate(kSpring, two_sided_spring_params(kTension, kCompression));
    const std::vector<double> switches = {0.0};
    const Law slope = [](double t) { return spring_two_sided_slope(kTension, kCompression, t); };
    check_law_jacobian(d, slope, jacobian_points({-1.4, -0.6, 0.5, 1.3}, switches, 1.0), switches, 1.0, 1e3);
    const Expr J = diff(torque_residual(d), Expr::variable("x.theta"));
    CHECK(value(J, {{"x.theta", -1e-6}}) == doctest::Approx(-1500.0).epsilon(1e-5));
    CHECK(value(J, {{"x.theta", 1e-6}}) == doctest::Approx(-800.0).epsilon(1e-5));
  }
  SUBCASE("linear table: every breakpoint and both extrapolations") {
    for (const bool nearest : {false, true}) {
      CAPTURE(nearest);
      const Definition d = instantiate(kSpring, spring_table("linear", nearest ? "nearest" : "linear"));
      const std::vector<double>& switches = kTablePoints.x;
      const Law slope = [nearest](double t) { return linear_table_slope(kTablePoints, t, nearest); };
      check_law_jacobian(d, slope, jacobian_points({-2.0, -0.7, -0.1, 0.1, 0.4, 0.9, 2.0}, switches, 1.0), switches,
                         1.0, 1e3);
    }
  }
  SUBCASE("smooth table: every breakpoint, the slope continuous across the interior ones") {
    for (const bool nearest : {false, true}) {
      CAPTURE(nearest);
      const Definition d = instantiate(kSpring, spring_table("smooth", nearest ? "nearest" : "linear"));
      const std::vector<double>& switches = kTablePoints.x;
      check_law_jacobian(d, nullptr, jacobian_points({-2.0, -0.7, -0.1, 0.1, 0.4, 0.9, 2.0}, switches, 1.0),
                         switches, 1.0, 1e3);
      const Expr J = diff(torque_residual(d), Expr::variable("x.theta"));
      for (std::size_t i = 1; i + 1 < switches.size(); ++i) {
        CAPTURE(switches[i]);
        CHECK(near_rel(value(J, {{"x.theta", switches[i] - 1e-9}}), value(J, {{"x.theta", switches[i] + 1e-9}}), 1e-5,
                    1e3));
      }
    }
  }
}

// ---- NonlinearSpring: stored energy -------------------------------------------------------------

TEST_CASE("rotational.NonlinearSpring: stored energy is the exact integral of the torque") {
  struct Case {
    const char* name;
    json params;
    Law reference;              // the seed's T, or (smooth tables) the component's own T
    std::vector<double> cuts;   // where T changes formula or slope
  };
  const Definition smooth_linear = instantiate(kSpring, spring_table("smooth", "linear"));
  const Definition smooth_nearest = instantiate(kSpring, spring_table("smooth", "nearest"));
  const std::vector<Case> cases = {
      {"symmetric", {{"k", coefficients(kK)}}, [](double t) { return symmetric_law(kK, t); }, {0.0}},
      {"two_sided",
       {{"parameterization", "two_sided"},
        {"k_tension", coefficients(kTension)},
        {"k_compression", coefficients(kCompression)}},
       [](double t) { return spring_two_sided(kTension, kCompression, t); },
       {0.0}},
      {"table linear, linear extrapolation", spring_table("linear", "linear"),
       [](double t) { return linear_table(kTablePoints, t, false); }, kTablePoints.x},
      {"table linear, nearest extrapolation", spring_table("linear", "nearest"),
       [](double t) { return linear_table(kTablePoints, t, true); }, kTablePoints.x},
      {"table smooth, linear extrapolation", spring_table("smooth", "linear"), component_law(smooth_linear),
       kTablePoints.x},
      {"table smooth, nearest extrapolation", spring_table("smooth", "nearest"), component_law(smooth_nearest),
       kTablePoints.x},
      {"table on the positive side only",
       {{"parameterization", "table"}, {"table", table_json("theta", {0.3, 0.7, 1.5}, {100.0, 400.0, 600.0})},
        {"extrapolation", "nearest"}},
       [](double t) { return linear_table({{0.0, 0.3, 0.7, 1.5}, {0.0, 100.0, 400.0, 600.0}}, t, true); },
       {0.0, 0.3, 0.7, 1.5}},
      {"smooth table with a preload at θ = 0",
       {{"parameterization", "table"}, {"table", table_json("theta", {-1.0, 0.0, 1.0}, {-50.0, 10.0, 60.0})},
        {"interpolation", "smooth"}},
       nullptr,
       {-1.0, 0.0, 1.0}},
  };
  for (const Case& c : cases) {
    INFO("case: " << std::string(c.name));
    const Definition d = instantiate(kSpring, c.params);
    const Law T = c.reference ? c.reference : component_law(d);
    CHECK(stored(d, 0.0) == 0.0);
    for (double theta : {-2.3, -1.0, -0.65, -0.3, -0.12, -1e-3, 1e-3, 0.15, 0.2, 0.45, 0.6, 1.0, 1.2, 1.9, 2.6}) {
      CAPTURE(theta);
      const double quadrature = integral_from_zero(T, theta, c.cuts);
      CHECK(near_rel(stored(d, theta), quadrature, 1e-10));
      // and its slope is the torque: dE/dθ = T (what the power audit relies on)
      CHECK(near_rel(value(diff(d.stored_energy, Expr::variable("x.theta")), {{"x.theta", theta}}), torque(d, theta),
                  1e-12, 1e-9));
    }
  }
  // A spring stores energy on both sides: E > 0 for every θ ≠ 0 of a law with T·θ > 0.
  const Definition d = instantiate(kSpring, two_sided_spring_params(kTension, kCompression));
  CHECK(stored(d, -0.5) > 0.0);
  CHECK(stored(d, 0.5) > 0.0);
  // By hand, symmetric: 1000·0.125 + 300·(1/3)·0.125... at θ = 0.5: Σ kᵢ·0.5^(i+1)/(i+1).
  const Definition s = instantiate(kSpring, {{"k", coefficients(kK)}});
  const double by_hand = 1000.0 * 0.25 / 2 + 300.0 * 0.125 / 3 + 500.0 * 0.0625 / 4 + 120.0 * 0.03125 / 5 +
                         40.0 * 0.015625 / 6;
  CHECK(stored(s, 0.5) == doctest::Approx(by_hand).epsilon(1e-14));
  CHECK(stored(s, -0.5) == doctest::Approx(by_hand).epsilon(1e-14));
}

TEST_CASE("rotational.NonlinearSpring: the power audit is zero at consistent values in every parameterization") {
  const std::vector<json> params = {
      {{"k", coefficients(kK)}},
      {{"parameterization", "two_sided"}, {"k_tension", coefficients(kTension)},
       {"k_compression", coefficients(kCompression)}},
      spring_table("linear", "linear"),
      spring_table("linear", "nearest"),
      spring_table("smooth", "linear"),
      spring_table("smooth", "nearest"),
  };
  for (const json& p : params) {
    CAPTURE(p.dump());
    json with_init = p;
    with_init["theta_init"] = 0.15;
    const Definition d = instantiate(kSpring, with_init);
    for (double theta : {-1.8, -0.5, -1e-4, 0.1, 0.6, 1.7}) {
      CAPTURE(theta);
      const Values v = spring_at(theta, component_law(d), 0.15);
      check_consistent(d, v, 1e4);
      // port power T·(w_R − w_C) = dE/dt = T(θ)·θ̇, no loss
      const double power = v.at("x.tau") * v.at("x.w_rel");
      CHECK(std::abs(energy_audit(d, v)) <= 1e-13 * std::max(std::abs(power), 1.0));
      CHECK(value(d.loss_power, v) == 0.0);
      // A torque off by 1 N·m shows in the audit as 1 N·m times the speed at R.
      Values off = v;
      off["x.R.tau"] += 1.0;
      CHECK(energy_audit(d, off) == doctest::Approx(v.at("der(x.R.phi)")));
    }
  }
}

// ---- NonlinearDamper ---------------------------------------------------------------------------

TEST_CASE("rotational.NonlinearDamper: symmetric polynomial is seed 003's formula, and dissipates") {
  const Definition d = instantiate(kDamper, {{"b", coefficients(kB)}});
  // By hand, ω = 2: 200 + 80 + 40 + 24 + 8 = 352; odd in ω.
  CHECK(torque(d, 2.0) == doctest::Approx(352.0).epsilon(1e-14));
  CHECK(torque(d, -2.0) == doctest::Approx(-352.0).epsilon(1e-14));
  CHECK(torque(d, 0.0) == 0.0);
  for (double w : {-6.0, -1.3, -0.01, 0.02, 0.9, 3.5}) {
    CAPTURE(w);
    CHECK(torque(d, w) == doctest::Approx(symmetric_law(kB, w)).epsilon(1e-13));
    const Values v = damper_state(w + 0.4, 0.4, symmetric_law(kB, w));
    check_consistent(d, v, 1e4);
    CHECK(value(d.loss_power, v) > 0.0);
    CHECK(value(d.stored_energy, v) == 0.0);
  }
  const auto switches = conditions(torque_residual(d));
  REQUIRE(switches.size() == 1);
  CHECK(switches[0].indicator == Expr::variable("x.w_rel"));
  REQUIRE(d.notes.size() == 1);
  CHECK(d.notes[0].find("b2 or b4") != std::string::npos);
  // Positive ω (R faster than C): positive torque into R.
  CHECK(damper_state(3.0, 1.0, torque(d, 2.0)).at("x.R.tau") > 0.0);
}

TEST_CASE("rotational.NonlinearDamper: two-sided is Σ bᵢₙωⁱ for ω < 0, with no alternating signs") {
  const Definition d = instantiate(kDamper, two_sided_damper_params(kPositive, kNegative));
  // By hand: ω = 2: 200 + 80 + 40 + 0 + 32 = 352;
  // ω = −2: 150·(−2) + (−30)·4 + 8·(−8) + (−2)·16 + 0.5·(−32) = −532 (the spring's alternating
  // form would give −300 + 120 − 64 + 32 − 16 = −228).
  CHECK(torque(d, 2.0) == doctest::Approx(352.0).epsilon(1e-14));
  CHECK(torque(d, -2.0) == doctest::Approx(-532.0).epsilon(1e-14));
  CHECK(std::abs(torque(d, -2.0) - spring_two_sided(kPositive, kNegative, -2.0)) > 100.0);
  CHECK(torque(d, 0.0) == 0.0);
  for (double w : {-5.0, -0.8, -1e-6, 1e-6, 0.7, 4.0}) {
    CAPTURE(w);
    CHECK(torque(d, w) == doctest::Approx(damper_two_sided(kPositive, kNegative, w)).epsilon(1e-13));
    const Values v = damper_state(w - 1.0, -1.0, damper_two_sided(kPositive, kNegative, w));
    check_consistent(d, v, 1e4);
    CHECK(value(d.loss_power, v) > 0.0);
  }
  CHECK(conditions(torque_residual(d)).size() == 1);
  // These b_negative dissipate (even terms ≤ 0): no note. A positive b2n generates power for ω < 0,
  // and check says so.
  CHECK(d.notes.empty());
  const Definition pumping = instantiate(kDamper, {{"parameterization", "two_sided"},
                                                   {"b_positive", coefficients(kPositive)},
                                                   {"b_negative", json{10.0, 30.0, 0.0, 0.0, 0.0}}});
  const double w = -2.0, T = 10.0 * w + 30.0 * w * w;  // −20 + 120 = 100 > 0 while ω < 0
  CHECK(torque(pumping, w) == doctest::Approx(T));
  CHECK(value(pumping.loss_power, damper_state(w, 0.0, T)) < 0.0);
  REQUIRE(pumping.notes.size() == 1);
  CHECK(pumping.notes[0].find("b_negative") != std::string::npos);
}

TEST_CASE("rotational.NonlinearDamper: tables in ω, (0, 0) added, linear and smooth, both extrapolations") {
  for (const bool nearest : {false, true}) {
    CAPTURE(nearest);
    const Definition d = instantiate(kDamper, damper_table("linear", nearest ? "nearest" : "linear"));
    for (double w : {-7.0, -4.0, -2.5, -1.0, -0.4, 0.0, 0.25, 0.5, 1.2, 2.0, 3.0, 5.0, 9.0}) {
      CAPTURE(w);
      CHECK(torque(d, w) == doctest::Approx(linear_table(kWPoints, w, nearest)).epsilon(1e-13));
    }
    // The origin's neighbours: T(−0.5) = −60, T(0.25) = 20.
    CHECK(torque(d, -0.5) == doctest::Approx(-60.0));
    CHECK(torque(d, 0.25) == doctest::Approx(20.0));
    CHECK(torque(d, 9.0) == doctest::Approx(nearest ? 150.0 : 150.0 + 4.0 * 20.0));
    check_consistent(d, damper_state(1.2, 0.0, linear_table(kWPoints, 1.2, nearest)), 1e3);

    const Definition s = instantiate(kDamper, damper_table("smooth", nearest ? "nearest" : "linear"));
    const Law T = component_law(s);
    for (std::size_t i = 0; i < kWPoints.x.size(); ++i)
      CHECK(T(kWPoints.x[i]) == doctest::Approx(kWPoints.y[i]).scale(1e-9));
    for (std::size_t i = 0; i + 1 < kWPoints.x.size(); ++i) {
      for (int k = 1; k < 20; ++k) {
        const double w = kWPoints.x[i] + (kWPoints.x[i + 1] - kWPoints.x[i]) * k / 20.0;
        CHECK(T(w) > T(kWPoints.x[i] + (kWPoints.x[i + 1] - kWPoints.x[i]) * (k - 1) / 20.0));
        CHECK(T(w) * w > 0.0);  // dissipative everywhere
      }
    }
    for (std::size_t i = 1; i + 1 < kWPoints.x.size(); ++i) {
      const auto [left, right] = one_sided_slopes(T, kWPoints.x[i], 1e-5);
      CHECK(near_rel(left, right, 1e-6, 100.0));
    }
    CHECK(T(9.0) == doctest::Approx(nearest ? 150.0 : 150.0 + 4.0 * one_sided_slopes(T, 5.0, 1e-5).first)
                        .epsilon(1e-8));
  }
}

TEST_CASE("rotational.NonlinearDamper: ∂(torque equation)/∂w_rel equals central differences, next to every switch") {
  SUBCASE("symmetric") {
    const Definition d = instantiate(kDamper, {{"b", coefficients(kB)}});
    const std::vector<double> switches = {0.0};
    check_law_jacobian(d, [](double w) { return symmetric_slope(kB, w); },
                       jacobian_points({-5.0, -0.7, 0.04, 2.5}, switches, 1.0), switches, 1.0, 100.0);
  }
  SUBCASE("two-sided") {
    const Definition d = instantiate(kDamper, two_sided_damper_params(kPositive, kNegative));
    const std::vector<double> switches = {0.0};
    check_law_jacobian(d, [](double w) { return damper_two_sided_slope(kPositive, kNegative, w); },
                       jacobian_points({-5.0, -0.7, 0.04, 2.5}, switches, 1.0), switches, 1.0, 100.0);
  }
  SUBCASE("tables") {
    for (const char* interpolation : {"linear", "smooth"}) {
      for (const bool nearest : {false, true}) {
        INFO("interpolation: " << std::string(interpolation));
        CAPTURE(nearest);
        const Definition d = instantiate(kDamper, damper_table(interpolation, nearest ? "nearest" : "linear"));
        const bool linear = std::string(interpolation) == "linear";
        const Law slope = [nearest](double w) { return linear_table_slope(kWPoints, w, nearest); };
        check_law_jacobian(d, linear ? slope : Law{},
                           jacobian_points({-6.0, -2.0, -0.3, 0.3, 1.0, 3.0, 7.0}, kWPoints.x, 1.0), kWPoints.x, 1.0,
                           100.0);
      }
    }
  }
}

TEST_CASE("rotational.NonlinearDamper: the power audit is zero, the loss is T·ω") {
  const std::vector<json> params = {
      {{"b", coefficients(kB)}},
      {{"parameterization", "two_sided"}, {"b_positive", coefficients(kPositive)},
       {"b_negative", coefficients(kNegative)}},
      damper_table("linear", "nearest"),
      damper_table("smooth", "linear"),
  };
  for (const json& p : params) {
    CAPTURE(p.dump());
    const Definition d = instantiate(kDamper, p);
    for (double w : {-4.5, -0.3, 0.6, 2.5}) {
      CAPTURE(w);
      const Values v = damper_state(w + 1.5, 1.5, torque(d, w));
      check_consistent(d, v, 1e3);
      CHECK(value(d.loss_power, v) == doctest::Approx(torque(d, w) * w).epsilon(1e-14));
      CHECK(std::abs(energy_audit(d, v)) <= 1e-13 * std::abs(torque(d, w) * w));
      Values off = v;
      off["x.C.tau"] += 1.0;
      CHECK(energy_audit(d, off) == doctest::Approx(v.at("der(x.C.phi)")));
    }
  }
}

// ---- VariableDamper ------------------------------------------------------------------------------

TEST_CASE("rotational.VariableDamper: T = max(B, b_min)·ω, positive ω gives positive torque into R") {
  const double b_min = 2.0;
  const Definition d = instantiate(kVariable, {{"b_min", b_min}});
  // Above b_min: T = B·ω.
  Values v = damper_state(3.0, 1.0, 5.0 * 2.0, 5.0);
  check_consistent(d, v, 10.0);
  CHECK(v.at("x.R.tau") == 10.0);
  CHECK(v.at("x.C.tau") == -10.0);
  CHECK(value(d.loss_power, v) == doctest::Approx(20.0));
  CHECK(energy_audit(d, v) == doctest::Approx(0.0).scale(1e-12));
  // Below b_min (and negative B) the clamp holds: T = b_min·ω, never along the motion.
  for (double B : {1.999, 0.5, 0.0, -3.0}) {
    CAPTURE(B);
    CHECK(torque(d, 2.0, B) == doctest::Approx(2.0 * b_min));
    CHECK(torque(d, -1.5, B) == doctest::Approx(-1.5 * b_min));
    Values u = damper_state(-0.5, 1.0, -1.5 * b_min, B);
    check_consistent(d, u, 10.0);
    CHECK(value(d.loss_power, u) == doctest::Approx(b_min * 1.5 * 1.5));
    CHECK(energy_audit(d, u) == doctest::Approx(0.0).scale(1e-12));
  }
  for (double B : {2.0, 2.001, 7.5}) CHECK(torque(d, -1.5, B) == doctest::Approx(-1.5 * B));
  // Negative ω: torque into R negative; the loss stays positive.
  CHECK(torque(d, -4.0, 3.0) == doctest::Approx(-12.0));
  // A wrong torque shows in the audit.
  Values off = v;
  off["x.R.tau"] += 1.0;
  CHECK(energy_audit(d, off) == doctest::Approx(3.0));
  // One switch, where B crosses b_min.
  const auto switches = conditions(torque_residual(d));
  REQUIRE(switches.size() == 1);
  CHECK(std::abs(value(switches[0].indicator, {{"x.B", 2.5}})) == doctest::Approx(0.5));
  CHECK(d.notes.empty());
}

TEST_CASE("rotational.VariableDamper: ∂/∂w_rel and ∂/∂B equal central differences, next to b_min") {
  for (const double b_min : {0.0, 2.0}) {
    CAPTURE(b_min);
    const Definition d = instantiate(kVariable, {{"b_min", b_min}});
    const Expr r = torque_residual(d);
    const double scale = std::max(b_min, 1.0);
    for (double B : {b_min - 1.5, b_min - 1e-6 * scale, b_min + 1e-6 * scale, b_min + 3.0}) {
      for (double w : {-2.5, -1e-3, 0.8}) {
        CAPTURE(B);
        CAPTURE(w);
        const Values at = {{"x.tau", 0.0}, {"x.w_rel", w}, {"x.B", B}};
        const double effective = std::max(B, b_min);
        const Partial dw = partial(r, "x.w_rel", at, 1e-6 * std::max(std::abs(w), 1.0));
        CHECK(near_rel(dw.symbolic, dw.central, 1e-6, scale));
        CHECK(dw.symbolic == doctest::Approx(-effective));
        const Partial dB = partial(r, "x.B", at, step_at(B, scale, {b_min}));
        CHECK(near_rel(dB.symbolic, dB.central, 1e-6, std::abs(w)));
        CHECK(dB.symbolic == (B > b_min ? doctest::Approx(-w) : doctest::Approx(0.0)));
      }
    }
  }
}

// ---- validation ----------------------------------------------------------------------------------

TEST_CASE("seed rotational components: parameter validation names the parameter") {
  const json two_sided = {{"parameterization", "two_sided"}};
  auto with = [](json p, const char* key, json v) {
    p[key] = std::move(v);
    return p;
  };
  // wrong coefficient count
  CHECK_THROWS_WITH_AS(instantiate(kSpring, {{"k", {1.0, 2.0, 3.0}}}, "spring1"),
                       "/components/spring1/params/k: k must have 5 coefficients (k1..k5), got 3", ModelError);
  CHECK_THROWS_WITH_AS(instantiate(kSpring, with(two_sided, "k_tension", {1.0, 2.0, 3.0, 4.0}), "spring1"),
                       "/components/spring1/params/k_tension: k_tension must have 5 coefficients "
                       "(k_tension1..k_tension5), got 4",
                       ModelError);
  CHECK_THROWS_WITH_AS(instantiate(kDamper, with(two_sided, "b_negative", {1.0, 2.0, 3.0, 4.0, 5.0, 6.0}), "damper1"),
                       "/components/damper1/params/b_negative: b_negative must have 5 coefficients "
                       "(b_negative1..b_negative5), got 6",
                       ModelError);
  // unknown parameterization: the bad value quoted, the valid ones listed
  CHECK_THROWS_WITH_AS(instantiate(kSpring, {{"parameterization", "polynomial"}}, "spring1"),
                       "/components/spring1/params/parameterization: parameterization must be one of \"symmetric\", "
                       "\"two_sided\", \"table\", got \"polynomial\"",
                       ModelError);
  CHECK_THROWS_WITH_AS(instantiate(kDamper, {{"parameterization", "lookup"}}, "damper1"),
                       "/components/damper1/params/parameterization: parameterization must be one of \"symmetric\", "
                       "\"two_sided\", \"table\", got \"lookup\"",
                       ModelError);
  // a parameter of another parameterization
  CHECK_THROWS_WITH_AS(instantiate(kSpring, {{"k_tension", coefficients(kTension)}}, "spring1"),
                       "/components/spring1/params/k_tension: k_tension belongs to parameterization \"two_sided\", "
                       "but parameterization is \"symmetric\"",
                       ModelError);
  CHECK_THROWS_WITH_AS(instantiate(kSpring, with(two_sided, "k", coefficients(kK)), "spring1"),
                       "/components/spring1/params/k: k belongs to parameterization \"symmetric\", but "
                       "parameterization is \"two_sided\"",
                       ModelError);
  CHECK_THROWS_WITH_AS(instantiate(kDamper, with(two_sided, "interpolation", "smooth"), "damper1"),
                       "/components/damper1/params/interpolation: interpolation belongs to parameterization "
                       "\"table\", but parameterization is \"two_sided\"",
                       ModelError);
  CHECK_THROWS_WITH_AS(instantiate(kDamper, {{"table", table_json("w", {-1.0, 1.0}, {-1.0, 1.0})}}, "damper1"),
                       "/components/damper1/params/table: table belongs to parameterization \"table\", but "
                       "parameterization is \"symmetric\"",
                       ModelError);
  // tables
  const json table = {{"parameterization", "table"}};
  CHECK_THROWS_WITH_AS(instantiate(kSpring, with(table, "table", table_json("theta", {0.5}, {10.0})), "spring1"),
                       "/components/spring1/params/table: table spring1.table: needs at least two points", ModelError);
  CHECK_THROWS_WITH_AS(
      instantiate(kSpring, with(table, "table", table_json("theta", {-1.0, 0.5, 1.0}, {-10.0, 10.0})), "spring1"),
      "/components/spring1/params/table: table spring1.table: breakpoints and values differ in length (3 and 2)",
      ModelError);
  CHECK_THROWS_WITH_AS(instantiate(kDamper,
                                   with(table, "table",
                                        table_json("w", {-1.0, 0.5, 1.0},
                                                   {-10.0, std::numeric_limits<double>::infinity(), 20.0})),
                                   "damper1"),
                       "/components/damper1/params/table: table damper1.table: point 1 is not finite", ModelError);
  CHECK_THROWS_WITH_AS(
      instantiate(kSpring, with(table, "table", table_json("theta", {-1.0, 0.5, 0.5}, {-10.0, 10.0, 20.0})), "spring1"),
      "/components/spring1/params/table: table spring1.table: breakpoints must be strictly increasing (point 2)",
      ModelError);
  CHECK_THROWS_WITH_AS(
      instantiate(kDamper, with(table, "table", table_json("w", {1.0, -1.0}, {10.0, -10.0})), "damper1"),
      "/components/damper1/params/table: table damper1.table: breakpoints must be strictly increasing (point 1)",
      ModelError);
  CHECK_THROWS_WITH_AS(instantiate(kSpring, table, "spring1"),
                       "/components/spring1/params/table: parameterization \"table\" needs a table: { \"theta\": "
                       "[...], \"torque\": [...] }",
                       ModelError);
  CHECK_THROWS_WITH_AS(instantiate(kDamper, table, "damper1"),
                       "/components/damper1/params/table: parameterization \"table\" needs a table: { \"w\": [...], "
                       "\"torque\": [...] }",
                       ModelError);
  // a damper's table is in "w", not "theta"
  CHECK_THROWS_WITH_AS(
      instantiate(kDamper, with(table, "table", table_json("theta", {-1.0, 1.0}, {-1.0, 1.0})), "damper1"),
      "/components/damper1/params/table/theta: unknown key \"theta\" in \"table\"; valid: \"w\", \"torque\" "
      "(interpolation and extrapolation are parameters of their own)",
      ModelError);
  // non-finite numbers elsewhere
  CHECK_THROWS_WITH_AS(
      instantiate(kSpring, {{"k", {1.0, std::numeric_limits<double>::quiet_NaN(), 0.0, 0.0, 0.0}}}, "spring1"),
      "/components/spring1/params/k/1: k2 is not a finite number", ModelError);
  CHECK_THROWS_WITH_AS(instantiate(kSpring, {{"theta_init", std::numeric_limits<double>::infinity()}}, "spring1"),
                       "/components/spring1/params/theta_init: theta_init is not a finite number", ModelError);
  // interpolation and extrapolation words
  CHECK_THROWS_WITH_AS(instantiate(kSpring, with(spring_table("linear", "linear"), "interpolation", "cubic"), "s1"),
                       "/components/s1/params/interpolation: interpolation must be one of \"linear\", "
                       "\"smooth\", got \"cubic\"",
                       ModelError);
  CHECK_THROWS_WITH_AS(instantiate(kDamper, with(damper_table("linear", "linear"), "extrapolation", "constant"),
                                   "damper1"),
                       "/components/damper1/params/extrapolation: extrapolation must be one of \"linear\", "
                       "\"nearest\", got \"constant\"",
                       ModelError);
  // b_min
  CHECK_THROWS_WITH_AS(instantiate(kVariable, {{"b_min", -0.5}}, "vd"),
                       "/components/vd/params/b_min: b_min must not be negative, got -0.5", ModelError);
  CHECK_THROWS_WITH_AS(instantiate(kVariable, {{"b_min", std::numeric_limits<double>::quiet_NaN()}}, "vd"),
                       "/components/vd/params/b_min: b_min is not a finite number", ModelError);
  CHECK_NOTHROW(instantiate(kVariable, {{"b_min", 0.0}}, "vd"));
  // unknown parameters list the valid names
  CHECK_THROWS_WITH_AS(instantiate(kDamper, {{"theta_init", 0.1}}, "damper1"),
                       "/components/damper1/params/theta_init: unknown parameter \"theta_init\" of "
                       "rotational.NonlinearDamper; valid: parameterization, b, b_positive, b_negative, "
                       "interpolation, extrapolation, table, use_heat_port",
                       ModelError);
  // and the good ones pass, units included
  CHECK_NOTHROW(instantiate(kSpring, {{"k", {"30 N*m/deg", 0.0, 0.0, 0.0, 0.0}}, {"theta_init", "-5 deg"}}));
  CHECK_NOTHROW(instantiate(kDamper, damper_table("smooth", "nearest")));
}

// ---- equivalences --------------------------------------------------------------------------------

TEST_CASE("equivalences: a spring with only k1 is rotational.Spring, a damper with only b1 is rotational.Damper") {
  const double c = 2500.0;
  const Definition nonlinear = instantiate(kSpring, {{"k", {c, 0.0, 0.0, 0.0, 0.0}}});
  const Definition linear = instantiate("rotational.Spring", {{"c", c}});
  // At arbitrary (inconsistent) values: the four port equations agree one by one, Hooke's law with
  // the torque equation (θinit = 0 and started at phi_rel = 0, so θ = phi_rel), and the energies.
  for (double phi_rel : {-0.8, 0.0, 0.35}) {
    CAPTURE(phi_rel);
    Values v{{"x.R.phi", 0.2 + phi_rel}, {"x.C.phi", 0.2},      {"x.phi_rel", phi_rel},   {"x.w_rel", 1.3},
             {"x.tau", 17.0},            {"x.R.tau", 16.0},     {"x.C.tau", -18.5},       {"der(x.R.phi)", 0.4},
             {"der(x.C.phi)", -0.9},     {"x.theta", phi_rel},  {"x.phi_rel_start", 0.0}, {"der(x.theta)", 1.3},
             {"der(x.phi_rel)", 1.3}};
    const std::vector<double> a = residuals(nonlinear, v), b = residuals(linear, v);
    REQUIRE(a.size() == 6U);
    REQUIRE(b.size() == 5U);
    for (std::size_t i = 0; i < 4; ++i) CHECK(a[i] == doctest::Approx(b[i]));
    CHECK(a[4] == doctest::Approx(0.0));  // θ = phi_rel
    CHECK(a[5] == doctest::Approx(b[4]));
    CHECK(value(nonlinear.stored_energy, v) == doctest::Approx(value(linear.stored_energy, v)));
    CHECK(energy_audit(nonlinear, v) == doctest::Approx(energy_audit(linear, v)));
  }
  const double dd = 40.0;
  const Definition nd = instantiate(kDamper, {{"b", {dd, 0.0, 0.0, 0.0, 0.0}}});
  const Definition ld = instantiate("rotational.Damper", {{"d", dd}});
  for (double w : {-3.0, 0.0, 1.7}) {
    CAPTURE(w);
    const Values v = damper_state(w + 0.5, 0.5, 12.0);  // torque deliberately not 40·w
    const std::vector<double> a = residuals(nd, v), b = residuals(ld, v);
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) CHECK(a[i] == doctest::Approx(b[i]).epsilon(1e-14));
    CHECK(value(nd.loss_power, v) == doctest::Approx(value(ld.loss_power, v)));
  }
}

TEST_CASE("equivalences: two-sided with equal sets is the symmetric law") {
  // The spring's compression form alternates exactly like sign(θ) in the symmetric law, so equal
  // sets give the symmetric spring even with k2, k4 ≠ 0.
  const Definition two = instantiate(kSpring, two_sided_spring_params(kK, kK));
  const Definition sym = instantiate(kSpring, {{"k", coefficients(kK)}});
  for (double theta : {-1.5, -0.4, -1e-6, 1e-6, 0.4, 1.5}) {
    CAPTURE(theta);
    CHECK(torque(two, theta) == doctest::Approx(torque(sym, theta)).epsilon(1e-14));
    CHECK(torque(two, -theta) == doctest::Approx(-torque(sym, theta)).epsilon(1e-14));
    CHECK(stored(two, theta) == doctest::Approx(stored(sym, theta)).epsilon(1e-14));
  }
  // The damper's negative form does not alternate: equal sets equal the symmetric law for an odd
  // polynomial; with even terms, b_negative = [b1, −b2, b3, −b4, b5] does.
  const Coefficients odd = {100.0, 0.0, 5.0, 0.0, 0.25};
  const Definition dtwo = instantiate(kDamper, two_sided_damper_params(odd, odd));
  const Definition dsym = instantiate(kDamper, {{"b", coefficients(odd)}});
  const Coefficients mirrored = {kB[0], -kB[1], kB[2], -kB[3], kB[4]};
  const Definition deven = instantiate(kDamper, two_sided_damper_params(kB, mirrored));
  const Definition dsym_even = instantiate(kDamper, {{"b", coefficients(kB)}});
  const Definition dequal_even = instantiate(kDamper, two_sided_damper_params(kB, kB));
  for (double w : {-4.0, -0.3, -1e-6, 1e-6, 0.3, 4.0}) {
    CAPTURE(w);
    CHECK(torque(dtwo, w) == doctest::Approx(torque(dsym, w)).epsilon(1e-14));
    CHECK(torque(deven, w) == doctest::Approx(torque(dsym_even, w)).epsilon(1e-14));
  }
  // ... and equal sets with even terms do not: at ω = −1 they differ by 2·(b2 + b4).
  CHECK(torque(dequal_even, -1.0) - torque(dsym_even, -1.0) == doctest::Approx(2.0 * (kB[1] + kB[3])));
}

TEST_CASE("equivalences: a table of collinear points is the linear law, any interpolation") {
  const double c = 800.0;
  const std::vector<double> theta = {-2.0, -0.5, 0.25, 1.0, 3.0};
  std::vector<double> torque_c;
  for (double t : theta) torque_c.push_back(c * t);
  for (const char* interpolation : {"linear", "smooth"}) {
    INFO("interpolation: " << std::string(interpolation));
    const Definition d = instantiate(kSpring, {{"parameterization", "table"},
                                               {"table", table_json("theta", theta, torque_c)},
                                               {"interpolation", interpolation}});
    const Definition spring = instantiate("rotational.Spring", {{"c", c}});
    for (double t : {-4.0, -2.0, -1.1, -0.5, 0.1, 0.25, 0.6, 1.0, 2.2, 3.0, 5.0}) {
      CAPTURE(t);
      CHECK(torque(d, t) == doctest::Approx(c * t).epsilon(1e-13));
      CHECK(stored(d, t) == doctest::Approx(value(spring.stored_energy, {{"x.phi_rel", t}})).epsilon(1e-13));
    }
    // Collinear points make no kink: no switch at all.
    CHECK(conditions(torque_residual(d)).empty());
    const Definition damper = instantiate(kDamper, {{"parameterization", "table"},
                                                    {"table", table_json("w", theta, torque_c)},
                                                    {"interpolation", interpolation}});
    const Definition linear_damper = instantiate("rotational.Damper", {{"d", c}});
    for (double w : {-4.0, -0.7, 0.0, 0.3, 4.0}) {
      const Values v = damper_state(w, 0.0, 3.0);
      const std::vector<double> a = residuals(damper, v), b = residuals(linear_damper, v);
      REQUIRE(a.size() == b.size());
      for (std::size_t i = 0; i < a.size(); ++i) CHECK(a[i] == doctest::Approx(b[i]).epsilon(1e-13));
    }
    CHECK(conditions(torque_residual(damper)).empty());
  }
}
