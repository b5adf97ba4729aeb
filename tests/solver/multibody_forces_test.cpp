// The 3D force elements, the free joint and the relative sensors of issue 11 in motion, each against
// an analytic solution or a fixed-step RK4 written here: a body on a FreeMotion joint falls on the
// parabola and tumbles with constant angular momentum (the joint drawn either way round), a
// ForceAndTorque pair conserves momentum and applies the commanded force in the frame it is resolved
// in, SpringDamperParallel gives the damped oscillator, SpringDamperSeries relaxes with c/d, a
// line spring's point mass adds λ²·m to the oscillating mass and λ·m to the weight, and the
// relative sensors read known motions.

#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <Eigen/Geometry>
#include <array>
#include <cmath>
#include <memory>
#include <string>

#include "components/multibody/free_orientation.hpp"
#include "tests/support/simulation_run.hpp"

using namespace acausal;
using namespace acausal::testing;
using Eigen::Matrix3d;
using Eigen::Vector3d;

namespace {

constexpr double kG = 9.80665;

std::string json_vector(const Vector3d& x) {
  return "[" + json_number(x(0)) + ", " + json_number(x(1)) + ", " + json_number(x(2)) + "]";
}

}  // namespace

// ---- FreeMotion ---------------------------------------------------------------------------------

TEST_CASE("FreeMotion from the World: the body falls on the parabola and tumbles with constant angular momentum") {
  // A body with principal moments 0.1, 0.2, 0.3 spun about all three axes: free rigid-body rotation
  // (the spin changes in the body) with L = R_bᵀ·I·w_b constant in the world, while frame_a's
  // origin (the center of mass) falls as a thrown point. The joint's states are the body's motion.
  const Vector3d r0(0, 2, 0), v0(1, 3, -0.5), w0(0.5, 2, 0.3);
  const auto r = simulate_netlist(R"({
    "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World" },
      "free": { "type": "multibody.FreeMotion", "params": { "phi_start": [0.1, 0.2, 0.3] },
                "initial": { "r_rel_a": )" + json_vector(r0) + R"(, "v_rel_a": )" + json_vector(v0) +
                                  R"(, "w_rel_b": )" + json_vector(w0) + R"( } },
      "body": { "type": "multibody.Body", "params": { "m": 2, "I_11": 0.1, "I_22": 0.2, "I_33": 0.3 } }
    },
    "connections": [["world.frame_b", "free.frame_a"], ["free.frame_b", "body.frame_a"]],
    "experiment": { "stop": 3, "interval": 0.05, "tolerance": 1e-10 },
    "outputs": [)" + vector_outputs("free.r_rel_a") + ", " + vector_outputs("body.r_0") + ", " +
                                  vector_outputs("body.w_a") + ", " + vector_outputs("free.w_rel_b") + ", " +
                                  rotation_outputs("body.frame_a") + R"(]
  })");
  const Matrix3d I = Vector3d(0.1, 0.2, 0.3).asDiagonal();
  const Vector3d g(0, -kG, 0);
  const std::size_t rows = r->times().size();
  REQUIRE(rows == 61);
  CHECK((rotation(*r, "body.frame_a", 0) - multibody_components::cardan_123({0.1, 0.2, 0.3})).norm() < 1e-12);
  const Vector3d L0 = rotation(*r, "body.frame_a", 0).transpose() * I * w0;
  double worst_position = 0.0, worst_momentum = 0.0;
  bool tumbles = false;
  for (std::size_t k = 0; k < rows; ++k) {
    const double t = r->times()[k];
    CAPTURE(t);
    const Vector3d expected = r0 + v0 * t + 0.5 * g * t * t;
    worst_position = std::max(worst_position, (r->vector("free.r_rel_a", k) - expected).norm());
    CHECK((r->vector("body.r_0", k) - r->vector("free.r_rel_a", k)).norm() < 1e-12);  // frame_a is the world
    CHECK((r->vector("body.w_a", k) - r->vector("free.w_rel_b", k)).norm() < 1e-12);
    const Matrix3d R = rotation(*r, "body.frame_a", k);
    CHECK((R * R.transpose() - Matrix3d::Identity()).norm() < 1e-12);
    worst_momentum = std::max(worst_momentum, (R.transpose() * I * r->vector("body.w_a", k) - L0).norm() / L0.norm());
    tumbles = tumbles || std::abs(r->vector("body.w_a", k)(0) - w0(0)) > 0.1;
  }
  MESSAGE("FreeMotion fall: worst position error " << worst_position << " m, worst relative |ΔL| " << worst_momentum);
  CHECK(worst_position < 1e-8);
  CHECK(worst_momentum < 1e-7);
  CHECK(tumbles);
  CHECK(check_energy(*r, EnergyTolerance{.balance = 1e-8, .audit = 1e-9}));
}

