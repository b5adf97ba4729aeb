// The 3D seeds in motion: Body Spring & Damper (seed 000) between two free bodies against an
// independent integration of its force law, with momenta and energy; its singular cases; and a
// body hanging on a Rod (seed 004) against the analytic oscillation.

#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <array>
#include <cmath>
#include <memory>
#include <string>

#include "components/registry.hpp"
#include "core/analysis/program.hpp"
#include "core/model/model.hpp"
#include "solver/simulation.hpp"
#include "solver/solver_error.hpp"
#include "tests/support/simulation_run.hpp"

using namespace acausal;
using namespace acausal::testing;

namespace {

/// Two free bodies (no gravity) joined at their centers of mass by a Body Spring & Damper.
std::string two_bodies(double k, double b, double r0, const std::string& start_a, const std::string& start_b,
                       double stop = 10.0) {
  return R"({
    "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World", "params": { "gravity": "none" } },
      "a": { "type": "multibody.Body", "params": { "m": 1, "I_11": 0.01, "I_22": 0.02, "I_33": 0.03 },
             "initial": )" + start_a + R"( },
      "b": { "type": "multibody.Body", "params": { "m": 2, "I_11": 0.02, "I_22": 0.02, "I_33": 0.02 },
             "initial": )" + start_b + R"( },
      "spring": { "type": "multibody.BodySpringDamper", "params": { "k": )" + json_number(k) + R"(, "b": )" + json_number(b) +
         R"(, "r0": )" + json_number(r0) + R"( } }
    },
    "connections": [["a.frame_a", "spring.frame_a"], ["spring.frame_b", "b.frame_a"]],
    "experiment": { "stop": )" + json_number(stop) + R"(, "interval": 0.05, "tolerance": 1e-10 },
    "outputs": ["a.r_0[1]", "a.r_0[2]", "a.r_0[3]", "a.v_0[1]", "a.v_0[2]", "a.v_0[3]",
                "b.r_0[1]", "b.r_0[2]", "b.r_0[3]", "b.v_0[1]", "b.v_0[2]", "b.v_0[3]",
                "spring.F[1]", "spring.F[2]", "spring.F[3]", "spring.length"]
  })";
}

/// Seed 000's force of A on B, written out again.
Eigen::Vector3d seed_force(double k, double b, double r0, const Eigen::Vector3d& r, const Eigen::Vector3d& v) {
  const double L = r.norm();
  return -k * (L - r0) * r / L - b * v.dot(r) * r / (L * L);
}

}  // namespace

