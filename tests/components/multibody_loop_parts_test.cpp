// Tests of UniversalSpherical, JointUPS (components/multibody/universal_rod) and
// LineForceWithTwoMasses at the level of one instance: the equations at a motion built here from
// the universal joint's two angles with Eigen's rotations and forces from the balance of a massless
// rod solved here (every residual zero, the power balance closed, the Jacobian right, a torque the
// universal joint cannot carry rejected); the checks of parameters and of the orientation graph;
// and LineForceWithTwoMasses's energy booking with a mass between its flanges.
#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <Eigen/Geometry>
#include <cmath>
#include <string>

#include "core/model/errors.hpp"
#include "tests/support/component_harness.hpp"
#include "tests/support/rotations.hpp"
#include "tests/support/simulation_run.hpp"

using namespace acausal;
using namespace acausal::testing;
using Eigen::Matrix3d;
using Eigen::Vector3d;

namespace {

/// One frame's motion and loads: origin and its velocity (world), rotation world → frame, angular
/// velocity (frame); the cut force and torque on the component in world coordinates.
struct FrameState {
  Vector3d r0 = Vector3d::Zero(), v0 = Vector3d::Zero();
  Matrix3d R = Matrix3d::Identity();
  Vector3d w = Vector3d::Zero(), F = Vector3d::Zero(), T = Vector3d::Zero();
};

void put_frame(Values& v, const std::string& prefix, const FrameState& s) {
  const Matrix3d R_dot = -skew(s.w) * s.R;
  const Vector3d f = s.R * s.F, t = s.R * s.T;
  for (int i = 0; i < 3; ++i) {
    v[prefix + ".r_0" + at(i)] = s.r0(i);
    v["der(" + prefix + ".r_0" + at(i) + ")"] = s.v0(i);
    v[prefix + ".w" + at(i)] = s.w(i);
    v[prefix + ".f" + at(i)] = f(i);
    v[prefix + ".t" + at(i)] = t(i);
    for (int j = 0; j < 3; ++j) {
      const std::string e = prefix + ".R[" + std::to_string(i + 1) + "," + std::to_string(j + 1) + "]";
      v[e] = s.R(i, j);
      v["der(" + e + ")"] = R_dot(i, j);
    }
  }
}

/// A universal joint at frame_a (axis n1 fixed in frame_a, then the axis e2 fixed in frame_ia)
/// turned by alpha and beta, its rod p = length·e_ia in frame_ia reaching frame_b's origin; the
/// rod stretches at length_rate. frame_ia (and frame_ib at frame_b's origin) carry the loads
/// F_ia, T_ia (and F_ib, T_ib), the line the force `axial` along itself; frame_a's and frame_b's
/// loads follow from the massless line's balance: no net force or moment, no torque at frame_b nor
/// about n1 or e2 at frame_a.
struct RodMotion {
  FrameState a, b, ia, ib;
  Vector3d e_world;  ///< the line's direction, world coordinates
};

RodMotion rod_motion(const Vector3d& n1, const Vector3d& e_ia, double length, double length_rate, double axial,
                     const Vector3d& F_ia, const Vector3d& T_ia, const Vector3d& F_ib, const Vector3d& T_ib) {
  const Vector3d n1u = n1.normalized(), e2 = n1u.cross(e_ia).normalized();
  const double alpha = 0.4, beta = -0.3, alpha_rate = 0.7, beta_rate = -1.1;
  const Matrix3d Q = turn(alpha, n1u) * turn(beta, e2);  // frame_ia's axes in frame_a
  const Vector3d w_rel = turn(beta, e2).transpose() * n1u * alpha_rate + e2 * beta_rate;  // frame_ia coordinates
  RodMotion m;
  m.a.r0 = Vector3d(0.3, -0.2, 0.5);
  m.a.v0 = Vector3d(1.0, -0.5, 0.25);
  m.a.R = turn(0.7, Vector3d(1.0, 2.0, 3.0)).transpose();
  m.a.w = Vector3d(0.4, -0.3, 0.9);
  m.ia.r0 = m.a.r0;
  m.ia.v0 = m.a.v0;
  m.ia.R = Q.transpose() * m.a.R;
  m.ia.w = Q.transpose() * m.a.w + w_rel;
  const Vector3d p = length * e_ia, p_rate = length_rate * e_ia;  // frame_ia coordinates
  const Vector3d d = Q * p, d_rate = Q * (w_rel.cross(p) + p_rate);  // frame_a coordinates
  m.b.r0 = m.a.r0 + m.a.R.transpose() * d;
  m.b.v0 = m.a.v0 + m.a.R.transpose() * (m.a.w.cross(d) + d_rate);
  m.b.R = turn(-1.2, Vector3d(0.5, -1.0, 0.2)).transpose();  // the spherical joint lets it turn anyhow
  m.b.w = Vector3d(-0.6, 0.2, 1.4);
  m.ib.r0 = m.b.r0;
  m.ib.v0 = m.b.v0;
  m.ib.R = m.ia.R;
  m.ib.w = m.ia.w;
  m.ia.F = F_ia;
  m.ia.T = T_ia;
  m.ib.F = F_ib;
  m.ib.T = T_ib;
  m.e_world = m.a.R.transpose() * d.normalized();
  // Unknowns x = (F_b, F_a, T_a), world coordinates, moments about frame_a's origin.
  const Vector3d r = m.b.r0 - m.a.r0, n1_world = m.a.R.transpose() * n1u, e2_world = m.ia.R.transpose() * e2;
  Eigen::Matrix<double, 9, 9> A = Eigen::Matrix<double, 9, 9>::Zero();
  Eigen::Matrix<double, 9, 1> rhs;
  A.block<3, 3>(0, 0) = Matrix3d::Identity();
  A.block<3, 3>(0, 3) = Matrix3d::Identity();
  rhs.segment<3>(0) = -F_ia - F_ib;
  A.block<3, 3>(3, 0) = skew(r);
  A.block<3, 3>(3, 6) = Matrix3d::Identity();
  rhs.segment<3>(3) = -T_ia - T_ib - r.cross(F_ib);
  A.block<1, 3>(6, 6) = n1_world.transpose();
  A.block<1, 3>(7, 6) = e2_world.transpose();
  rhs(6) = rhs(7) = 0.0;
  A.block<1, 3>(8, 0) = m.e_world.transpose();
  rhs(8) = -axial - m.e_world.dot(F_ib);
  const Eigen::Matrix<double, 9, 1> x = A.fullPivLu().solve(rhs);
  m.b.F = x.segment<3>(0);
  m.a.F = x.segment<3>(3);
  m.a.T = x.segment<3>(6);
  return m;
}

double worst_residual(const Definition& d, const Values& v) {
  double worst = 0.0;
  for (double r : residuals(d, v)) worst = std::max(worst, std::abs(r));
  return worst;
}

const Vector3d kN1(0.0, 2.0, 0.0), kRod(-1.0, 0.3, 0.1);

Values universal_spherical_values(const RodMotion& m, double f_rod) {
  Values v;
  put_frame(v, "x.frame_a", m.a);
  put_frame(v, "x.frame_b", m.b);
  put_frame(v, "x.frame_ia", m.ia);
  v["x.f_rod"] = f_rod;
  for (int i = 0; i < 3; ++i) v["x.r_rod_0" + at(i)] = m.b.r0(i) - m.a.r0(i);
  return v;
}

}  // namespace