TEST_CASE("FreeMotion drawn from the body to the World: the same fall, r_rel_a seen from the body") {
  // World on frame_b, the body on frame_a: the orientation flows through the joint from frame_b to
  // frame_a, and the joint's states describe the world seen from the body. For the body at
  // r = (0, 2, 0) with v = (1, 3, −0.5), spinning at w = (0, 0, 2), not rotated at the start:
  // r_rel_a = R_a·(0 − r) = −r, v_rel_a = der(R_a·(−r)) = w × r − v = (−5, −3, 0.5), and
  // w_a = R_relᵀ·(0 − w_rel_b) gives w_rel_b = −w. The body must come out of these states falling on
  // its parabola and spinning about its principal axis z.
  const auto r = simulate_netlist(R"({
    "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World" },
      "free": { "type": "multibody.FreeMotion",
                "initial": { "r_rel_a": [0, -2, 0], "v_rel_a": [-5, -3, 0.5], "w_rel_b": [0, 0, -2] } },
      "body": { "type": "multibody.Body", "params": { "m": 2, "I_11": 0.1, "I_22": 0.2, "I_33": 0.3 } }
    },
    "connections": [["world.frame_b", "free.frame_b"], ["free.frame_a", "body.frame_a"]],
    "experiment": { "stop": 2, "interval": 0.05, "tolerance": 1e-10 },
    "outputs": [)" + vector_outputs("free.r_rel_a") + ", " + vector_outputs("body.r_0") + ", " +
                                  vector_outputs("body.w_a") + ", " + rotation_outputs("body.frame_a") + R"(]
  })");
  double worst = 0.0;
  for (std::size_t k = 0; k < r->times().size(); ++k) {
    const double t = r->times()[k];
    CAPTURE(t);
    const Vector3d expected = Vector3d(0, 2, 0) + Vector3d(1, 3, -0.5) * t + 0.5 * Vector3d(0, -kG, 0) * t * t;
    worst = std::max(worst, (r->vector("body.r_0", k) - expected).norm());
    CHECK((r->vector("body.w_a", k) - Vector3d(0, 0, 2)).norm() < 1e-9);
    // The body turned by 2·t about z; the world origin from the body, in body coordinates.
    const Matrix3d R = rotation(*r, "body.frame_a", k);
    CHECK((R - Eigen::AngleAxisd(2 * t, Vector3d::UnitZ()).toRotationMatrix().transpose()).norm() < 1e-8);
    CHECK((r->vector("free.r_rel_a", k) - R * (-r->vector("body.r_0", k))).norm() < 1e-12);
  }
  MESSAGE("FreeMotion reversed: worst position error " << worst << " m");
  CHECK(worst < 1e-8);
  CHECK(check_energy(*r, EnergyTolerance{.balance = 1e-8, .audit = 1e-9}));
}

// ---- ForceAndTorque -----------------------------------------------------------------------------