TEST_CASE("seed 000: two free bodies on a Body Spring & Damper conserve momentum and match an RK4 of the force law") {
  const double k = 20.0, r0 = 1.0, ma = 1.0, mb = 2.0;
  for (const double b : {0.0, 0.8}) {
    CAPTURE(b);
    const auto r = simulate_netlist(two_bodies(k, b, r0, R"({ "r_0": [0, 0, 0], "v_0": [0, 0.3, 0], "w_a": [0.2, 0, 0.1] })",
                                  R"({ "r_0": [1.5, 0, 0], "v_0": [0, -0.15, 0.1], "w_a": [0, 0, 0] })"));
    // The reference: two point masses under F on B and −F on A, fixed-step RK4 (h = 1e-4).
    using State = std::array<Eigen::Vector3d, 4>;  // ra, va, rb, vb
    auto rate = [&](const State& s) {
      const Eigen::Vector3d F = seed_force(k, b, r0, s[2] - s[0], s[3] - s[1]);
      return State{s[1], Eigen::Vector3d(-F / ma), s[3], Eigen::Vector3d(F / mb)};
    };
    auto axpy = [](const State& s, double h, const State& d) {
      State out;
      for (std::size_t i = 0; i < 4; ++i) out[i] = s[i] + h * d[i];
      return out;
    };
    State s = {Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(0, 0.3, 0), Eigen::Vector3d(1.5, 0, 0),
               Eigen::Vector3d(0, -0.15, 0.1)};
    const double h = 1e-4;
    const Eigen::Vector3d p0 = ma * s[1] + mb * s[3];
    const Eigen::Vector3d L0 = ma * s[0].cross(s[1]) + mb * s[2].cross(s[3]);
    const std::size_t rows = r->writer.times().size();
    REQUIRE(rows == 201);
    for (std::size_t row = 0; row < rows; ++row) {
      CAPTURE(row);
      CHECK((r->vector("a.r_0", row) - s[0]).norm() < 1e-7);
      CHECK((r->vector("b.r_0", row) - s[2]).norm() < 1e-7);
      const Eigen::Vector3d va = r->vector("a.v_0", row), vb = r->vector("b.v_0", row);
      const Eigen::Vector3d ra = r->vector("a.r_0", row), rb = r->vector("b.r_0", row);
      CHECK((ma * va + mb * vb - p0).norm() < 1e-8 * p0.norm());
      // Orbital angular momentum: the force is central and acts at the centers of mass, so each
      // body's spin is separately conserved and the orbital part is too.
      CHECK((ma * ra.cross(va) + mb * rb.cross(vb) - L0).norm() < 1e-8 * L0.norm());
      for (int n = 0; n < 500; ++n) {
        const State k1 = rate(s), k2 = rate(axpy(s, h / 2, k1)), k3 = rate(axpy(s, h / 2, k2)), k4 = rate(axpy(s, h, k3));
        for (std::size_t i = 0; i < 4; ++i) s[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
      }
    }
    REQUIRE(r->result.energy);
    const EnergyReport& e = *r->result.energy;
    CHECK(e.relative_balance() < 1e-8);  // E_stored + W_loss stays at E(t0)
    if (b == 0.0) CHECK(e.work_lost == 0.0);
    if (b > 0.0) CHECK(e.work_lost > 0.01);
    for (const ComponentEnergy& c : e.components) CHECK(c.worst_audit < 1e-9);
  }
}

TEST_CASE("seed 000: a transverse relative velocity alone is not damped, a negative b pumps energy in") {
  // |r| = r0 and v ⊥ r at the start: no spring force, and the dashpot sees no rate along r.
  const auto r = simulate_netlist(two_bodies(20.0, 5.0, 1.0, R"({ "r_0": [0, 0, 0], "v_0": [0, 0, 0], "w_a": [0, 0, 0] })",
                                R"({ "r_0": [1, 0, 0], "v_0": [0, 0.5, 0], "w_a": [0, 0, 0] })", 0.1));
  CHECK(r->vector("spring.F", 0).norm() == 0.0);
  const auto pump = simulate_netlist(two_bodies(20.0, -0.5, 1.0, R"({ "r_0": [0, 0, 0], "v_0": [0, 0, 0], "w_a": [0, 0, 0] })",
                                   R"({ "r_0": [1.2, 0, 0], "v_0": [0, 0, 0], "w_a": [0, 0, 0] })", 5.0));
  REQUIRE(pump->result.energy);
  const EnergyReport& e = *pump->result.energy;
  CHECK(e.work_lost < -0.01);                               // energy pumped in ...
  CHECK(e.stored_end > e.stored_start + 0.01);            // ... and stored
  CHECK(e.relative_balance() < 1e-8);
}

TEST_CASE("seed 000: where the origins meet in motion the force acts along v, where they meet at rest the run stops") {
  // Coincident origins with a relative velocity: F = −k·(0 − r0)·v/|v| − b·|v|·v/|v| on B.
  const double k = 20.0, b = 0.8, r0 = 1.0;
  const auto r = simulate_netlist(two_bodies(k, b, r0, R"({ "r_0": [0, 0, 0], "v_0": [0, 0, 0], "w_a": [0, 0, 0] })",
                                R"({ "r_0": [0, 0, 0], "v_0": [0.6, 0, 0.8], "w_a": [0, 0, 0] })", 0.5));
  const Eigen::Vector3d v_hat(0.6, 0, 0.8);
  CHECK((r->vector("spring.F", 0) - (k * r0 - b * 1.0) * v_hat).norm() < 1e-12);
  CHECK(r->column("spring.length")[0] == 0.0);
  CHECK(r->column("spring.length").back() > 0.0);  // they separate
  // At rest with r0 ≠ 0: no direction. The run stops naming the element and the time.
  Netlist n = parse_netlist(two_bodies(k, b, r0, R"({ "r_0": [0, 0, 0], "v_0": [0, 0, 0], "w_a": [0, 0, 0] })",
                                       R"({ "r_0": [0, 0, 0], "v_0": [0, 0, 0], "w_a": [0, 0, 0] })", 0.5));
  const Model model = build_model(n, builtin_registry());
  const auto program = compile(model);
  MemoryWriter w;
  CHECK_THROWS_WITH_AS(simulate(*program, options_from(n.experiment), w),
                       "at t = 0: spring: the origins of frame_a and frame_b meet at rest while r0 = 1.000000 m: the "
                       "direction of the spring force is undefined",
                       SolverError);
}

TEST_CASE("seed 004: a body hanging on a Rod from the World stretches it by m·g/Ks and bobs at √(Ks/m)") {
  const double m = 2.0, Ks = 800.0, L0 = 0.5, g = 9.80665, drop = 0.01;
  const double y_eq = -(L0 + m * g / Ks);
  const auto r = simulate_netlist(R"({
    "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World" },
      "rod": { "type": "multibody.Rod", "params": { "L0": )" + json_number(L0) + R"(, "Ks": )" + json_number(Ks) + R"(, "Kd": 0,
                                                     "radius": 0.02, "show": true } },
      "body": { "type": "multibody.Body", "params": { "m": )" + json_number(m) + R"( },
                "initial": { "r_0": [0, )" + json_number(y_eq - drop) + R"(, 0], "v_0": [0, 0, 0], "w_a": [0, 0, 0] } }
    },
    "connections": [["world.frame_b", "rod.frame_a"], ["rod.frame_b", "body.frame_a"]],
    "experiment": { "stop": 2, "interval": 0.01, "tolerance": 1e-10 },
    "outputs": ["body.r_0[1]", "body.r_0[2]", "rod.f", "rod.L"]
  })");
  const double omega = std::sqrt(Ks / m);
  for (std::size_t k = 0; k < r->writer.times().size(); ++k) {
    const double t = r->writer.times()[k];
    CAPTURE(t);
    CHECK(r->column("body.r_0[2]")[k] == doctest::Approx(y_eq - drop * std::cos(omega * t)).epsilon(1e-6).scale(1));
    CHECK(std::abs(r->column("body.r_0[1]")[k]) < 1e-12);
    // The tension holds the weight plus the spring's share of the bob.
    CHECK(r->column("rod.f")[k] == doctest::Approx(m * g + Ks * drop * std::cos(omega * t)).epsilon(1e-6));
  }
  REQUIRE(r->result.energy);
  CHECK(r->result.energy->relative_balance() < 1e-8);
}

