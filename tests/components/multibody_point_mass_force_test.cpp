// Tests of multibody.PointMass, multibody.Force and multibody.Torque (components/multibody/point_mass,
// force, torque and the shared force_pair): each instance's equations at a motion built in the test
// (every residual zero, the power balance closed), then in motion against independent solutions — a
// point mass swinging on a revolute arm against a fixed-step RK4 written here, a free point mass on
// its parabola, two point masses on a spring oscillating with the reduced mass, the point mass that
// must not hold a free body's orientation, a force pair between two free bodies conserving momentum
// and angular momentum, a force resolved in a turned frame, a torque pair spinning two bodies up.
#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "components/registry.hpp"
#include "core/model/errors.hpp"
#include "solver/solver_error.hpp"
#include "tests/support/component_harness.hpp"
#include "tests/support/rotations.hpp"
#include "tests/support/simulation_run.hpp"

using namespace acausal;
using namespace acausal::testing;
using nlohmann::json;
using Eigen::Matrix3d;
using Eigen::Vector3d;

namespace {

constexpr double kG = 9.80665;
const Vector3d kGravity(0.0, -kG, 0.0);  // the World's default, which instantiate() provides

void put(Values& v, const std::string& name, const Vector3d& x) {
  for (int i = 0; i < 3; ++i) v[name + at(i)] = x(i);
}
void put_der(Values& v, const std::string& name, const Vector3d& x) {
  for (int i = 0; i < 3; ++i) v["der(" + name + at(i) + ")"] = x(i);
}

/// A frame's port variables: origin and its velocity (world), rotation world → frame turning at w
/// (frame coordinates), cut force and torque.
void put_frame(Values& v, const std::string& prefix, const Vector3d& r0, const Vector3d& v0, const Matrix3d& R,
               const Vector3d& w, const Vector3d& f, const Vector3d& t) {
  put(v, prefix + ".r_0", r0);
  put_der(v, prefix + ".r_0", v0);
  Matrix3d W;
  W << 0.0, -w(2), w(1), w(2), 0.0, -w(0), -w(1), w(0), 0.0;
  const Matrix3d R_dot = -W * R;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      const std::string e = prefix + ".R[" + std::to_string(i + 1) + "," + std::to_string(j + 1) + "]";
      v[e] = R(i, j);
      v["der(" + e + ")"] = R_dot(i, j);
    }
  put(v, prefix + ".w", w);
  put(v, prefix + ".f", f);
  put(v, prefix + ".t", t);
}

double worst_residual(const Definition& d, const Values& v) {
  double worst = 0.0;
  for (double r : residuals(d, v)) worst = std::max(worst, std::abs(r));
  return worst;
}

/// A point mass hung from the World on a revolute arm of length L about z, gravity −y: the angle θ
/// from the x axis obeys θ'' = −(g/L)·cos θ. Started at θ0 at rest.
std::string arm_pendulum(double m, double L, double theta0) {
  return R"({ "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World" },
      "pivot": { "type": "multibody.Revolute", "params": { "n": [0, 0, 1] }, "initial": { "phi": )" +
         json_number(theta0) + R"(, "w": 0 } },
      "arm": { "type": "multibody.FixedTranslation", "params": { "r": [)" + json_number(L) + R"(, 0, 0] } },
      "bob": { "type": "multibody.PointMass", "params": { "m": )" + json_number(m) + R"( } } },
    "connections": [["world.frame_b", "pivot.frame_a"], ["pivot.frame_b", "arm.frame_a"], ["arm.frame_b", "bob.frame_a"]],
    "experiment": { "stop": 4, "interval": 0.02, "tolerance": 1e-10 },
    "outputs": ["pivot.phi", "pivot.w", )" + vector_outputs("bob.r_0") + ", " + vector_outputs("bob.frame_a.t") + R"(] })";
}

}  // namespace

// ---- catalog ------------------------------------------------------------------------------------