TEST_CASE("ForceAndTorque between two free bodies: the commanded force, conserved momenta, injected work") {
  // F and T in world coordinates act on B (at its center of mass), −F and −T − r × F on A: each
  // center of mass moves on its parabola, B's spin angular momentum grows by T·t, and the totals of
  // momentum and angular momentum stay what they were. No gravity.
  const Vector3d F(1.0, -0.5, 0.2), T(0.1, 0.05, -0.2);
  const double ma = 1.0, mb = 2.0;
  const Matrix3d Ia = Vector3d(0.5, 0.6, 0.7).asDiagonal(), Ib = Vector3d(0.2, 0.3, 0.4).asDiagonal();
  const Vector3d ra0(0, 0, 0), va0(0, 0.3, 0), rb0(1.5, 0, 0), vb0(0, -0.15, 0.1);
  const auto r = simulate_netlist(R"({
    "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World", "params": { "gravity": "none" } },
      "a": { "type": "multibody.Body", "params": { "m": 1, "I_11": 0.5, "I_22": 0.6, "I_33": 0.7 },
             "initial": { "r_0": [0, 0, 0], "v_0": [0, 0.3, 0], "w_a": [0.2, 0, 0.1] } },
      "b": { "type": "multibody.Body", "params": { "m": 2, "I_11": 0.2, "I_22": 0.3, "I_33": 0.4 },
             "initial": { "r_0": [1.5, 0, 0], "v_0": [0, -0.15, 0.1], "w_a": [0, 0.5, 0] } },
      "push": { "type": "multibody.ForceAndTorque", "params": { "resolve_in_frame": "world" } })" +
                                  constants("f", F) + constants("t", T) + R"(
    },
    "connections": [["a.frame_a", "push.frame_a"], ["push.frame_b", "b.frame_a"])" +
                                  constant_links("f", "push.force") + constant_links("t", "push.torque") + R"(],
    "experiment": { "stop": 3, "interval": 0.05, "tolerance": 1e-10 },
    "outputs": [)" + vector_outputs("a.r_0") + ", " + vector_outputs("a.v_0") + ", " + vector_outputs("a.w_a") + ", " +
                                  vector_outputs("b.r_0") + ", " + vector_outputs("b.v_0") + ", " +
                                  vector_outputs("b.w_a") + ", " + rotation_outputs("a.frame_a") + ", " +
                                  rotation_outputs("b.frame_a") + R"(]
  })");
  const auto momentum = [&](std::size_t k) { return Vector3d(ma * r->vector("a.v_0", k) + mb * r->vector("b.v_0", k)); };
  const auto spin = [&](const std::string& body, const Matrix3d& I, std::size_t k) {
    return Vector3d(rotation(*r, body + ".frame_a", k).transpose() * I * r->vector(body + ".w_a", k));
  };
  const auto angular_momentum = [&](std::size_t k) {
    return Vector3d(ma * r->vector("a.r_0", k).cross(r->vector("a.v_0", k)) +
                    mb * r->vector("b.r_0", k).cross(r->vector("b.v_0", k)) + spin("a", Ia, k) + spin("b", Ib, k));
  };
  const Vector3d p0 = momentum(0), L0 = angular_momentum(0), Lb0 = spin("b", Ib, 0);
  double worst_path = 0.0, worst_p = 0.0, worst_L = 0.0, worst_spin = 0.0;
  for (std::size_t k = 0; k < r->times().size(); ++k) {
    const double t = r->times()[k];
    worst_path = std::max({worst_path, (r->vector("b.r_0", k) - (rb0 + vb0 * t + 0.5 * F / mb * t * t)).norm(),
                           (r->vector("a.r_0", k) - (ra0 + va0 * t - 0.5 * F / ma * t * t)).norm()});
    worst_p = std::max(worst_p, (momentum(k) - p0).norm());
    worst_L = std::max(worst_L, (angular_momentum(k) - L0).norm());
    worst_spin = std::max(worst_spin, (spin("b", Ib, k) - (Lb0 + T * t)).norm());
  }
  // Momenta against their scales at the end: the impulse |F|·t and Σ m·|r|·|v|.
  const std::size_t last = r->times().size() - 1;
  const double impulse = F.norm() * r->times().back();
  const double moment = ma * r->vector("a.r_0", last).norm() * r->vector("a.v_0", last).norm() +
                        mb * r->vector("b.r_0", last).norm() * r->vector("b.v_0", last).norm();
  MESSAGE("ForceAndTorque pair: path " << worst_path << " m, |Δp| " << worst_p / impulse << " of |F|·t, |ΔL| "
                                       << worst_L / moment << " of Σ m|r||v|, B's spin vs Lb0 + T·t " << worst_spin);
  CHECK(worst_path < 1e-8);
  CHECK(worst_p < 1e-8 * impulse);
  CHECK(worst_L < 1e-8 * moment);
  CHECK(worst_spin < 1e-8);
  REQUIRE(r->result.energy);
  CHECK(r->result.energy->work_injected > 1.0);  // the pair did work on the bodies ...
  CHECK(check_energy(*r, EnergyTolerance{.balance = 1e-8, .audit = 1e-9}));  // ... which is the energy they gained
}

