// 3D multibody in motion: free bodies against the laws of motion they must obey (free fall,
// torque-free rotation with its conserved momenta), joint chains written in either direction,
// and the energy account of a pendulum.

#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <cmath>
#include <memory>
#include <string>

#include "components/registry.hpp"
#include "core/analysis/program.hpp"
#include "core/model/model.hpp"
#include "solver/simulation.hpp"
#include "tests/support/simulation_run.hpp"

using namespace acausal;
using namespace acausal::testing;

TEST_CASE("a free body without gravity: straight-line motion, constant energy and angular momentum, R orthonormal") {
  // Principal moments 0.1, 0.2, 0.3 and a spin about all three axes: the body tumbles (w_a changes
  // in the body), yet its angular momentum in the world, L = Rᵀ·I·w_a, stays put.
  const auto r = simulate_netlist(R"({
    "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World", "params": { "gravity": "none" } },
      "body": { "type": "multibody.Body",
                "params": { "m": 2, "I_11": 0.1, "I_22": 0.2, "I_33": 0.3, "phi_start": [0.1, 0.2, 0.3] },
                "initial": { "r_0": [0, 1, 0], "v_0": [1, -0.5, 0.25], "w_a": [0.5, 2, 0.3] } }
    },
    "connections": [],
    "experiment": { "stop": 10, "interval": 0.05, "tolerance": 1e-9 },
    "outputs": ["body.r_0[1]", "body.r_0[2]", "body.r_0[3]", "body.w_a[1]", "body.w_a[2]", "body.w_a[3]",
                "body.frame_a.R[1,1]", "body.frame_a.R[1,2]", "body.frame_a.R[1,3]", "body.frame_a.R[2,1]",
                "body.frame_a.R[2,2]", "body.frame_a.R[2,3]", "body.frame_a.R[3,1]", "body.frame_a.R[3,2]",
                "body.frame_a.R[3,3]"]
  })");
  const Eigen::Matrix3d I = Eigen::Vector3d(0.1, 0.2, 0.3).asDiagonal();
  const std::size_t rows = r->writer.times().size();
  REQUIRE(rows == 201);
  const Eigen::Vector3d L0 = rotation(*r, "body.frame_a", 0).transpose() * I * r->vector("body.w_a", 0);
  const double E0 = 0.5 * 2 * (1 + 0.25 + 0.0625) + 0.5 * r->vector("body.w_a", 0).dot(I * r->vector("body.w_a", 0));
  bool tumbles = false;
  for (std::size_t k = 0; k < rows; ++k) {
    const double t = r->writer.times()[k];
    CAPTURE(t);
    const Eigen::Matrix3d R = rotation(*r, "body.frame_a", k);
    const Eigen::Vector3d w = r->vector("body.w_a", k);
    CHECK((R * R.transpose() - Eigen::Matrix3d::Identity()).norm() < 1e-12);
    CHECK(R.determinant() == doctest::Approx(1.0).epsilon(1e-12));
    CHECK((R.transpose() * I * w - L0).norm() < 1e-7 * L0.norm());
    CHECK(0.5 * 2 * 1.3125 + 0.5 * w.dot(I * w) == doctest::Approx(E0).epsilon(1e-7));
    const Eigen::Vector3d r0 = r->vector("body.r_0", k);
    CHECK((r0 - Eigen::Vector3d(t, 1 - 0.5 * t, 0.25 * t)).norm() < 1e-9 * (1 + t));
    tumbles = tumbles || std::abs(w(0) - 0.5) > 0.1;
  }
  CHECK(tumbles);
  // The start orientation is the Cardan sequence 1-2-3 of phi_start.
  const auto planar = [](const Eigen::Vector3d& e, double a) {
    return Eigen::Matrix3d(Eigen::AngleAxisd(-a, e).toRotationMatrix());  // maps coordinates into the turned frame
  };
  const Eigen::Matrix3d start =
      planar(Eigen::Vector3d::UnitZ(), 0.3) * planar(Eigen::Vector3d::UnitY(), 0.2) * planar(Eigen::Vector3d::UnitX(), 0.1);
  CHECK((rotation(*r, "body.frame_a", 0) - start).norm() < 1e-12);
  REQUIRE(r->result.energy);
  CHECK(r->result.energy->worst_balance < 1e-7 * E0);
}