TEST_CASE("multibody parts: PointMass Force and Torque are registered and balanced like their kin") {
  CHECK(!described_catalog_entry("multibody.PointMass").equations.empty());
  // Built alone both are free (the root of their orientation): the point mass sets R and w where a
  // free body's quaternion does, and stays balanced.
  CHECK(balance_surplus(instantiate("multibody.PointMass")) == balance_surplus(instantiate("multibody.Body")));
  const std::ptrdiff_t two_loaded_frames = balance_surplus(instantiate("multibody.ForceAndTorque"));
  CHECK(two_loaded_frames == 0);
  for (const std::string type : {"multibody.Force", "multibody.Torque"}) {
    CAPTURE(type);
    const Definition described = described_catalog_entry(type);
    CHECK(described.find_port("frame_a") != nullptr);
    CHECK(described.find_port("frame_b") != nullptr);
    CHECK(balance_surplus(instantiate(type)) == two_loaded_frames);
    const Definition resolved = instantiate(type, {{"resolve_in_frame", "frame_resolve"}});
    CHECK(resolved.find_port("frame_resolve") != nullptr);
    CHECK(balance_surplus(resolved) == 0);
    CHECK(instantiate(type).find_port("frame_resolve") == nullptr);
  }
  CHECK(instantiate("multibody.Force").find_variable("force[3]") != nullptr);
  CHECK(instantiate("multibody.Torque").find_variable("torque[3]") != nullptr);
}

// ---- equations ----------------------------------------------------------------------------------

TEST_CASE("multibody parts: a free PointMass is m·(a − g) at an unturned frame and stores ½·m·v² − m·g·r") {
  const double m = 2.5;
  const Definition d = instantiate("multibody.PointMass", {{"m", m}});
  const Vector3d r0(0.3, 1.2, -0.4), v0(1.0, -2.0, 0.5), a0(0.2, -3.0, 1.0);
  Values v;
  put_frame(v, "x.frame_a", r0, v0, Matrix3d::Identity(), Vector3d::Zero(), Vector3d(m * (a0 - kGravity)), Vector3d::Zero());
  put(v, "x.r_0", r0);
  put_der(v, "x.r_0", v0);
  put(v, "x.v_0", v0);
  put_der(v, "x.v_0", a0);
  put(v, "x.a_0", a0);
  CHECK(check_residuals(d, v, 1e-12));
  CHECK(check_energy_audit(d, v, 1e-12));
  CHECK(value(d.stored_energy, v) == doctest::Approx(0.5 * m * v0.squaredNorm() - m * kGravity.dot(r0)));
  // A heavier mass, or a turned frame, is not this point mass.
  Values rotated = v;
  put_frame(rotated, "x.frame_a", r0, v0, turned(0.3, Vector3d::UnitZ()), Vector3d::Zero(), Vector3d(m * (a0 - kGravity)),
            Vector3d::Zero());
  CHECK(worst_residual(d, rotated) > 0.1);
  CHECK(worst_residual(instantiate("multibody.PointMass", {{"m", 1.1 * m}}), v) > 0.1);
  CHECK(d.find_variable("r_0[1]")->options.priority == StatePriority::Prefer);
  CHECK_THROWS_WITH_AS(instantiate("multibody.PointMass", {{"m", -1}}, "bead"),
                       "/components/bead/params/m: m must not be negative, got -1", ModelError);
}