TEST_CASE("multibody loop parts: UniversalSpherical JointUPS and LineForceWithTwoMasses are registered and documented") {
  for (const std::string type : {"multibody.UniversalSpherical", "multibody.JointUPS", "multibody.LineForceWithTwoMasses"}) {
    CAPTURE(type);
    const Definition described = described_catalog_entry(type);
    CHECK(described.find_port("frame_a") != nullptr);
    CHECK(described.find_port("frame_b") != nullptr);
    CHECK(described.loss_power.is_literal(0.0));
  }
  CHECK(described_catalog_entry("multibody.UniversalSpherical").find_port("frame_ia") != nullptr);
  for (const char* port : {"frame_ia", "frame_ib", "axis", "bearing"})
    CHECK(described_catalog_entry("multibody.JointUPS").find_port(port) != nullptr);
  for (const char* port : {"flange_a", "flange_b"})
    CHECK(described_catalog_entry("multibody.LineForceWithTwoMasses").find_port(port) != nullptr);
  CHECK(instantiate("multibody.UniversalSpherical").stored_energy.is_literal(0.0));
  CHECK(instantiate("multibody.JointUPS").stored_energy.is_literal(0.0));
  CHECK(instantiate("multibody.LineForceWithTwoMasses").stored_energy.is_literal(0.0));
}