TEST_CASE("a free body falls with g = 9.80665 along −y: r_0 = r(0) + v(0)·t + ½·g·t²") {
  const auto r = simulate_netlist(R"({
    "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World" },
      "body": { "type": "multibody.Body", "params": { "m": 3, "r_CM": [0.2, 0, 0] },
                "initial": { "r_0": [0, 10, 0], "v_0": [2, 3, 0], "w_a": [0, 0, 0] } }
    },
    "connections": [],
    "experiment": { "stop": 2, "interval": 0.1, "tolerance": 1e-9 },
    "outputs": ["body.r_0[1]", "body.r_0[2]", "body.r_0[3]", "body.w_a[3]"]
  })");
  for (std::size_t k = 0; k < r->writer.times().size(); ++k) {
    const double t = r->writer.times()[k];
    CAPTURE(t);
    CHECK(r->column("body.r_0[1]")[k] == doctest::Approx(2 * t).epsilon(1e-9).scale(1));
    CHECK(r->column("body.r_0[2]")[k] == doctest::Approx(10 + 3 * t - 0.5 * 9.80665 * t * t).epsilon(1e-9));
    CHECK(std::abs(r->column("body.w_a[3]")[k]) < 1e-12);  // uniform gravity exerts no torque
  }
  REQUIRE(r->result.energy);
  CHECK(r->result.energy->relative_balance() < 1e-8);
}

TEST_CASE("a pendulum written from the body to the World turns the other way and conserves energy") {
  // The same point pendulum twice: World → rev.frame_a … rev.frame_b → body, and World → rev.frame_b …
  // rev.frame_a → body. In the second the orientation flows through the joint from frame_b to
  // frame_a, so the body turns by −phi: the angles are opposite.
  const auto pendulum = [](const std::string& world_side, const std::string& body_side) {
    return R"({
      "format": "acausal/1",
      "components": {
        "world": { "type": "multibody.World" },
        "rev": { "type": "multibody.Revolute", "params": { "n": [0, 0, 1] }, "initial": { "phi": 0, "w": 0 } },
        "body": { "type": "multibody.Body", "params": { "m": 1.0, "r_CM": [0.5, 0, 0] } }
      },
      "connections": [["world.frame_b", "rev.)" + world_side + R"("], ["rev.)" + body_side + R"(", "body.frame_a"]],
      "experiment": { "stop": 3, "interval": 0.05, "tolerance": 1e-9 },
      "outputs": ["rev.phi", "rev.w"]
    })";
  };
  const auto forward = simulate_netlist(pendulum("frame_a", "frame_b"));
  const auto backward = simulate_netlist(pendulum("frame_b", "frame_a"));
  const auto phi_f = forward->column("rev.phi"), phi_b = backward->column("rev.phi");
  REQUIRE(phi_f.size() == phi_b.size());
  for (std::size_t k = 0; k < phi_f.size(); ++k) CHECK(phi_b[k] == doctest::Approx(-phi_f[k]).epsilon(1e-6).scale(1));
  // (m·ℓ² + I₃₃)·φ̈ = −m·g·ℓ·cos φ from rest at φ = 0: at the bottom (φ = −π/2) all of m·g·ℓ is kinetic.
  double lowest = 0.0, fastest = 0.0;
  for (std::size_t k = 0; k < phi_f.size(); ++k) {
    lowest = std::min(lowest, phi_f[k]);
    fastest = std::max(fastest, std::abs(forward->column("rev.w")[k]));
  }
  CHECK(lowest == doctest::Approx(-M_PI).epsilon(1e-3));  // swings to the other horizontal
  CHECK(fastest <= std::sqrt(2 * 9.80665 * 0.5 / 0.251) + 1e-9);
  REQUIRE(forward->result.energy);
  for (const ComponentEnergy& c : forward->result.energy->components) CHECK(c.worst_audit < 1e-9);
  CHECK(forward->result.energy->worst_balance < 1e-6);
}

TEST_CASE("the 3D example netlists close their energy account") {
  for (const char* file : {"pendulum.json", "double_pendulum.json", "two_bodies_spring.json", "rod_hanging.json",
                           "slider_spring.json"}) {
    CAPTURE(file);
    Netlist n = load_netlist(std::string(ACAUSAL_SOURCE_DIR) + "/netlists/" + file);
    const Model model = build_model(n, builtin_registry());
    const auto program = compile(model, ProgramOptions{.energy = true, .power_audit = true});
    SimulationOptions o = options_from(n.experiment);
    o.energy = true;
    o.power_audit = true;
    MemoryWriter w;
    const SimulationResult result = simulate(*program, o, w);
    REQUIRE(result.energy);
    CHECK(result.energy->relative_balance() < 1e-6);
    for (const ComponentEnergy& c : result.energy->components) {
      CAPTURE(c.instance);
      CHECK(c.worst_audit < 1e-9);
    }
    CHECK(result.energy->work_lost > 0.0);  // each has a damper
  }
}