TEST_CASE("multibody parts: Force and Torque resolve their inputs in each frame and balance moments") {
  const Vector3d input(2.0, -1.0, 0.5);
  const Vector3d ra(0.3, -0.2, 0.5), va(1.0, -0.5, 0.25), wa(0.4, -0.3, 0.9);
  const Vector3d rb(1.1, 0.4, -0.3), vb(-0.2, 0.7, 0.1), wb(-0.6, 0.2, 0.35);
  const Matrix3d Ra = turned(0.7, Vector3d(1, 2, 3)), Rb = turned(-1.2, Vector3d(-1, 0.5, 2));
  const Matrix3d Rr = turned(0.4, Vector3d(0, 1, 1));
  for (const std::string in : {"frame_b", "frame_a", "world", "frame_resolve"}) {
    CAPTURE(in);
    const json params = in == "frame_b" ? json::object() : json{{"resolve_in_frame", in}};
    const Matrix3d R_in = in == "frame_b" ? Rb : in == "frame_a" ? Ra : in == "world" ? Matrix3d::Identity() : Rr;
    const Vector3d X = R_in.transpose() * input;  // the input vector in world coordinates
    const Vector3d r = rb - ra;
    // Force: X on body B at its origin; −X and the moment −r × X on body A. Cut forces: the opposite.
    Values v;
    put_frame(v, "x.frame_a", ra, va, Ra, wa, Ra * X, Ra * r.cross(X));
    put_frame(v, "x.frame_b", rb, vb, Rb, wb, -(Rb * X), Vector3d::Zero());
    const Vector3d none = Vector3d::Zero();
    if (in == "frame_resolve") put_frame(v, "x.frame_resolve", none, none, Rr, Vector3d(0.1, 0, 0.2), none, none);
    put(v, "x.force", input);
    const Definition force = instantiate("multibody.Force", params);
    CHECK(check_residuals(force, v, 1e-12));
    CHECK(check_energy_audit(force, v, 1e-12));
    // The power it delivers: X·v_b − X·v_a − (r × X)·ω_a, with ω in world coordinates.
    CHECK(value(force.injected_power, v) ==
          doctest::Approx(X.dot(vb - va) - r.cross(X).dot(Ra.transpose() * wa)));
    put(v, "x.frame_a.t", Vector3d::Zero());  // without the moment of the pair
    CHECK(worst_residual(force, v) > 0.1);
    CHECK(std::abs(energy_audit(force, v)) > 0.01);

    // Torque: X on body B, −X on body A, no force.
    put_frame(v, "x.frame_a", ra, va, Ra, wa, Vector3d::Zero(), Ra * X);
    put_frame(v, "x.frame_b", rb, vb, Rb, wb, Vector3d::Zero(), -(Rb * X));
    put(v, "x.torque", input);
    const Definition torque = instantiate("multibody.Torque", params);
    CHECK(check_residuals(torque, v, 1e-12));
    CHECK(check_energy_audit(torque, v, 1e-12));
    CHECK(value(torque.injected_power, v) == doctest::Approx(X.dot(Rb.transpose() * wb - Ra.transpose() * wa)));
    put(v, "x.frame_a.t", Vector3d(Ra * X + Vector3d(0.0, 0.2, 0.0)));
    CHECK(worst_residual(torque, v) > 0.1);
  }
}

// ---- PointMass in motion ------------------------------------------------------------------------