TEST_CASE("ForceAndTorque resolved in frame_b: a fixed push along a spinning body's x curls its path") {
  // A body spinning at w about z (a principal axis; no torque) is pushed by F along its own x axis,
  // which points along (cos wt, sin wt, 0): a = F/m·(cos wt, sin wt, 0), so from rest
  // v = F/(m·w)·(sin wt, 1 − cos wt, 0) and r = F/(m·w)·((1 − cos wt)/w, t − sin(wt)/w, 0).
  const double m = 2.0, F = 3.0, w = 2.0;
  const auto r = simulate_netlist(R"({
    "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World", "params": { "gravity": "none" } },
      "body": { "type": "multibody.Body", "params": { "m": 2, "I_11": 0.1, "I_22": 0.1, "I_33": 0.2 },
                "initial": { "r_0": [0, 0, 0], "v_0": [0, 0, 0], "w_a": [0, 0, 2] } },
      "push": { "type": "multibody.ForceAndTorque" })" +
                                  constants("f", Vector3d(F, 0, 0)) + constants("t", Vector3d::Zero()) + R"(
    },
    "connections": [["world.frame_b", "push.frame_a"], ["push.frame_b", "body.frame_a"])" +
                                  constant_links("f", "push.force") + constant_links("t", "push.torque") + R"(],
    "experiment": { "stop": 5, "interval": 0.05, "tolerance": 1e-10 },
    "outputs": [)" + vector_outputs("body.r_0") + ", " + vector_outputs("body.v_0") + ", " +
                                  vector_outputs("body.w_a") + R"(]
  })");
  double worst = 0.0;
  for (std::size_t k = 0; k < r->times().size(); ++k) {
    const double t = r->times()[k], s = F / (m * w);
    worst = std::max({worst,
                      (r->vector("body.v_0", k) - s * Vector3d(std::sin(w * t), 1 - std::cos(w * t), 0)).norm(),
                      (r->vector("body.r_0", k) - s * Vector3d((1 - std::cos(w * t)) / w, t - std::sin(w * t) / w, 0)).norm()});
    CHECK((r->vector("body.w_a", k) - Vector3d(0, 0, w)).norm() < 1e-9);
  }
  MESSAGE("ForceAndTorque in frame_b: worst error " << worst);
  CHECK(worst < 1e-7);
  CHECK(check_energy(*r, EnergyTolerance{.balance = 1e-8, .audit = 1e-9}));
}

TEST_CASE("ForceAndTorque resolved in frame_a: frame_a turned 90 deg about z pushes along the world's y") {
  // frame_a is a FixedRotation of the World by 90° about z: its x axis is the world's y. The input
  // force (F, 0, 0) and torque (0, 0, τ) in frame_a push the body along +y and spin it about z.
  const double m = 2.0, F = 3.0, tau = 0.2, J = 0.1;
  const auto r = simulate_netlist(R"({
    "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World", "params": { "gravity": "none" } },
      "turn": { "type": "multibody.FixedRotation", "params": { "n": [0, 0, 1], "angle": "90 deg" } },
      "body": { "type": "multibody.Body", "params": { "m": 2, "I_11": 0.1, "I_22": 0.1, "I_33": 0.1 },
                "initial": { "r_0": [0, 0, 0], "v_0": [0, 0, 0], "w_a": [0, 0, 0] } },
      "push": { "type": "multibody.ForceAndTorque", "params": { "resolve_in_frame": "frame_a" } })" +
                                  constants("f", Vector3d(F, 0, 0)) + constants("t", Vector3d(0, 0, tau)) + R"(
    },
    "connections": [["world.frame_b", "turn.frame_a"], ["turn.frame_b", "push.frame_a"], ["push.frame_b", "body.frame_a"])" +
                                  constant_links("f", "push.force") + constant_links("t", "push.torque") + R"(],
    "experiment": { "stop": 2, "interval": 0.1, "tolerance": 1e-10 },
    "outputs": [)" + vector_outputs("body.r_0") + ", " + vector_outputs("body.w_a") + R"(]
  })");
  for (std::size_t k = 0; k < r->times().size(); ++k) {
    const double t = r->times()[k];
    CAPTURE(t);
    CHECK((r->vector("body.r_0", k) - Vector3d(0, 0.5 * F / m * t * t, 0)).norm() < 1e-9);
    CHECK((r->vector("body.w_a", k) - Vector3d(0, 0, tau / J * t)).norm() < 1e-9);
  }
  REQUIRE(r->result.energy);
  const double t_end = r->times().back();
  const double gained = 0.5 * m * std::pow(F / m * t_end, 2) + 0.5 * J * std::pow(tau / J * t_end, 2);
  CHECK(r->result.energy->work_injected == doctest::Approx(gained).epsilon(1e-8));
  CHECK(check_energy(*r, EnergyTolerance{.balance = 1e-8, .audit = 1e-9}));
}