TEST_CASE("a spherical pendulum released in a vertical plane swings as the revolute pendulum does") {
  // The body after a spherical joint is free (quaternion states); the joint holds its frame_a at
  // the origin. Released with no motion out of the x–y plane, the center of mass follows the planar
  // pendulum: height y = 0.5·R[1,2] for both.
  const auto pendulum = [](const std::string& joint) {
    return R"({
      "format": "acausal/1",
      "components": {
        "world": { "type": "multibody.World" },
        "joint": )" + joint + R"(,
        "body": { "type": "multibody.Body", "params": { "m": 1.0, "r_CM": [0.5, 0, 0] } }
      },
      "connections": [["world.frame_b", "joint.frame_a"], ["joint.frame_b", "body.frame_a"]],
      "experiment": { "stop": 2, "interval": 0.02, "tolerance": 1e-9 },
      "outputs": ["body.frame_a.R[1,2]", "body.frame_a.R[1,3]", "body.frame_a.r_0[1]", "body.frame_a.r_0[2]"]
    })";
  };
  const auto planar = simulate_netlist(pendulum(R"({ "type": "multibody.Revolute", "initial": { "phi": 0, "w": 0 } })"));
  const auto spherical = simulate_netlist(pendulum(R"({ "type": "multibody.Spherical" })"));
  const auto y_planar = planar->column("body.frame_a.R[1,2]"), y_sph = spherical->column("body.frame_a.R[1,2]");
  REQUIRE(y_planar.size() == y_sph.size());
  for (std::size_t k = 0; k < y_planar.size(); ++k) {
    CAPTURE(k);
    CHECK(0.5 * y_sph[k] == doctest::Approx(0.5 * y_planar[k]).epsilon(1e-6).scale(0.5));
    CHECK(std::abs(spherical->column("body.frame_a.R[1,3]")[k]) < 1e-9);  // stays in the plane
    CHECK(std::abs(spherical->column("body.frame_a.r_0[2]")[k]) < 1e-12);  // the joint holds the origin
  }
  REQUIRE(spherical->result.energy);
  CHECK(spherical->result.energy->worst_balance < 1e-6);
}

TEST_CASE("a fixed rotation turns a joint's axis: the pendulum swings in another plane, the same way") {
  // Turned 90° about y, the revolute's axis (its frame z) lies along the world's x and the arm (its
  // frame x) starts along the world's −z, still horizontal: the arm swings in the y–z plane with the
  // same angle history up to its sign.
  const auto pendulum = [](const std::string& mount) {
    return R"({
      "format": "acausal/1",
      "components": {
        "world": { "type": "multibody.World" },
        "mount": )" + mount + R"(,
        "rev": { "type": "multibody.Revolute", "initial": { "phi": 0, "w": 0 } },
        "body": { "type": "multibody.Body", "params": { "m": 1.0, "r_CM": [0.5, 0, 0] } }
      },
      "connections": [["world.frame_b", "mount.frame_a"], ["mount.frame_b", "rev.frame_a"], ["rev.frame_b", "body.frame_a"]],
      "experiment": { "stop": 2, "interval": 0.02, "tolerance": 1e-9 },
      "outputs": ["rev.phi"]
    })";
  };
  const auto plain = simulate_netlist(pendulum(R"({ "type": "multibody.FixedTranslation" })"));
  const auto turned = simulate_netlist(pendulum(R"({ "type": "multibody.FixedRotation", "params": { "n": [0, 1, 0], "angle": "90 deg" } })"));
  const auto a = plain->column("rev.phi"), b = turned->column("rev.phi");
  REQUIRE(a.size() == b.size());
  double swing = 0.0;
  for (std::size_t k = 0; k < a.size(); ++k) {
    CHECK(std::abs(b[k]) == doctest::Approx(std::abs(a[k])).epsilon(1e-6).scale(1));
    swing = std::max(swing, std::abs(b[k]));
  }
  CHECK(swing > 3.0);  // from one horizontal to the other
}