TEST_CASE("multibody parts: a PointMass on a revolute arm swings as the RK4 of θ'' = −(g/L)·cos θ") {
  const double m = 0.7, L = 0.6, theta0 = -std::numbers::pi / 2 + 1.0;  // 1 rad from hanging straight down
  const auto r = simulate_netlist(arm_pendulum(m, L, theta0));
  double theta = theta0, w = 0.0, worst_angle = 0.0, worst_speed = 0.0, worst_torque = 0.0, worst_path = 0.0;
  const auto accel = [&](double x) { return -kG / L * std::cos(x); };
  const int substeps = 200;  // h = 1e-4 s
  const std::vector<double> phi = r->column("pivot.phi"), speed = r->column("pivot.w");
  REQUIRE(phi.size() == 201);
  for (std::size_t k = 0; k < phi.size(); ++k) {
    for (int i = 0; k > 0 && i < substeps; ++i) {
      const double h = 0.02 / substeps;
      const double k1x = w, k1v = accel(theta);
      const double k2x = w + 0.5 * h * k1v, k2v = accel(theta + 0.5 * h * k1x);
      const double k3x = w + 0.5 * h * k2v, k3v = accel(theta + 0.5 * h * k2x);
      const double k4x = w + h * k3v, k4v = accel(theta + h * k3x);
      theta += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x);
      w += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v);
    }
    worst_angle = std::max(worst_angle, std::abs(phi[k] - theta));
    worst_speed = std::max(worst_speed, std::abs(speed[k] - w));
    worst_path = std::max(worst_path, (r->vector("bob.r_0", k) - L * Vector3d(std::cos(theta), std::sin(theta), 0)).norm());
    worst_torque = std::max(worst_torque, r->vector("bob.frame_a.t", k).norm());
  }
  MESSAGE("PointMass pendulum vs RK4: worst angle " << worst_angle << " rad, speed " << worst_speed << " rad/s, path "
                                                    << worst_path << " m");
  CHECK(worst_angle < 1e-7);
  CHECK(worst_speed < 1e-6);
  CHECK(worst_path < 1e-7);
  CHECK(worst_torque < 1e-12);  // oriented by the arm: it takes no torque
  CHECK(check_energy(*r, EnergyTolerance{.balance = 1e-8, .audit = 1e-9}));

  // A small swing has the period 2π·√(L/g) of the linear pendulum (amplitude 0.01 rad: 6e-6 off).
  const auto small = simulate_netlist(arm_pendulum(m, L, -std::numbers::pi / 2 + 0.01));
  const std::vector<double> s = small->column("pivot.phi");
  const std::vector<double>& t = small->times();
  std::vector<double> upward;  // times the swing crosses the bottom moving up (θ + π/2 from − to +)
  for (std::size_t k = 1; k < s.size(); ++k) {
    const double x0 = s[k - 1] + std::numbers::pi / 2, x1 = s[k] + std::numbers::pi / 2;
    if (x0 < 0.0 && x1 >= 0.0) upward.push_back(t[k - 1] + (t[k] - t[k - 1]) * (-x0) / (x1 - x0));
  }
  REQUIRE(upward.size() >= 2);
  const double period = upward[1] - upward[0], expected = 2 * std::numbers::pi * std::sqrt(L / kG);
  MESSAGE("small swing: period " << period << " s, linear theory " << expected << " s");
  CHECK(period == doctest::Approx(expected).epsilon(1e-4));
}

TEST_CASE("multibody parts: an unconnected PointMass flies on the parabola") {
  const Vector3d r0(0.0, 2.0, 1.0), v0(1.5, 4.0, -0.5);
  const auto r = simulate_netlist(R"({ "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World" },
      "stone": { "type": "multibody.PointMass", "params": { "m": 0.3 },
                 "initial": { "r_0": [0, 2, 1], "v_0": [1.5, 4, -0.5] } } },
    "connections": [],
    "experiment": { "stop": 1, "interval": 0.05, "tolerance": 1e-10 },
    "outputs": [)" + vector_outputs("stone.r_0") + ", " + vector_outputs("stone.v_0") + R"(] })");
  double worst = 0.0;
  for (std::size_t k = 0; k < r->times().size(); ++k) {
    const double t = r->times()[k];
    worst = std::max({worst, (r->vector("stone.r_0", k) - (r0 + v0 * t + 0.5 * kGravity * t * t)).norm(),
                      (r->vector("stone.v_0", k) - (v0 + kGravity * t)).norm()});
  }
  MESSAGE("free PointMass: worst error " << worst);
  CHECK(worst < 1e-9);
  CHECK(check_energy(*r, EnergyTolerance{.balance = 1e-8, .audit = 1e-9}));
}