// ---- line forces on a vertical slider -----------------------------------------------------------

namespace {

/// A body of mass M on a vertical prismatic joint (frame_b's origin at height s), hung from the
/// World's origin by the line force `element` (its JSON), started at rest at height s0.
std::string hanging(const std::string& element, double M, double s0, double stop = 3.0) {
  return R"({
    "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World" },
      "slider": { "type": "multibody.Prismatic", "params": { "n": [0, 1, 0] },
                  "initial": { "s": )" + json_number(s0) + R"(, "v": 0 } },
      "body": { "type": "multibody.Body", "params": { "m": )" + json_number(M) + R"( } },
      "line": )" + element + R"(
    },
    "connections": [["world.frame_b", "slider.frame_a", "line.frame_a"], ["slider.frame_b", "body.frame_a", "line.frame_b"]],
    "experiment": { "stop": )" + json_number(stop) + R"(, "interval": 0.01, "tolerance": 1e-10 },
    "outputs": ["slider.s", "slider.v", "line.f"]
  })";
}

}  // namespace

TEST_CASE("SpringDamperParallel holding a body on a slider: the damped oscillator, E + W_loss conserved") {
  // Below the origin the distance is L = −y, and the tension c·(L − s0) + d·dL/dt pulls the body up:
  // M·ÿ = −M·g − c·(y + s0) − d·ẏ. With x = y − y_eq, y_eq = −(s0 + M·g/c): ẍ + 2ζω·ẋ + ω²·x = 0.
  const double M = 2.0, c = 200.0, d = 4.0, s0 = 0.3, drop = 0.05;
  const double y_eq = -(s0 + M * kG / c), w0 = std::sqrt(c / M), zeta = d / (2 * std::sqrt(c * M));
  const double wd = w0 * std::sqrt(1 - zeta * zeta);
  const auto r = simulate_netlist(hanging(R"({ "type": "multibody.SpringDamperParallel",
      "params": { "c": 200, "s_unstretched": 0.3, "d": 4 } })", M, y_eq - drop));
  double worst = 0.0, worst_f = 0.0;
  for (std::size_t k = 0; k < r->times().size(); ++k) {
    const double t = r->times()[k], decay = std::exp(-zeta * w0 * t);
    const double x = -drop * decay * (std::cos(wd * t) + zeta * w0 / wd * std::sin(wd * t));
    const double xdot = -drop * decay * (-wd * std::sin(wd * t) + zeta * w0 * std::cos(wd * t)) - zeta * w0 * x;
    worst = std::max(worst, std::abs(r->column("slider.s")[k] - (y_eq + x)));
    // The tension the element reports: c·(L − s0) + d·dL/dt with L = −y.
    worst_f = std::max(worst_f, std::abs(r->column("line.f")[k] - (c * (-(y_eq + x) - s0) - d * xdot)));
  }
  MESSAGE("SpringDamperParallel oscillator: worst |Δy| " << worst << " m, worst |Δf| " << worst_f << " N");
  CHECK(worst < 1e-8);
  CHECK(worst_f < 1e-5);
  REQUIRE(r->result.energy);
  CHECK(r->result.energy->work_lost > 0.5 * 0.5 * c * drop * drop);  // most of the swing is gone after 3 s
  CHECK(check_energy(*r, EnergyTolerance{.balance = 1e-8, .audit = 1e-9}));
}

