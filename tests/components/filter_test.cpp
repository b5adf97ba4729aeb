// signal.Filter (MSL's Continuous.Filter): its poles against the closed forms, step responses of
// first- and second-order filters against theirs, a high pass's rejection of a constant, the band
// filters at their centre frequency, the prototypes against MSL's published coefficients, and the
// parameter errors.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <numbers>
#include <string>
#include <vector>

#include <Eigen/Eigenvalues>

#include "components/signal/filter_coefficients.hpp"
#include "core/model/errors.hpp"
#include "core/model/netlist.hpp"
#include "solver/linearization.hpp"
#include "solver/simulator.hpp"
#include "tests/support/compiled_netlist.hpp"
#include "tests/support/component_harness.hpp"
#include "tests/support/simulation_run.hpp"

using namespace acausal;
using namespace acausal::testing;
namespace filter = acausal::signal_components::filter;

namespace {

constexpr double kPi = std::numbers::pi;

/// A netlist of a filter with the given parameters (JSON text of its "params") driven by `source`
/// (a component entry named "source" with output y).
std::string filter_netlist(const std::string& params, const std::string& source, double stop, double interval,
                           double tolerance = 1e-10) {
  return R"({
    "format": "acausal/1", "name": "filter",
    "components": {
      "source": )" + source + R"(,
      "filter": { "type": "signal.Filter", "params": )" + params + R"( }
    },
    "connections": [["source.y", "filter.u"]],
    "experiment": { "start": 0, "stop": )" + json_number(stop) + R"(, "interval": )" + json_number(interval) +
         R"(, "tolerance": )" + json_number(tolerance) + R"( }
  })";
}

/// The eigenvalues of the linearized filter, by increasing imaginary part, then real part.
std::vector<std::complex<double>> poles(const std::string& params) {
  const CompiledNetlist c = compile_netlist(
      parse_netlist(filter_netlist(params, R"({ "type": "signal.Constant", "params": { "k": 1 } })", 1.0, 0.1)));
  Simulator sim(*c.program, {.stop = 1.0});
  const Linearization lin = linearize(sim);
  const Eigen::VectorXcd e = Eigen::EigenSolver<Eigen::MatrixXd>(lin.A, false).eigenvalues();
  std::vector<std::complex<double>> out(e.data(), e.data() + e.size());
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
    return a.imag() != b.imag() ? a.imag() < b.imag() : a.real() < b.real();
  });
  return out;
}

/// The largest |y(t) − expected(t)| over the output rows from `from` on.
template <typename F>
double largest_error(const SimulationRun& run, const std::string& column, double from, const F& expected) {
  const std::vector<double> t = run.times(), y = run.column(column);
  double largest = 0.0;
  for (std::size_t k = 0; k < t.size(); ++k)
    if (t[k] >= from) largest = std::max(largest, std::abs(y[k] - expected(t[k])));
  return largest;
}

}  // namespace

TEST_CASE("signal.Filter: the Butterworth poles are on the circle of radius 2*pi*f_cut") {
  // Poles of the order-n Butterworth low pass: ω·exp(j·π·(1/2 + (2k − 1)/(2n))), k = 1..n; the high
  // pass (p = ω/s) has the same set, the circle mapped onto itself.
  for (const char* type : {"LowPass", "HighPass"})
    for (int n : {4, 5}) {
      CAPTURE(type);
      CAPTURE(n);
      const double w = 2.0 * kPi * 3.0;
      const std::vector<std::complex<double>> p = poles(R"({ "analog_filter": "Butterworth", "filter_type": ")" +
                                                        std::string(type) + R"(", "order": )" + std::to_string(n) +
                                                        R"(, "f_cut": "3 Hz", "init": "initial_state" })");
      std::vector<std::complex<double>> expected;
      for (int k = 1; k <= n; ++k) expected.push_back(std::polar(w, kPi * (0.5 + (2.0 * k - 1.0) / (2.0 * n))));
      std::sort(expected.begin(), expected.end(), [](const auto& a, const auto& b) {
        return a.imag() != b.imag() ? a.imag() < b.imag() : a.real() < b.real();
      });
      REQUIRE(p.size() == expected.size());
      for (std::size_t k = 0; k < p.size(); ++k) {
        CHECK(std::abs(p[k] - expected[k]) <= 1e-9 * w);
        CHECK(std::abs(p[k]) == doctest::Approx(w).epsilon(1e-12));
      }
    }
}