TEST_CASE("multibody parts: two PointMasses on a spring oscillate with the reduced mass and keep their momentum") {
  // Nothing but the spring touches them: each point mass orients its own frame. Stretched by δ from
  // its natural length and let go, the distance is L0 + δ·cos(√(c/μ)·t), μ = m1·m2/(m1 + m2).
  const double m1 = 1.0, m2 = 3.0, c = 50.0, L0 = 0.5, delta = 0.1;
  const auto r = simulate_netlist(R"({ "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World", "params": { "gravity": "none" } },
      "p1": { "type": "multibody.PointMass", "params": { "m": 1 }, "initial": { "r_0": [0, 0, 0], "v_0": [0, 0, 0] } },
      "p2": { "type": "multibody.PointMass", "params": { "m": 3 }, "initial": { "r_0": [0.36, 0.48, 0], "v_0": [0, 0, 0] } },
      "spring": { "type": "multibody.Spring", "params": { "c": 50, "s_unstretched": 0.5 } } },
    "connections": [["p1.frame_a", "spring.frame_a"], ["spring.frame_b", "p2.frame_a"]],
    "experiment": { "stop": 2, "interval": 0.02, "tolerance": 1e-10 },
    "outputs": [)" + vector_outputs("p1.r_0") + ", " + vector_outputs("p2.r_0") + ", " + vector_outputs("p1.v_0") + ", " +
                                  vector_outputs("p2.v_0") + R"(] })");
  const double omega = std::sqrt(c * (m1 + m2) / (m1 * m2));
  double worst_length = 0.0, worst_momentum = 0.0;
  for (std::size_t k = 0; k < r->times().size(); ++k) {
    const double t = r->times()[k];
    const double length = (r->vector("p2.r_0", k) - r->vector("p1.r_0", k)).norm();
    worst_length = std::max(worst_length, std::abs(length - (L0 + delta * std::cos(omega * t))));
    worst_momentum = std::max(worst_momentum, (m1 * r->vector("p1.v_0", k) + m2 * r->vector("p2.v_0", k)).norm());
  }
  MESSAGE("point masses on a spring: worst length error " << worst_length << " m, momentum " << worst_momentum);
  CHECK(worst_length < 1e-8);
  CHECK(worst_momentum < 1e-9);
  CHECK(check_energy(*r, EnergyTolerance{.balance = 1e-7, .audit = 1e-9}));
}

TEST_CASE("multibody parts: a PointMass ordered before a free Body rigidly attached to it stops the run") {
  // The point mass and the body at the end of a rigid rod are one free assembly, pulled off its
  // center by a spring anchored in the World: it must turn. The first potential root in the order
  // of the component names orients the assembly. The point mass cannot (it would hold the assembly
  // unturned with a torque it cannot take): the run stops. With the body first, its quaternion does.
  const auto netlist = [](const std::string& bead) {
    return R"({ "format": "acausal/1",
      "components": {
        "world": { "type": "multibody.World", "params": { "gravity": "none" } },
        ")" + bead + R"(": { "type": "multibody.PointMass", "params": { "m": 0.5 } },
        "ball": { "type": "multibody.Body", "params": { "m": 1 },
                  "initial": { "r_0": [1, 1, 0], "v_0": [0, 0, 0], "w_a": [0, 0, 0] } },
        "rod": { "type": "multibody.FixedTranslation", "params": { "r": [1, 0, 0] } },
        "spring": { "type": "multibody.Spring", "params": { "c": 20 } } },
      "connections": [[")" + bead + R"(.frame_a", "rod.frame_a"], ["rod.frame_b", "ball.frame_a"],
                      ["world.frame_b", "spring.frame_a"], ["spring.frame_b", "ball.frame_a"]],
      "experiment": { "stop": 1, "interval": 0.05, "tolerance": 1e-8 },
      "outputs": [)" + vector_outputs(bead + ".r_0") + ", " + vector_outputs("ball.w_a") + R"(] })";
  };
  CHECK_THROWS_WITH_AS(simulate_netlist(netlist("atom")),  // "atom" comes before "ball"
                       doctest::Contains("atom: a point mass takes no torque"), SolverError);
  const auto r = simulate_netlist(netlist("pearl"));  // after "ball"
  CHECK(r->vector("ball.w_a", r->times().size() - 1).norm() > 0.1);  // the assembly turns
  CHECK(check_energy(*r, EnergyTolerance{.balance = 1e-7, .audit = 1e-8}));
}