TEST_CASE("a line spring's point mass adds lambda²·m to the moving mass and lambda·m to the weight") {
  // The point mass sits at λ·r_body (frame_a is the World's origin): it moves with λ·ẏ, so the body
  // feels λ·m·(λ·ÿ + g) of it: (M + λ²·m)·ÿ = −(M + λ·m)·g − c·(y + s0). It oscillates at
  // ω = √(c/(M + λ²·m)) about y_eq = −s0 − (M + λ·m)·g/c. λ = 0: the World holds it all; λ = 1: it
  // rides with the body. Both Spring and SpringDamperParallel (d = 0) carry it.
  const double M = 1.5, m = 0.8, c = 150.0, s0 = 0.4, drop = 0.03;
  for (const std::string type : {"multibody.Spring", "multibody.SpringDamperParallel"}) {
    for (const double lambda : {0.0, 0.5, 1.0}) {
      CAPTURE(type);
      CAPTURE(lambda);
      const double w = std::sqrt(c / (M + lambda * lambda * m)), y_eq = -s0 - (M + lambda * m) * kG / c;
      const auto r = simulate_netlist(hanging(R"({ "type": ")" + type + R"(", "params": { "c": 150,
          "s_unstretched": 0.4, "m": 0.8, "length_fraction": )" + json_number(lambda) + R"( } })",
                                              M, y_eq - drop));
      double worst = 0.0;
      for (std::size_t k = 0; k < r->times().size(); ++k) {
        const double t = r->times()[k];
        worst = std::max(worst, std::abs(r->column("slider.s")[k] - (y_eq - drop * std::cos(w * t))));
      }
      MESSAGE(type << " with a point mass at lambda = " << lambda << ": worst |Δy| " << worst << " m");
      CHECK(worst < 1e-8);
      REQUIRE(r->result.energy);
      CHECK(r->result.energy->work_lost == 0.0);
      CHECK(check_energy(*r, EnergyTolerance{.balance = 1e-8, .audit = 1e-9}));
    }
  }
}

TEST_CASE("SpringDamperSeries held at a fixed length relaxes with the time constant d/c") {
  // Between the World's origin and a Fixed frame 1.5 m below: d·ṡ_d = c·(L − s0 − s_d), so
  // f(t) = c·(L − s0 − s_d(0))·exp(−t·c/d) and the spring's energy all goes to the damper.
  const double c = 50.0, d = 10.0, s0 = 0.5, L = 1.5, sd0 = 0.2;
  const auto r = simulate_netlist(R"({
    "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World" },
      "anchor": { "type": "multibody.Fixed", "params": { "r": [0, -1.5, 0] } },
      "line": { "type": "multibody.SpringDamperSeries",
                "params": { "c": 50, "d": 10, "s_unstretched": 0.5, "s_damper_start": 0.2 } }
    },
    "connections": [["world.frame_b", "line.frame_a"], ["anchor.frame_b", "line.frame_b"]],
    "experiment": { "stop": 2, "interval": 0.01, "tolerance": 1e-10 },
    "outputs": ["line.f", "line.s_damper", "line.s"]
  })");
  double worst = 0.0;
  for (std::size_t k = 0; k < r->times().size(); ++k) {
    const double t = r->times()[k], decay = std::exp(-t * c / d);
    CHECK(r->column("line.s")[k] == doctest::Approx(L));
    worst = std::max({worst, std::abs(r->column("line.f")[k] - c * (L - s0 - sd0) * decay),
                      c * std::abs(r->column("line.s_damper")[k] - ((L - s0) - (L - s0 - sd0) * decay))});
  }
  MESSAGE("SpringDamperSeries relaxation: worst |Δf| " << worst << " N");
  CHECK(worst < 1e-7);
  REQUIRE(r->result.energy);
  const double E0 = 0.5 * c * (L - s0 - sd0) * (L - s0 - sd0);
  CHECK(r->result.energy->stored_start == doctest::Approx(E0));
  CHECK(r->result.energy->work_lost == doctest::Approx(E0 * (1 - std::exp(-2 * 2 * c / d))).epsilon(1e-7));
  CHECK(check_energy(*r, EnergyTolerance{.balance = 1e-8, .audit = 1e-9}));
}