TEST_CASE("signal.Filter: the poles of the example's filters are MSL's") {
  // Modelica.Blocks.Examples.Filter at f_cut = 2 Hz, order 3, normalized (the real pole r and the
  // pair a ± j·b as tests/reference/data/Blocks_Filter/model.md lists them).
  struct Case {
    const char* analog;
    double r, a, b;
  };
  for (const Case& c : {Case{"Bessel", -16.647342, -13.182806, 12.576851},
                        Case{"Butterworth", -12.566371, -6.283185, 10.882796},
                        Case{"ChebyshevI", -6.745880, -3.372940, 11.004436},
                        Case{"CriticalDamping", -24.695767, -24.695767, 0.0}}) {
    CAPTURE(c.analog);
    const std::vector<std::complex<double>> p =
        poles(R"({ "analog_filter": ")" + std::string(c.analog) + R"(", "order": 3, "f_cut": "2 Hz" })");
    REQUIRE(p.size() == 3);
    if (c.b == 0.0) {
      // A triple pole at −2π·f_cut/α, α = √(10^(3/(10·3)) − 1): the eigenvalues of the defective
      // matrix are found to about ε^(1/3) only, their sum (the trace) exactly.
      const double r = -2.0 * kPi * 2.0 / std::sqrt(std::pow(10.0, 0.1) - 1.0);
      CHECK(r == doctest::Approx(c.r).epsilon(1e-7));
      CHECK((p[0] + p[1] + p[2]).real() / 3.0 == doctest::Approx(r).epsilon(1e-12));
      continue;
    }
    CHECK(p[0].real() == doctest::Approx(c.a).epsilon(1e-6));
    CHECK(p[0].imag() == doctest::Approx(-c.b).epsilon(1e-6));
    CHECK(p[2].imag() == doctest::Approx(c.b).epsilon(1e-6));
    CHECK(p[1].real() == doctest::Approx(c.r).epsilon(1e-6));
  }
}

TEST_CASE("signal.Filter: the Bessel prototype of order 3 has MSL's tabulated coefficients") {
  // MSL's BesselBaseCoefficients(3): d = 0.7548574865985343, (b2, b1) = (0.4756958028827457,
  // 0.9980615136104388), normalized; unnormalized, p → 0.5704770156982642·p.
  const filter::Prototype p = filter::prototype(filter::Analog::Bessel, 3, 0.5, true);
  REQUIRE(p.first.size() == 1);
  REQUIRE(p.second.size() == 1);
  CHECK(p.first[0] == doctest::Approx(0.7548574865985343).epsilon(1e-14));
  CHECK(p.second[0].b2 == doctest::Approx(0.4756958028827457).epsilon(1e-14));
  CHECK(p.second[0].b1 == doctest::Approx(0.9980615136104388).epsilon(1e-14));
  const filter::Prototype u = filter::prototype(filter::Analog::Bessel, 3, 0.5, false);
  CHECK(u.first[0] / p.first[0] == doctest::Approx(0.5704770156982642).epsilon(1e-14));
  // Unnormalized it is 15/(s³ + 6s² + 15s + 15), the reverse Bessel polynomial, whose roots multiply
  // to −15: the real root −1/d times the pair's |root|² = 1/b2.
  CHECK((-1.0 / u.first[0]) * (1.0 / u.second[0].b2) == doctest::Approx(-15.0).epsilon(1e-13));
  // Every normalized prototype is −3 dB at 1 rad/s: 1/|H(j)|² = 10^0.3.
  for (filter::Analog a : {filter::Analog::Bessel, filter::Analog::ChebyshevI, filter::Analog::CriticalDamping})
    for (int n = 1; n <= filter::kMaxBesselOrder; ++n) {
      const filter::Prototype q = filter::prototype(a, n, 0.5, true);
      double inverse = 1.0;
      for (double d : q.first) inverse *= 1.0 + d * d;
      for (const auto& s : q.second) inverse *= (1.0 - s.b2) * (1.0 - s.b2) + s.b1 * s.b1;
      CAPTURE(n);
      CHECK(inverse == doctest::Approx(std::pow(10.0, 0.3)).epsilon(1e-12));
    }
}

TEST_CASE("signal.Filter: a first-order low pass follows a step as 1 - exp(-w*t)") {
  // CriticalDamping of order 1, unnormalized: one pole at −ω = −2π·2 Hz; gain 3. In steady state at
  // u = 0.5 until the step to 1.5 at 0.2 s: y = 3·(1.5 − exp(−ω·(t − 0.2))).
  const auto run = simulate_netlist(filter_netlist(
      R"({ "order": 1, "f_cut": "2 Hz", "normalized": false, "gain": 3 })",
      R"({ "type": "signal.Step", "params": { "height": 1, "offset": 0.5, "start_time": 0.2 } })", 1.0, 0.001));
  const double w = 2.0 * kPi * 2.0;
  const double error = largest_error(*run, "filter.y", 0.0, [&](double t) {
    return t < 0.2 ? 1.5 : 3.0 * (1.5 - std::exp(-w * (t - 0.2)));
  });
  MESSAGE("first-order step response: largest error " << error);
  CHECK(error <= 1e-8);
}