// ---- Force and Torque in motion -----------------------------------------------------------------

TEST_CASE("multibody parts: a Force between two free bodies conserves momentum and angular momentum") {
  // F (world coordinates) pushes B at its center of mass and A back at its own, with the moment
  // −r × F that spins A: the centers of mass move on their parabolas, and the total momentum and
  // angular momentum (about the origin) stay what they were. No gravity; isotropic inertias.
  const Vector3d F(1.0, -0.5, 0.2);
  const double ma = 1.0, mb = 2.0, Ja = 0.4, Jb = 0.3;
  const Vector3d ra0(0, 0, 0), va0(0, 0.3, 0), rb0(1.5, 0, 0), vb0(0, -0.15, 0.1);
  const auto r = simulate_netlist(R"({ "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World", "params": { "gravity": "none" } },
      "a": { "type": "multibody.Body", "params": { "m": 1, "I_11": 0.4, "I_22": 0.4, "I_33": 0.4 },
             "initial": { "r_0": [0, 0, 0], "v_0": [0, 0.3, 0], "w_a": [0.2, 0, 0.1] } },
      "b": { "type": "multibody.Body", "params": { "m": 2, "I_11": 0.3, "I_22": 0.3, "I_33": 0.3 },
             "initial": { "r_0": [1.5, 0, 0], "v_0": [0, -0.15, 0.1], "w_a": [0, 0.5, 0] } },
      "push": { "type": "multibody.Force", "params": { "resolve_in_frame": "world" } })" + constants("f", F) + R"( },
    "connections": [["a.frame_a", "push.frame_a"], ["push.frame_b", "b.frame_a"])" + constant_links("f", "push.force") + R"(],
    "experiment": { "stop": 3, "interval": 0.05, "tolerance": 1e-10 },
    "outputs": [)" + vector_outputs("a.r_0") + ", " + vector_outputs("a.v_0") + ", " + vector_outputs("a.w_a") + ", " +
                                  vector_outputs("b.r_0") + ", " + vector_outputs("b.v_0") + ", " + vector_outputs("b.w_a") +
                                  ", " + rotation_outputs("a.frame_a") + ", " + rotation_outputs("b.frame_a") + R"(] })");
  const auto momentum = [&](std::size_t k) { return Vector3d(ma * r->vector("a.v_0", k) + mb * r->vector("b.v_0", k)); };
  const auto angular_momentum = [&](std::size_t k) {
    return Vector3d(ma * r->vector("a.r_0", k).cross(r->vector("a.v_0", k)) +
                    mb * r->vector("b.r_0", k).cross(r->vector("b.v_0", k)) +
                    Ja * rotation(*r, "a.frame_a", k).transpose() * r->vector("a.w_a", k) +
                    Jb * rotation(*r, "b.frame_a", k).transpose() * r->vector("b.w_a", k));
  };
  const Vector3d p0 = momentum(0), L0 = angular_momentum(0);
  double worst_path = 0.0, worst_p = 0.0, worst_L = 0.0, worst_spin_b = 0.0;
  for (std::size_t k = 0; k < r->times().size(); ++k) {
    const double t = r->times()[k];
    worst_path = std::max({worst_path, (r->vector("b.r_0", k) - (rb0 + vb0 * t + 0.5 * F / mb * t * t)).norm(),
                           (r->vector("a.r_0", k) - (ra0 + va0 * t - 0.5 * F / ma * t * t)).norm()});
    worst_p = std::max(worst_p, (momentum(k) - p0).norm());
    worst_L = std::max(worst_L, (angular_momentum(k) - L0).norm());
    worst_spin_b = std::max(worst_spin_b, (r->vector("b.w_a", k) - Vector3d(0, 0.5, 0)).norm());  // no torque on B
  }
  const std::size_t last = r->times().size() - 1;
  const Vector3d spin_a0(0.2, 0, 0.1), spin_a = rotation(*r, "a.frame_a", last).transpose() * r->vector("a.w_a", last);
  MESSAGE("Force pair: path " << worst_path << " m, |Δp| " << worst_p << ", |ΔL| " << worst_L << ", B's spin "
                              << worst_spin_b << ", A's spin change " << (spin_a - spin_a0).norm() << " rad/s");
  CHECK(worst_path < 1e-8);
  CHECK(worst_p < 1e-8);
  CHECK(worst_L < 1e-8);
  CHECK(worst_spin_b < 1e-9);
  CHECK((spin_a - spin_a0).norm() > 0.5);  // the moment of the pair spun A
  REQUIRE(r->result.energy);
  CHECK(r->result.energy->work_injected > 1.0);
  CHECK(check_energy(*r, EnergyTolerance{.balance = 1e-8, .audit = 1e-9}));
}