TEST_CASE("multibody loop parts: UniversalSpherical holds the rod's length and passes its force and frame_ia's load") {
  const Definition d = instantiate("multibody.UniversalSpherical", {{"n1_a", {0, 2, 0}}, {"r_rod_ia", {-1, 0.3, 0.1}}});
  const double f_rod = 2.5;
  const Vector3d F_ia(0.7, -1.1, 0.4), T_ia(0.3, 0.8, -0.6);
  const RodMotion m = rod_motion(kN1, kRod.normalized(), kRod.norm(), 0.0, f_rod, F_ia, T_ia, Vector3d::Zero(),
                                 Vector3d::Zero());
  const Values v = universal_spherical_values(m, f_rod);
  CHECK(check_residuals(d, v, 1e-12));
  CHECK(check_energy_audit(d, v, 1e-12));
  CHECK(check_jacobian(d, v));
  // With nothing at frame_ia only f_rod passes, along the rod, and neither frame takes a torque.
  const RodMotion bare = rod_motion(kN1, kRod.normalized(), kRod.norm(), 0.0, f_rod, Vector3d::Zero(),
                                    Vector3d::Zero(), Vector3d::Zero(), Vector3d::Zero());
  CHECK((bare.b.F + f_rod * bare.e_world).norm() < 1e-12);
  CHECK(bare.a.T.norm() < 1e-12);
  CHECK(check_residuals(d, universal_spherical_values(bare, f_rod), 1e-12));
  // A torque about the first axis at frame_a is not carried: the equations and the power balance fail.
  RodMotion twisted = m;
  twisted.a.T += 0.5 * (m.a.R.transpose() * kN1.normalized());
  const Values w = universal_spherical_values(twisted, f_rod);
  CHECK(worst_residual(d, w) > 0.1);
  CHECK(std::abs(energy_audit(d, w)) > 0.1);
  // A rod of another length breaks the constraint.
  const RodMotion longer = rod_motion(kN1, kRod.normalized(), 1.1 * kRod.norm(), 0.0, f_rod, F_ia, T_ia,
                                      Vector3d::Zero(), Vector3d::Zero());
  CHECK(worst_residual(d, universal_spherical_values(longer, f_rod)) > 0.1);
}

TEST_CASE("multibody loop parts: JointUPS slides along the line and carries frame_ia's and frame_ib's loads") {
  const Vector3d n_axis(0.7, 1.2, 0.0), n1(0.0, 0.0, 1.0);
  const double s_offset = 0.1, length = 1.3, rate = -0.4, f = -1.7;
  const Definition d = instantiate("multibody.JointUPS", {{"n_axis_ia", {0.7, 1.2, 0}}, {"s_offset", s_offset}});
  const RodMotion m = rod_motion(n1, n_axis.normalized(), length, rate, f, Vector3d(0.5, -2.0, 0.3),
                                 Vector3d(0.2, -0.4, 0.9), Vector3d(-1.0, 0.6, 0.8), Vector3d(0.1, 0.5, -0.3));
  Values v;
  put_frame(v, "x.frame_a", m.a);
  put_frame(v, "x.frame_b", m.b);
  put_frame(v, "x.frame_ia", m.ia);
  put_frame(v, "x.frame_ib", m.ib);
  v["x.length"] = length;
  v["x.s"] = v["x.axis.s"] = length - s_offset;
  v["der(x.s)"] = v["der(x.axis.s)"] = v["der(x.length)"] = rate;
  v["x.f"] = v["x.axis.f"] = f;
  v["x.bearing.s"] = v["der(x.bearing.s)"] = 0.0;
  v["x.bearing.f"] = -f;
  CHECK(check_residuals(d, v, 1e-12));
  CHECK(check_energy_audit(d, v, 1e-12));
  CHECK(check_jacobian(d, v));
  // frame_ib is parallel to frame_ia; a force on the axis flange that the line does not carry fails.
  Values w = v;
  w["x.axis.f"] = w["x.f"] = f + 1.0;
  CHECK(worst_residual(d, w) > 0.1);
}