TEST_CASE("signal.Filter: a second-order Butterworth low pass follows a step as the closed form") {
  // Butterworth of order 2 at 1.5 Hz: ω²/(s² + √2·ω·s + ω²), damping ζ = 1/√2, from rest (the
  // initial state 0) under u = 1 from t = 0: y = 1 − exp(−ζωt)·(cos(ω_d·t) + ζ/√(1 − ζ²)·sin(ω_d·t)),
  // ω_d = ω·√(1 − ζ²); the pair's output state x[2] is y.
  const auto run = simulate_netlist(filter_netlist(
      R"({ "analog_filter": "Butterworth", "order": 2, "f_cut": "1.5 Hz", "init": "initial_state" })",
      R"({ "type": "signal.Constant", "params": { "k": 1 } })", 2.0, 0.001));
  const double w = 2.0 * kPi * 1.5, zeta = 1.0 / std::sqrt(2.0), wd = w * std::sqrt(1.0 - zeta * zeta);
  const auto expected = [&](double t) {
    return 1.0 - std::exp(-zeta * w * t) * (std::cos(wd * t) + zeta / std::sqrt(1.0 - zeta * zeta) * std::sin(wd * t));
  };
  const double error_y = largest_error(*run, "filter.y", 0.0, expected);
  const double error_x = largest_error(*run, "filter.x[2]", 0.0, expected);
  MESSAGE("second-order step response: largest error " << error_y);
  CHECK(error_y <= 1e-8);
  CHECK(error_x <= 1e-8);
}

TEST_CASE("signal.Filter: initial_output starts y at y_start with the first state steady") {
  // The Butterworth pair of order 2 at 1.5 Hz (poles a ± j·b, a = −ζω, b = ω_d): y = x[2] = 0.3 and
  // der(x[1]) = a·x[1] − b·x[2] + ku·u = 0 at the start give y'(0) = ω²(y0 − 1)/a = ω(1 − y0)/ζ, so
  // under u = 1: y = 1 − (1 − y0)·exp(−ζωt)·(cos(ω_d·t) + B·sin(ω_d·t)) with
  // B = (ζω − ω/ζ)/ω_d, which is −1 for ζ = 1/√2.
  const double y0 = 0.3;
  const auto run = simulate_netlist(filter_netlist(
      R"({ "analog_filter": "Butterworth", "order": 2, "f_cut": "1.5 Hz", "init": "initial_output", "y_start": 0.3 })",
      R"({ "type": "signal.Constant", "params": { "k": 1 } })", 2.0, 0.001));
  const double w = 2.0 * kPi * 1.5, zeta = 1.0 / std::sqrt(2.0), wd = w * std::sqrt(1.0 - zeta * zeta);
  const double B = (zeta * w - w / zeta) / wd;
  const auto expected = [&](double t) {
    return 1.0 - (1.0 - y0) * std::exp(-zeta * w * t) * (std::cos(wd * t) + B * std::sin(wd * t));
  };
  CHECK(run->column("filter.y").front() == doctest::Approx(y0).epsilon(1e-12));
  const double error = largest_error(*run, "filter.y", 0.0, expected);
  MESSAGE("initial_output step response: largest error " << error);
  CHECK(error <= 1e-8);
  // A third-order Bessel filter (a real pole, then a pair): y starts at y_start and the two states
  // before the last start steady.
  const auto third = simulate_netlist(filter_netlist(
      R"({ "analog_filter": "Bessel", "order": 3, "f_cut": 2, "init": "initial_output", "y_start": -0.5 })",
      R"({ "type": "signal.Constant", "params": { "k": 1 } })", 0.01, 1e-5));
  CHECK(third->column("filter.y").front() == doctest::Approx(-0.5).epsilon(1e-12));
  // A state that starts steady changes as h² (twice the time: four times the change), the last
  // one as h (twice).
  const auto growth = [&](const std::string& state) {
    const std::vector<double> x = third->column(state);
    return (x[2] - x[0]) / (x[1] - x[0]);
  };
  // x[1], the real pole's section, starts steady under a constant input and stays there.
  const std::vector<double> x1 = third->column("filter.x[1]");
  CHECK(std::abs(x1.back() - x1.front()) <= 1e-12);
  CHECK(growth("filter.x[2]") == doctest::Approx(4.0).epsilon(0.05));
  CHECK(growth("filter.x[3]") == doctest::Approx(2.0).epsilon(0.05));
}