TEST_CASE("multibody parts: a Force resolved in frame_resolve pushes along that frame's axes") {
  // frame_resolve is the World turned by 90° about z: its x axis is the World's y. The input (F, 0, 0)
  // pushes a body held by nothing else from the World's origin along +y.
  const double m = 2.0, F = 3.0;
  const auto r = simulate_netlist(R"({ "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World", "params": { "gravity": "none" } },
      "turn": { "type": "multibody.FixedRotation", "params": { "n": [0, 0, 1], "angle": "90 deg" } },
      "body": { "type": "multibody.Body", "params": { "m": 2 },
                "initial": { "r_0": [0, 0, 0], "v_0": [0, 0, 0], "w_a": [0, 0, 0] } },
      "push": { "type": "multibody.Force", "params": { "resolve_in_frame": "frame_resolve" } })" +
                                  constants("f", Vector3d(F, 0, 0)) + R"( },
    "connections": [["world.frame_b", "push.frame_a", "turn.frame_a"], ["turn.frame_b", "push.frame_resolve"],
                    ["push.frame_b", "body.frame_a"])" + constant_links("f", "push.force") + R"(],
    "experiment": { "stop": 2, "interval": 0.1, "tolerance": 1e-10 },
    "outputs": [)" + vector_outputs("body.r_0") + ", " + vector_outputs("body.w_a") + R"(] })");
  double worst = 0.0;
  for (std::size_t k = 0; k < r->times().size(); ++k) {
    const double t = r->times()[k];
    worst = std::max({worst, (r->vector("body.r_0", k) - Vector3d(0, 0.5 * F / m * t * t, 0)).norm(),
                      r->vector("body.w_a", k).norm()});
  }
  MESSAGE("Force in frame_resolve: worst error " << worst);
  CHECK(worst < 1e-9);
  REQUIRE(r->result.energy);
  const double v_end = F / m * r->times().back();
  CHECK(r->result.energy->work_injected == doctest::Approx(0.5 * m * v_end * v_end).epsilon(1e-8));
  CHECK(check_energy(*r, EnergyTolerance{.balance = 1e-8, .audit = 1e-9}));
}