TEST_CASE("multibody loop parts: validation messages name the parameter") {
  CHECK_THROWS_WITH_AS(instantiate("multibody.UniversalSpherical", {{"r_rod_ia", {0, 0, 2}}}),
                       doctest::Contains("r_rod_ia must not be parallel to n1_a"), ModelError);
  CHECK_THROWS_WITH_AS(instantiate("multibody.UniversalSpherical", {{"r_rod_ia", {0, 0, 0}}}),
                       doctest::Contains("r_rod_ia must not be zero"), ModelError);
  CHECK_THROWS_WITH_AS(instantiate("multibody.JointUPS", {{"n1_a", {1, 0, 0}}}),
                       doctest::Contains("n_axis_ia must not be parallel to n1_a"), ModelError);
  CHECK_THROWS_WITH_AS(instantiate("multibody.LineForceWithTwoMasses", {{"m_a", -1}}), doctest::Contains("m_a"),
                       ModelError);
}

TEST_CASE("multibody loop parts: a UniversalSpherical oriented from frame_ia is refused") {
  // frame_ia held by the World, frame_a on a free body: the orientation would have to flow from
  // the rod into the universal joint.
  const std::string netlist = R"({
    "format": "acausal/1", "name": "rod_held_at_frame_ia",
    "components": {
      "world": { "type": "multibody.World" },
      "rod": { "type": "multibody.UniversalSpherical" },
      "body": { "type": "multibody.Body" },
      "tip": { "type": "multibody.PointMass" }
    },
    "connections": [["world.frame_b", "rod.frame_ia"], ["rod.frame_a", "body.frame_a"], ["rod.frame_b", "tip.frame_a"]],
    "experiment": { "stop": 0.1 }
  })";
  CHECK_THROWS_WITH_AS(simulate_netlist(netlist), doctest::Contains("the orientation reaches frame_ia before frame_a"),
                       ModelError);
}

TEST_CASE("multibody loop parts: a mass between LineForceWithTwoMasses's flanges does work that is booked as injected") {
  // A body hangs from the World on the line force (frame_a on the body, frame_b on the World); a
  // spring and a 1D mass between the flanges make fa + fb ≠ 0 while the body moves: the account
  // still closes.
  const std::string netlist = R"({
    "format": "acausal/1", "name": "line_force_with_a_1d_mass",
    "components": {
      "world": { "type": "multibody.World" },
      "line": { "type": "multibody.LineForceWithTwoMasses", "params": { "m_a": 0.3, "m_b": 0.2, "L_a": 0.1, "L_b": 0.2 } },
      "body": { "type": "multibody.Body", "params": { "m": 2 }, "initial": { "r_0": [0.3, -1, 0.1], "v_0": [0.5, 0, 0] } },
      "spring": { "type": "translational.Spring", "params": { "c": 200, "s_rel0": 0.5 } },
      "mass": { "type": "translational.Mass", "params": { "m": 0.5 } },
      "rod": { "type": "translational.Rod", "params": { "L": 0.4 } }
    },
    "connections": [["world.frame_b", "line.frame_b"], ["line.frame_a", "body.frame_a"],
                    ["line.flange_a", "spring.C"], ["spring.R", "mass.flange"], ["mass.flange", "rod.C"],
                    ["rod.R", "line.flange_b"]],
    "experiment": { "stop": 2, "interval": 0.01, "tolerance": 1e-8 },
    "outputs": ["line.length", "mass.s"]
  })";
  const auto run = simulate_netlist(netlist);
  const CheckResult energy = check_energy(*run, 1e-6);
  CHECK_MESSAGE(energy.passed(), energy.message());
  // frame_a moves with the body, and the 1D mass's inertia makes fa + fb ≠ 0: work is injected.
  // The point masses' energy is the line's.
  double injected = 0.0, stored = 0.0;
  for (const ComponentEnergy& e : run->energy().components)
    if (e.instance == "line") injected = e.work_injected, stored = e.stored_start;
  MESSAGE("LineForceWithTwoMasses with a 1D mass between its flanges: injected " << injected << " J");
  CHECK(std::abs(injected) > 1e-3);
  CHECK(stored != 0.0);
}