TEST_CASE("SpringDamperSeries pulling a body on a slider matches an RK4 of its third-order law") {
  // No gravity; the body at x on a horizontal slider, the element from the World's origin: L = x,
  // f = c·(x − s0 − s_d), M·ẍ = −f, d·ṡ_d = f.
  const double M = 1.0, c = 100.0, d = 5.0, s0 = 0.5;
  const auto r = simulate_netlist(R"({
    "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World", "params": { "gravity": "none" } },
      "slider": { "type": "multibody.Prismatic", "params": { "n": [1, 0, 0] }, "initial": { "s": 1.0, "v": 0 } },
      "body": { "type": "multibody.Body", "params": { "m": 1 } },
      "line": { "type": "multibody.SpringDamperSeries", "params": { "c": 100, "d": 5, "s_unstretched": 0.5 } }
    },
    "connections": [["world.frame_b", "slider.frame_a", "line.frame_a"], ["slider.frame_b", "body.frame_a", "line.frame_b"]],
    "experiment": { "stop": 3, "interval": 0.01, "tolerance": 1e-10 },
    "outputs": ["slider.s", "line.s_damper", "line.f"]
  })");
  using State = std::array<double, 3>;  // x, v, s_d
  const auto rate = [&](const State& s) {
    const double f = c * (s[0] - s0 - s[2]);
    return State{s[1], -f / M, f / d};
  };
  State s{1.0, 0.0, 0.0};
  const double h = 1e-4;
  double worst = 0.0;
  for (std::size_t k = 0; k < r->times().size(); ++k) {
    worst = std::max({worst, std::abs(r->column("slider.s")[k] - s[0]), std::abs(r->column("line.s_damper")[k] - s[2])});
    for (int n = 0; n < 100; ++n) {
      const auto step = [&](const State& x, double a, const State& k1) {
        return State{x[0] + a * k1[0], x[1] + a * k1[1], x[2] + a * k1[2]};
      };
      const State k1 = rate(s), k2 = rate(step(s, h / 2, k1)), k3 = rate(step(s, h / 2, k2)), k4 = rate(step(s, h, k3));
      for (std::size_t i = 0; i < 3; ++i) s[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
    }
  }
  MESSAGE("SpringDamperSeries vs RK4: worst error " << worst << " m");
  CHECK(worst < 1e-7);
  REQUIRE(r->result.energy);
  CHECK(r->result.energy->work_lost > 0.5 * 0.5 * c * 0.25);  // most of the start energy is gone by 3 s
  CHECK(check_energy(*r, EnergyTolerance{.balance = 1e-8, .audit = 1e-9}));
}

// ---- relative sensors ---------------------------------------------------------------------------