TEST_CASE("multibody parts: a Torque resolved in frame_a spins two free bodies apart and moves neither") {
  // τ about frame_a's z: with isotropic inertias both bodies turn about the World's z, B at τ/J_b·t
  // and A at −τ/J_a·t, so frame_a's z stays the World's z and the torque keeps its direction.
  const double tau = 0.2, Ja = 0.4, Jb = 0.1;
  const auto r = simulate_netlist(R"({ "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World", "params": { "gravity": "none" } },
      "a": { "type": "multibody.Body", "params": { "m": 1, "I_11": 0.4, "I_22": 0.4, "I_33": 0.4 },
             "initial": { "r_0": [0, 0, 0], "v_0": [0, 0, 0], "w_a": [0, 0, 0] } },
      "b": { "type": "multibody.Body", "params": { "m": 2, "I_11": 0.1, "I_22": 0.1, "I_33": 0.1 },
             "initial": { "r_0": [1, 0.5, 0], "v_0": [0, 0, 0], "w_a": [0, 0, 0] } },
      "twist": { "type": "multibody.Torque", "params": { "resolve_in_frame": "frame_a" } })" +
                                  constants("t", Vector3d(0, 0, tau)) + R"( },
    "connections": [["a.frame_a", "twist.frame_a"], ["twist.frame_b", "b.frame_a"])" + constant_links("t", "twist.torque") + R"(],
    "experiment": { "stop": 2, "interval": 0.1, "tolerance": 1e-10 },
    "outputs": [)" + vector_outputs("a.r_0") + ", " + vector_outputs("b.r_0") + ", " + vector_outputs("a.w_a") + ", " +
                                  vector_outputs("b.w_a") + R"(] })");
  double worst = 0.0;
  for (std::size_t k = 0; k < r->times().size(); ++k) {
    const double t = r->times()[k];
    worst = std::max({worst, (r->vector("a.w_a", k) - Vector3d(0, 0, -tau / Ja * t)).norm(),
                      (r->vector("b.w_a", k) - Vector3d(0, 0, tau / Jb * t)).norm(), r->vector("a.r_0", k).norm(),
                      (r->vector("b.r_0", k) - Vector3d(1, 0.5, 0)).norm()});
  }
  MESSAGE("Torque pair: worst error " << worst);
  CHECK(worst < 1e-9);
  REQUIRE(r->result.energy);
  const double t_end = r->times().back();
  CHECK(r->result.energy->work_injected ==
        doctest::Approx(0.5 * tau * tau * t_end * t_end * (1 / Ja + 1 / Jb)).epsilon(1e-8));
  CHECK(check_energy(*r, EnergyTolerance{.balance = 1e-8, .audit = 1e-9}));
}

TEST_CASE("multibody.Forces.Force and Forces.Torque name the same types as multibody.Force and Torque") {
  // Modelica's package path is a second name: the same component, listed once.
  const Registry& r = builtin_registry();
  CHECK(r.find("multibody.Forces.Force") == r.find("multibody.Force"));
  CHECK(r.find("multibody.Forces.Torque") == r.find("multibody.Torque"));
  CHECK(r.find("multibody.Forces.Force") != nullptr);
  std::size_t listed = 0;
  for (const Component* c : r.all()) listed += c->type() == "multibody.Force" ? 1u : 0u;
  CHECK(listed == 1);
  // Two free bodies pushed apart by 1 N along x: a = 1/m each way, x = ±a·t²/2 after 1 s.
  const auto run = simulate_netlist(R"({ "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World", "params": { "g": 0 } },
      "a": { "type": "multibody.Body", "params": { "m": 1 }, "initial": { "r_0": [0, 0, 0], "v_0": [0, 0, 0], "w_a": [0, 0, 0] } },
      "b": { "type": "multibody.Body", "params": { "m": 2 }, "initial": { "r_0": [1, 0, 0], "v_0": [0, 0, 0], "w_a": [0, 0, 0] } },
      "f": { "type": "multibody.Forces.Force", "params": { "resolve_in_frame": "world" } },
      "fx": { "type": "signal.Constant", "params": { "k": 1 } },
      "fy": { "type": "signal.Constant", "params": { "k": 0 } },
      "fz": { "type": "signal.Constant", "params": { "k": 0 } } },
    "connections": [["a.frame_a", "f.frame_a"], ["b.frame_a", "f.frame_b"], ["fx.y", "f.force[1]"], ["fy.y", "f.force[2]"],
                    ["fz.y", "f.force[3]"]],
    "experiment": { "stop": 1, "interval": 0.5 }, "outputs": ["a.r_0[1]", "b.r_0[1]"] })");
  CHECK(run->column("a.r_0[1]").back() == doctest::Approx(-0.5).epsilon(1e-9));
  CHECK(run->column("b.r_0[1]").back() == doctest::Approx(1.25).epsilon(1e-9));
}
