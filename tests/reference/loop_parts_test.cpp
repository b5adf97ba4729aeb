// MSL 4.0's UniversalSpherical, JointUPS and LineForceWithTwoMasses in the examples that use them
// (netlists/msl/MB_Fourbar2.json, MB_LineForceWithTwoMasses.json), against equations of motion
// written here in one coordinate each (the mechanisms have one degree of freedom) and integrated
// with a fixed-step RK4, independently of acausal; and their energy accounts.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numbers>
#include <string>
#include <vector>

#include <Eigen/Core>
#include <nlohmann/json.hpp>

#include "tests/support/simulation_run.hpp"

using namespace acausal;

namespace {

const std::string kNetlists = ACAUSAL_SOURCE_DIR "/netlists/msl/";
constexpr double kG = 9.80665;           // the World's default gravity, along −y [m/s²]
constexpr double kSteel = 7700.0;        // MSL's default density of BodyCylinder and BodyBox [kg/m³]

/// θ'' as a function of (θ, θ').
using Acceleration = std::function<double(double, double)>;

/// (θ, θ') at t = k·interval, k = 0 … n, by RK4 with `substeps` steps per interval.
std::vector<Eigen::Vector2d> integrate(const Acceleration& accel, Eigen::Vector2d y, double interval, std::size_t n,
                                       int substeps) {
  const auto rhs = [&](const Eigen::Vector2d& x) { return Eigen::Vector2d(x(1), accel(x(0), x(1))); };
  const double h = interval / substeps;
  std::vector<Eigen::Vector2d> out{y};
  for (std::size_t k = 0; k < n; ++k) {
    for (int i = 0; i < substeps; ++i) {
      const Eigen::Vector2d k1 = rhs(y), k2 = rhs(y + h / 2 * k1), k3 = rhs(y + h / 2 * k2), k4 = rhs(y + h * k3);
      y += h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
    }
    out.push_back(y);
  }
  return out;
}

/// The largest |a[k] − b(k)| over the rows.
double worst(const std::vector<double>& a, const std::function<double(std::size_t)>& b) {
  double w = 0.0;
  for (std::size_t k = 0; k < a.size(); ++k) w = std::max(w, std::fabs(a[k] - b(k)));
  return w;
}

/// The range max − min of a column.
double range(const std::vector<double>& a) {
  const auto [lo, hi] = std::minmax_element(a.begin(), a.end());
  return *hi - *lo;
}

// ---- Fourbar2 ------------------------------------------------------------------------------------
//
// j1 turns b1 (a steel cylinder from the origin to p = (0, 0.5, 0.1), diameter 0.05) about x by θ;
// b2 (a cylinder from (1.2 + s, 0, 0) to (1.2 + s, 0.2, 0)) slides along x on j2. The massless rod
// of length √1.1 from b2's end to b1's closes the loop: with p(θ) = (0, y, z), y = 0.5·cos θ −
// 0.1·sin θ, z = 0.5·sin θ + 0.1·cos θ, (1.2 + s)² + (y − 0.2)² + z² = 1.1, and since y² + z² = 0.26,
// s(θ) = −1.2 + √(0.8 + 0.4·y) on the branch of the start (s = −0.2 at θ = 0). With b1's moment of
// inertia J about x and b2's mass m2 (it does not turn), the Lagrangian gives
//   (J + m2·s'²)·θ'' + m2·s'·s''·θ'² + m1·g·y'/2 = 0      (' = d/dθ on s and y).

struct Fourbar2 {
  double m1, J, m2;
  Fourbar2() {
    const double area = std::numbers::pi * 0.025 * 0.025, L1 = std::sqrt(0.26);
    m1 = kSteel * area * L1;
    J = m1 * (L1 * L1 / 3.0 + 0.025 * 0.025 / 4.0);  // about the end, normal to the axis
    m2 = kSteel * area * 0.2;
  }
  static double y(double th) { return 0.5 * std::cos(th) - 0.1 * std::sin(th); }
  static double dy(double th) { return -0.5 * std::sin(th) - 0.1 * std::cos(th); }
  static double s(double th) { return -1.2 + std::sqrt(0.8 + 0.4 * y(th)); }
  static double ds(double th) { return 0.2 * dy(th) / std::sqrt(0.8 + 0.4 * y(th)); }
  static double dds(double th) {
    const double u = 0.8 + 0.4 * y(th), du = 0.4 * dy(th), ddu = -0.4 * y(th);
    return ddu / (2.0 * std::sqrt(u)) - du * du / (4.0 * u * std::sqrt(u));
  }
  double accel(double th, double w) const {
    return -(m2 * ds(th) * dds(th) * w * w + m1 * kG * dy(th) / 2.0) / (J + m2 * ds(th) * ds(th));
  }
  /// The rod's force (positive pressed): b2 slides freely along x, so m2·s̈ = −f_rod·e_x with e the
  /// rod's direction from b2's end to b1's, e_x = −(1.2 + s)/√1.1.
  double f_rod(double th, double w) const {
    const double s_dd = ds(th) * accel(th, w) + dds(th) * w * w;
    return m2 * s_dd * std::sqrt(1.1) / (1.2 + s(th));
  }
};


// ---- LineForceWithTwoMasses ----------------------------------------------------------------------
//
// A steel box (0.7 × 0.035 × 0.035 m) turns by θ about z at P = (0, 0.3); its tip B = P +
// 0.7·(cos θ, sin θ) is tied to A = (0, −0.9) by a line of length L = |B − A| that carries a point
// mass m = 1 kg at 0.2 from either end (r1 = A + 0.2·e, r2 = B − 0.2·e, e = (B − A)/L) and a damper
// (d = 3) on its length. With M(θ) = J + m·|r1'|² + m·|r2'|² and V(θ) the potential energy,
//   M·θ'' + M'·θ'²/2 + V' = −d·L'²·θ'      (' = d/dθ; M' by a central difference).

struct Pendulum {
  double m_box, J;
  static constexpr double m = 1.0, d = 3.0;
  Pendulum() {
    const double L = 0.7, w = 0.035;
    m_box = kSteel * L * w * w;
    J = m_box * (L * L + w * w) / 12.0 + m_box * 0.35 * 0.35;
  }
  struct Geometry {
    Eigen::Vector2d r1, r2, dr1, dr2;  // the masses' places and their rates d/dθ
    double dL;
  };
  static Geometry geometry(double th) {
    const Eigen::Vector2d A(0.0, -0.9);
    const Eigen::Vector2d B = Eigen::Vector2d(0.0, 0.3) + 0.7 * Eigen::Vector2d(std::cos(th), std::sin(th));
    const Eigen::Vector2d dB = 0.7 * Eigen::Vector2d(-std::sin(th), std::cos(th));
    const double L = (B - A).norm();
    const Eigen::Vector2d e = (B - A) / L;
    const double dL = e.dot(dB);
    const Eigen::Vector2d de = (dB - e * dL) / L;
    return {A + 0.2 * e, B - 0.2 * e, 0.2 * de, dB - 0.2 * de, dL};
  }
  double mass(double th) const {
    const Geometry g = geometry(th);
    return J + m * g.dr1.squaredNorm() + m * g.dr2.squaredNorm();
  }
  double accel(double th, double w) const {
    const Geometry g = geometry(th);
    const double h = 1e-5, dM = (mass(th + h) - mass(th - h)) / (2.0 * h);
    const double dV = kG * (m_box * 0.35 * std::cos(th) + m * g.dr1.y() + m * g.dr2.y());
    return (-d * g.dL * g.dL * w - dM * w * w / 2.0 - dV) / mass(th);
  }
};

}  // namespace