TEST_CASE("sensors read a welded body's load, and a world force accelerates a free body with the work it injects") {
  // A 2 kg body welded to the World through a cut-force sensor, its center of mass 0.5 m along x:
  // the sensor reads the weight it holds up and the moment of it.
  const auto welded = simulate_netlist(R"({
    "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World" },
      "cut": { "type": "multibody.CutForceAndTorque" },
      "body": { "type": "multibody.Body", "params": { "m": 2, "r_CM": [0.5, 0, 0] } }
    },
    "connections": [["world.frame_b", "cut.frame_a"], ["cut.frame_b", "body.frame_a"]],
    "experiment": { "stop": 0.1, "interval": 0.05 },
    "outputs": ["cut.force[1]", "cut.force[2]", "cut.force[3]", "cut.torque[1]", "cut.torque[2]", "cut.torque[3]"]
  })");
  CHECK(welded->column("cut.force[2]")[0] == doctest::Approx(2 * 9.80665));
  CHECK(welded->column("cut.force[1]")[0] == 0.0);
  CHECK(welded->column("cut.torque[3]")[0] == doctest::Approx(0.5 * 2 * 9.80665));
  // A free 4 kg body pushed by 2 N along x (no gravity): x = ½·(F/m)·t², the sensors agree with the
  // body's own variables, and the force's injected work is the kinetic energy gained.
  const auto pushed = simulate_netlist(R"({
    "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World", "params": { "gravity": "none" } },
      "push": { "type": "multibody.WorldForce" },
      "fx": { "type": "signal.Constant", "params": { "k": 2 } },
      "zero": { "type": "signal.Constant", "params": { "k": 0 } },
      "body": { "type": "multibody.Body", "params": { "m": 4 },
                "initial": { "r_0": [0, 0, 0], "v_0": [0, 0, 0], "w_a": [0, 0, 0.5] } },
      "where": { "type": "multibody.AbsolutePositionSensor" },
      "speed": { "type": "multibody.AbsoluteVelocitySensor" },
      "spin": { "type": "multibody.AbsoluteAngularVelocitySensor" }
    },
    "connections": [["body.frame_a", "push.frame_b", "where.frame_a", "speed.frame_a", "spin.frame_a"],
                    ["fx.y", "push.force[1]"], ["zero.y", "push.force[2]", "push.force[3]"]],
    "experiment": { "stop": 2, "interval": 0.5, "tolerance": 1e-9 },
    "outputs": ["where.r[1]", "speed.v[1]", "spin.w[3]", "body.r_0[1]"]
  })");
  for (std::size_t k = 0; k < pushed->writer.times().size(); ++k) {
    const double t = pushed->writer.times()[k];
    CHECK(pushed->column("where.r[1]")[k] == doctest::Approx(0.25 * t * t).epsilon(1e-9).scale(1));
    CHECK(pushed->column("speed.v[1]")[k] == doctest::Approx(0.5 * t).epsilon(1e-9).scale(1));
    CHECK(pushed->column("spin.w[3]")[k] == doctest::Approx(0.5).epsilon(1e-9));
  }
  REQUIRE(pushed->result.energy);
  CHECK(pushed->result.energy->work_injected == doctest::Approx(0.5 * 4 * 1.0).epsilon(1e-6));  // v(2) = 1 m/s
  CHECK(pushed->result.energy->relative_balance() < 1e-8);
}

TEST_CASE("a body hung by an extra frame swings as the body with its center of mass moved the other way") {
  // frames: { "tip": [0.5, 0, 0] } is a port fixed in the body; hanging by it puts the center of
  // mass 0.5 m from the joint along −x of the body, as r_CM = [−0.5, 0, 0] at frame_a does.
  const auto pendulum = [](const std::string& body, const std::string& port) {
    return R"({
      "format": "acausal/1",
      "components": {
        "world": { "type": "multibody.World" },
        "rev": { "type": "multibody.Revolute", "initial": { "phi": 0.3, "w": 0 } },
        "body": )" + body + R"(
      },
      "connections": [["world.frame_b", "rev.frame_a"], ["rev.frame_b", "body.)" + port + R"("]],
      "experiment": { "stop": 2, "interval": 0.02, "tolerance": 1e-9 },
      "outputs": ["rev.phi"]
    })";
  };
  const auto by_tip = simulate_netlist(
      pendulum(R"({ "type": "multibody.Body", "params": { "m": 1, "frames": { "tip": [0.5, 0, 0] } } })", "tip"));
  const auto shifted =
      simulate_netlist(pendulum(R"({ "type": "multibody.Body", "params": { "m": 1, "r_CM": [-0.5, 0, 0] } })", "frame_a"));
  const auto a = by_tip->column("rev.phi"), b = shifted->column("rev.phi");
  REQUIRE(a.size() == b.size());
  for (std::size_t k = 0; k < a.size(); ++k) CHECK(a[k] == doctest::Approx(b[k]).epsilon(1e-7).scale(1));
  REQUIRE(by_tip->result.energy);
  CHECK(by_tip->result.energy->worst_balance < 1e-6);
}