TEST_CASE("seed 000 attached off the centers of mass makes the bodies turn, and momenta and energy still balance") {
  // Two free BodyShapes (no gravity): the spring joins a point 0.3 m from A's center of mass to a
  // point 0.2 m from B's. Its force then has a lever arm: both bodies start to spin.
  const double ma = 1.0, mb = 2.0;
  const auto r = simulate_netlist(R"({
    "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World", "params": { "gravity": "none" } },
      "a": { "type": "multibody.BodyShape", "params": { "m": 1, "r": [0.3, 0, 0], "I_11": 0.01, "I_22": 0.02, "I_33": 0.03 },
             "initial": { "r_0": [0, 0, 0], "v_0": [0, 0.2, 0], "w_a": [0, 0, 0] } },
      "b": { "type": "multibody.BodyShape", "params": { "m": 2, "r": [0, 0.2, 0], "I_11": 0.04, "I_22": 0.02, "I_33": 0.05 },
             "initial": { "r_0": [1.5, 0.1, 0.2], "v_0": [0, -0.1, 0.05], "w_a": [0, 0, 0] } },
      "spring": { "type": "multibody.BodySpringDamper", "params": { "k": 20, "b": 0.3, "r0": 0.8 } }
    },
    "connections": [["a.frame_b", "spring.frame_a"], ["spring.frame_b", "b.frame_b"]],
    "experiment": { "stop": 10, "interval": 0.05, "tolerance": 1e-10 },
    "outputs": ["a.r_0[1]", "a.r_0[2]", "a.r_0[3]", "a.v_0[1]", "a.v_0[2]", "a.v_0[3]", "a.w_a[1]", "a.w_a[2]", "a.w_a[3]",
                "b.r_0[1]", "b.r_0[2]", "b.r_0[3]", "b.v_0[1]", "b.v_0[2]", "b.v_0[3]", "b.w_a[1]", "b.w_a[2]", "b.w_a[3]",
                "a.frame_a.R[1,1]", "a.frame_a.R[1,2]", "a.frame_a.R[1,3]", "a.frame_a.R[2,1]", "a.frame_a.R[2,2]",
                "a.frame_a.R[2,3]", "a.frame_a.R[3,1]", "a.frame_a.R[3,2]", "a.frame_a.R[3,3]",
                "b.frame_a.R[1,1]", "b.frame_a.R[1,2]", "b.frame_a.R[1,3]", "b.frame_a.R[2,1]", "b.frame_a.R[2,2]",
                "b.frame_a.R[2,3]", "b.frame_a.R[3,1]", "b.frame_a.R[3,2]", "b.frame_a.R[3,3]"]
  })");
  const auto rotation = [&](const std::string& body, std::size_t k) {
    Eigen::Matrix3d R;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        R(i, j) = r->column(body + ".frame_a.R[" + std::to_string(i + 1) + "," + std::to_string(j + 1) + "]")[k];
    return R;
  };
  const Eigen::Matrix3d Ia = Eigen::Vector3d(0.01, 0.02, 0.03).asDiagonal();
  const Eigen::Matrix3d Ib = Eigen::Vector3d(0.04, 0.02, 0.05).asDiagonal();
  // Total momentum and angular momentum about the world origin: the centers of mass are at frame_a
  // (r_CM = 0), spins resolved back into the world.
  const auto momenta = [&](std::size_t k) {
    const Eigen::Vector3d va = r->vector("a.v_0", k), vb = r->vector("b.v_0", k);
    const Eigen::Vector3d p = ma * va + mb * vb;
    const Eigen::Vector3d L = ma * r->vector("a.r_0", k).cross(va) + mb * r->vector("b.r_0", k).cross(vb) +
                              rotation("a", k).transpose() * Ia * r->vector("a.w_a", k) +
                              rotation("b", k).transpose() * Ib * r->vector("b.w_a", k);
    return std::pair{p, L};
  };
  const auto [p0, L0] = momenta(0);
  double spin = 0.0;
  for (std::size_t k = 0; k < r->writer.times().size(); ++k) {
    CAPTURE(k);
    const auto [p, L] = momenta(k);
    CHECK((p - p0).norm() < 1e-8 * p0.norm());
    CHECK((L - L0).norm() < 1e-8 * std::max(1.0, L0.norm()));
    spin = std::max({spin, r->vector("a.w_a", k).norm(), r->vector("b.w_a", k).norm()});
  }
  CHECK(spin > 0.1);  // the off-center force turned them
  REQUIRE(r->result.energy);
  CHECK(r->result.energy->relative_balance() < 1e-8);  // E_stored + W_loss stays at E(t0)
  CHECK(r->result.energy->work_lost > 0.0);
  for (const ComponentEnergy& c : r->result.energy->components) CHECK(c.worst_audit < 1e-9);
}