TEST_CASE("the relative velocity sensors read two free bodies' known motions in every frame") {
  // No gravity, no forces: A drifts along x at 0.5 m/s spinning about z at 1.5 rad/s, B drifts along
  // z at 0.4 m/s spinning about x at 0.8 rad/s (spherical inertias: the spins stay put). So
  // R_a = Rz(1.5·t)ᵀ, R_b = Rx(0.8·t)ᵀ, d = r_b − r_a = (1 − 0.5·t, 2, 0.4·t), and from frame_a
  // v_rel = der(R_a·d) = der(R_a)·d + R_a·der(d); w_rel = (0.8, 0, −1.5) in the world.
  const auto r = simulate_netlist(R"({
    "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World", "params": { "gravity": "none" } },
      "a": { "type": "multibody.Body", "params": { "m": 1, "I_11": 0.1, "I_22": 0.1, "I_33": 0.1 },
             "initial": { "r_0": [0, 0, 0], "v_0": [0.5, 0, 0], "w_a": [0, 0, 1.5] } },
      "b": { "type": "multibody.Body", "params": { "m": 1, "I_11": 0.1, "I_22": 0.1, "I_33": 0.1 },
             "initial": { "r_0": [1, 2, 0], "v_0": [0, 0, 0.4], "w_a": [0.8, 0, 0] } },
      "va": { "type": "multibody.RelativeVelocitySensor" },
      "vw": { "type": "multibody.RelativeVelocitySensor", "params": { "resolve_in_frame": "world" } },
      "vb": { "type": "multibody.RelativeVelocitySensor", "params": { "resolve_in_frame": "frame_b" } },
      "vr": { "type": "multibody.RelativeVelocitySensor", "params": { "resolve_in_frame": "frame_resolve" } },
      "wa": { "type": "multibody.RelativeAngularVelocitySensor" },
      "wb": { "type": "multibody.RelativeAngularVelocitySensor", "params": { "resolve_in_frame": "frame_b" } },
      "ww": { "type": "multibody.RelativeAngularVelocitySensor", "params": { "resolve_in_frame": "world" } }
    },
    "connections": [["a.frame_a", "va.frame_a", "vw.frame_a", "vb.frame_a", "vr.frame_a", "wa.frame_a", "wb.frame_a", "ww.frame_a"],
                    ["b.frame_a", "va.frame_b", "vw.frame_b", "vb.frame_b", "vr.frame_b", "wa.frame_b", "wb.frame_b", "ww.frame_b"],
                    ["world.frame_b", "vr.frame_resolve"]],
    "experiment": { "stop": 3, "interval": 0.05, "tolerance": 1e-10 },
    "outputs": [)" + vector_outputs("va.v_rel") + ", " + vector_outputs("vw.v_rel") + ", " +
                                  vector_outputs("vb.v_rel") + ", " + vector_outputs("vr.v_rel") + ", " +
                                  vector_outputs("wa.w_rel") + ", " + vector_outputs("wb.w_rel") + ", " +
                                  vector_outputs("ww.w_rel") + R"(]
  })");
  double worst = 0.0;
  for (std::size_t k = 0; k < r->times().size(); ++k) {
    const double t = r->times()[k], ca = std::cos(1.5 * t), sa = std::sin(1.5 * t);
    Matrix3d Ra, Ra_dot, Rb;
    Ra << ca, sa, 0, -sa, ca, 0, 0, 0, 1;
    Ra_dot << -sa, ca, 0, -ca, -sa, 0, 0, 0, 0;
    Ra_dot *= 1.5;
    Rb << 1, 0, 0, 0, std::cos(0.8 * t), std::sin(0.8 * t), 0, -std::sin(0.8 * t), std::cos(0.8 * t);
    const Vector3d d(1 - 0.5 * t, 2, 0.4 * t), d_dot(-0.5, 0, 0.4);
    const Vector3d v_rel_a = Ra_dot * d + Ra * d_dot, v_rel_0 = Ra.transpose() * v_rel_a;
    const Vector3d w_rel_0(0.8, 0, -1.5);
    worst = std::max({worst, (r->vector("va.v_rel", k) - v_rel_a).norm(), (r->vector("vw.v_rel", k) - v_rel_0).norm(),
                      (r->vector("vb.v_rel", k) - Rb * v_rel_0).norm(), (r->vector("vr.v_rel", k) - v_rel_0).norm(),
                      (r->vector("wa.w_rel", k) - Ra * w_rel_0).norm(), (r->vector("wb.w_rel", k) - Rb * w_rel_0).norm(),
                      (r->vector("ww.w_rel", k) - w_rel_0).norm()});
  }
  MESSAGE("relative sensors: worst error " << worst);
  CHECK(worst < 1e-8);
  CHECK(check_energy(*r, EnergyTolerance{.balance = 1e-8, .audit = 1e-9}));
}

TEST_CASE("the example tethered_body.json: the sensors agree with the joint, the energy account closes") {
  // A body on a FreeMotion joint from the World, tethered by a SpringDamperParallel with a point
  // mass. frame_a of the joint and of both sensors is the World, so the velocity sensor (resolved
  // in the world) reads the joint's v_rel_a, and the angular velocity sensor reads the joint's
  // w_rel_b turned into the world: the same length.
  const auto r = simulate_netlist_file(std::string(ACAUSAL_SOURCE_DIR) + "/netlists/tethered_body.json");
  double worst = 0.0;
  for (std::size_t k = 0; k < r->times().size(); ++k)
    worst = std::max({worst, (r->vector("speed.v_rel", k) - r->vector("free.v_rel_a", k)).norm(),
                      std::abs(r->vector("spin.w_rel", k).norm() - r->vector("free.w_rel_b", k).norm())});
  CHECK(worst < 1e-9);
  REQUIRE(r->result.energy);
  CHECK(r->result.energy->work_lost > 0.5);  // the damper took a good part of the swing
  CHECK(check_energy(*r, EnergyTolerance{.balance = 1e-6, .audit = 1e-9}));
}