TEST_CASE("signal.Filter: a high pass rejects a constant input") {
  // Third-order Butterworth high pass at 5 Hz under u = 2. From rest the output jumps to u (the
  // high frequencies pass) and decays to 0; in steady state it is 0 from the start.
  const std::string source = R"({ "type": "signal.Constant", "params": { "k": 2 } })";
  const auto from_rest = simulate_netlist(filter_netlist(
      R"({ "analog_filter": "Butterworth", "filter_type": "HighPass", "order": 3, "f_cut": "5 Hz", "init": "initial_state" })",
      source, 3.0, 0.01));
  const std::vector<double> y = from_rest->column("filter.y");
  CHECK(y.front() == doctest::Approx(2.0).epsilon(1e-9));
  CHECK(std::abs(y.back()) <= 1e-6);
  const auto steady = simulate_netlist(filter_netlist(
      R"({ "analog_filter": "Butterworth", "filter_type": "HighPass", "order": 3, "f_cut": "5 Hz" })", source, 1.0, 0.01));
  CHECK(largest_error(*steady, "filter.y", 0.0, [](double) { return 0.0; }) <= 1e-9);
}

TEST_CASE("signal.Filter: a band pass passes and a band stop rejects a sine at the band's centre") {
  // Band 40..60 Hz, centre f0 = √(40·60) Hz; after 0.5 s the transients have decayed (the slowest
  // pole's real part is below −20/s). The band pass has unit gain at f0, the band stop a notch there.
  const double f0 = std::sqrt(40.0 * 60.0);
  const std::string sine = R"({ "type": "signal.Sine", "params": { "amplitude": 1, "frequency": )" + json_number(f0) + " } }";
  const auto amplitude = [&](const std::string& type) {
    const auto run = simulate_netlist(filter_netlist(
        R"({ "analog_filter": "Butterworth", "filter_type": ")" + type +
            R"(", "order": 2, "f_cut": "60 Hz", "f_min": "40 Hz", "init": "initial_state" })",
        sine, 1.0, 1e-4, 1e-9));
    return largest_error(*run, "filter.y", 0.5, [](double) { return 0.0; });
  };
  const double pass = amplitude("BandPass"), stop = amplitude("BandStop");
  MESSAGE("amplitude at f0: band pass " << pass << ", band stop " << stop);
  CHECK(pass == doctest::Approx(1.0).epsilon(1e-3));
  CHECK(stop <= 1e-4);
}

TEST_CASE("signal.Filter: parameter errors name the parameter") {
  CHECK_THROWS_WITH_AS(instantiate("signal.Filter", {{"order", 0}}, "f"),
                       "/components/f/params/order: order must be an integer from 1 to 40, got 0", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.Filter", {{"order", 2.5}}, "f"),
                       "/components/f/params/order: order must be an integer from 1 to 40, got 2.5", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.Filter", {{"analog_filter", "Bessel"}, {"order", 21}}, "f"),
                       "/components/f/params/order: order must be at most 20 for a Bessel filter, got 21", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.Filter", {{"f_cut", 0}}, "f"),
                       "/components/f/params/f_cut: f_cut must be positive, got 0", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.Filter", {{"analog_filter", "ChebyshevI"}, {"A_ripple", 4}}, "f"),
                       "/components/f/params/A_ripple: A_ripple must be below 3 dB for a normalized ChebyshevI filter "
                       "(its pass band would dip below -3 dB), got 4",
                       ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.Filter", {{"filter_type", "BandPass"}, {"f_cut", 2}}, "f"),
                       "/components/f/params/f_min: the band pass needs 0 < f_min < f_cut, got f_min = 0 Hz and "
                       "f_cut = 2 Hz",
                       ModelError);
  CHECK_THROWS_WITH_AS(
      instantiate("signal.Filter", {{"filter_type", "BandPass"}, {"order", 1}, {"f_cut", 100}, {"f_min", 1}}, "f"),
      "/components/f/params/f_min: the band pass is too wide for this prototype: a section would have real poles; "
      "bring f_min and f_cut closer together or use another analog filter",
      ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.Filter", {{"filter_type", "Notch"}}, "f"),
                       doctest::Contains("/components/f/params/filter_type: filter_type must be one of"), ModelError);
}