TEST_SUITE("reference") {

TEST_CASE("MB_Fourbar2: Modelica.Mechanics.MultiBody.Examples.Loops.Fourbar2 against its equation of motion") {
  const auto run = testing::simulate_netlist_file(kNetlists + "MB_Fourbar2.json");
  const std::vector<double> t = run->grid_times(), phi = run->grid_column("j1.phi"), w = run->grid_column("j1.w"),
                            s = run->grid_column("j2.s"), f_rod = run->grid_column("universalSpherical.f_rod");
  REQUIRE(t.size() == 5001);
  // As MSL's computeRodLength: the rod is as long as j1.phi = 0 and j2.s = −0.2 make it.
  REQUIRE(run->result.initial.parameters.size() == 1);
  CHECK(run->result.initial.parameters[0] == doctest::Approx(std::sqrt(1.1)).epsilon(1e-14));
  const Fourbar2 m;
  const auto ref = integrate([&](double th, double dth) { return m.accel(th, dth); },
                             Eigen::Vector2d(0.0, 300.0 * std::numbers::pi / 180.0), 0.001, t.size() - 1, 10);
  const double e_phi = worst(phi, [&](std::size_t k) { return ref[k](0); });
  const double e_w = worst(w, [&](std::size_t k) { return ref[k](1); });
  const double e_s = worst(s, [&](std::size_t k) { return Fourbar2::s(ref[k](0)); });
  const double e_f = worst(f_rod, [&](std::size_t k) { return m.f_rod(ref[k](0), ref[k](1)); });
  const double closure = worst(s, [&](std::size_t k) { return Fourbar2::s(phi[k]); });
  MESSAGE("MB_Fourbar2 against the equation of motion: j1.phi " << e_phi << " rad of " << range(phi) << ", j1.w "
          << e_w << " rad/s of " << range(w) << ", j2.s " << e_s << " m of " << range(s) << ", f_rod " << e_f
          << " N of " << range(f_rod) << "; closure s(j1.phi) off by " << closure << " m");
  CHECK(range(phi) > 20.0);  // it turns round several times
  CHECK(e_phi < 1e-5 * range(phi));
  CHECK(e_w < 1e-4 * range(w));
  CHECK(e_s < 1e-4 * range(s));
  CHECK(e_f < 1e-4 * range(f_rod));
  CHECK(closure < 1e-6);
  const testing::CheckResult energy = testing::check_energy(*run, 1e-5);
  MESSAGE("MB_Fourbar2: energy balance " << run->energy().relative_balance() << " of the energy scale");
  CHECK_MESSAGE(energy.passed(), energy.message());
}

TEST_CASE("MB_Fourbar2 computes its rod's length from where the slider starts whatever r_rod_ia's length") {
  // j2.s = −0.25 at j1.phi = 0: b2's end at (0.95, 0.2, 0), b1's at (0, 0.5, 0.1), so the rod is
  // √(0.95² + 0.3² + 0.1²) long; r_rod_ia (twice MSL's) gives its direction only.
  Netlist n = load_netlist(kNetlists + "MB_Fourbar2.json");
  for (NetlistComponent& c : n.components) {
    if (c.name == "j2") c.initial["s"] = -0.25;
    if (c.name == "universalSpherical") c.params["r_rod_ia"] = nlohmann::json::array({-2.0, 0.6, 0.2});
  }
  n.experiment.stop = 1.0;
  const auto run = testing::simulate_netlist(n);
  const double L = std::sqrt(0.95 * 0.95 + 0.1);
  REQUIRE(run->result.initial.parameters.size() == 1);
  CHECK(run->result.initial.parameters[0] == doctest::Approx(L).epsilon(1e-14));
  // The rod keeps that length as the mechanism moves: |b1's end − b2's end| = L at every row.
  const std::vector<double> phi = run->grid_column("j1.phi"), s = run->grid_column("j2.s");
  double off = 0.0;
  for (std::size_t k = 0; k < phi.size(); ++k) {
    const double y = Fourbar2::y(phi[k]), z = 0.5 * std::sin(phi[k]) + 0.1 * std::cos(phi[k]);
    off = std::max(off, std::fabs(std::sqrt((1.2 + s[k]) * (1.2 + s[k]) + (y - 0.2) * (y - 0.2) + z * z) - L));
  }
  CHECK(range(phi) > 3.0);
  CHECK(off < 1e-7);
  const testing::CheckResult energy = testing::check_energy(*run, 1e-5);
  CHECK_MESSAGE(energy.passed(), energy.message());
}

TEST_CASE("MB_LineForceWithTwoMasses: JointUPS with two bodies and LineForceWithTwoMasses move alike") {
  const auto run = testing::simulate_netlist_file(kNetlists + "MB_LineForceWithTwoMasses.json");
  const std::vector<double> t = run->grid_times(), phi1 = run->grid_column("revolute1.phi"),
                            phi2 = run->grid_column("revolute2.phi"), w1 = run->grid_column("revolute1.w"),
                            w2 = run->grid_column("revolute2.w"), s = run->grid_column("jointUPS.s"),
                            length = run->grid_column("lineForceWithTwoMasses.length");
  REQUIRE(t.size() == 3001);
  const Pendulum p;
  const auto ref = integrate([&](double th, double dth) { return p.accel(th, dth); }, Eigen::Vector2d(0.0, 0.0), 0.001,
                             t.size() - 1, 10);
  const double e_phi1 = worst(phi1, [&](std::size_t k) { return ref[k](0); });
  const double e_phi2 = worst(phi2, [&](std::size_t k) { return ref[k](0); });
  const double e_w1 = worst(w1, [&](std::size_t k) { return ref[k](1); });
  const double e_w2 = worst(w2, [&](std::size_t k) { return ref[k](1); });
  const double e_s = worst(s, [&](std::size_t k) {
    const double th = ref[k](0);
    return std::hypot(0.7 * std::cos(th), 1.2 + 0.7 * std::sin(th));
  });
  const double e_len = worst(length, [&](std::size_t k) { return s[k]; });
  MESSAGE("MB_LineForceWithTwoMasses against the equation of motion: revolute1.phi " << e_phi1 << ", revolute2.phi "
          << e_phi2 << " rad of " << range(phi1) << "; revolute1.w " << e_w1 << ", revolute2.w " << e_w2
          << " rad/s of " << range(w1) << "; jointUPS.s " << e_s << " m; the two lengths differ by " << e_len << " m");
  CHECK(range(phi1) > 1.0);
  CHECK(e_phi1 < 1e-5 * range(phi1));
  CHECK(e_phi2 < 1e-5 * range(phi1));
  CHECK(e_w1 < 1e-5 * range(w1));
  CHECK(e_w2 < 1e-5 * range(w1));
  CHECK(e_s < 1e-6);
  CHECK(e_len < 1e-6);
  // MSL's rod_f_diff and body_f_diff: the cut forces where the two line forces meet the world and the
  // boxes agree.
  double rod_diff = 0.0, body_diff = 0.0, rod_scale = 0.0, body_scale = 0.0;
  for (std::size_t k = 0; k < run->times().size(); ++k) {
    const Eigen::Vector3d r1 = run->vector("rod1.frame_b.f", k), r3 = run->vector("rod3.frame_b.f", k);
    const Eigen::Vector3d b1 = run->vector("bodyBox1.frame_b.f", k), b2 = run->vector("bodyBox2.frame_b.f", k);
    rod_diff = std::max(rod_diff, (r1 - r3).norm());
    body_diff = std::max(body_diff, (b1 - b2).norm());
    rod_scale = std::max(rod_scale, r1.norm());
    body_scale = std::max(body_scale, b1.norm());
  }
  MESSAGE("rod_f_diff " << rod_diff << " N of " << rod_scale << " N, body_f_diff " << body_diff << " N of "
          << body_scale << " N");
  CHECK(rod_scale > 1.0);
  CHECK(rod_diff < 1e-9 * rod_scale);
  CHECK(body_diff < 1e-9 * body_scale);
  const testing::CheckResult energy = testing::check_energy(*run, 1e-5);
  MESSAGE("MB_LineForceWithTwoMasses: energy balance " << run->energy().relative_balance() << " of the energy scale");
  CHECK_MESSAGE(energy.passed(), energy.message());
  // The dampers took energy: the boxes come to rest hanging down.
  CHECK(testing::work_lost(*run, "damper1") > 1.0);
  CHECK(testing::work_lost(*run, "damper2") == doctest::Approx(testing::work_lost(*run, "damper1")).epsilon(1e-4));
}

}  // TEST_SUITE
