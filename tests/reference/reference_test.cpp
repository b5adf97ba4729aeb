// Comparison with the Modelica Standard Library reference trajectories (tests/reference/data).
//
// Each case loads netlists/reference/<Case>.json, simulates it on the reference's output grid, and
// compares every column of tests/reference/data/<Case>/reference.csv with the netlist output the
// table below maps it to: max |gain·ours + offset − ref| ≤ 1e-3 of the reference signal's range.
//
// Offsets: Modelica's sliding Mass has a length L and flanges at s ∓ L/2; ours is a point mass with
// one flange at the centre s. The netlists move the walls (Fixed.s0) by −L/2 instead of the
// unstretched lengths, so element lengths (s_rel) and mass centres (s) are the same quantities as in
// Modelica and every offset in these tables is 0; the netlists' descriptions say how each was shifted.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "components/registry.hpp"
#include "core/model/errors.hpp"
#include "core/model/model.hpp"
#include "core/analysis/program.hpp"
#include "solver/simulation.hpp"
#include "tests/reference/reference_case.hpp"

using namespace acausal;
using namespace acausal::reference;

TEST_SUITE("reference") {

TEST_CASE("reference support: reading, interpolation, event rows, constant reference") {
  const ReferenceData d = read_reference_csv(ACAUSAL_SOURCE_DIR "/tests/reference/data/Trans_Damper/reference.csv");
  CHECK(d.names.size() == 6);
  CHECK(d.names.front() == "damper1.s_rel");
  CHECK(d.time.size() == 2002);
  CHECK(d.time[d.time.size() - 1] == d.time[d.time.size() - 2]);  // terminal event row
  CHECK(d.column("damper1.s_rel").front() == 1.0);
  CHECK_THROWS_AS(d.column("nope"), std::out_of_range);

  // Ours on a coarser grid (interpolated), with an event at t = 1: left value 1, right value 3.
  const std::vector<double> t = {0.0, 0.5, 1.0, 1.0, 2.0};
  const std::vector<double> y = {0.0, 0.5, 1.0, 3.0, 4.0};
  CHECK(sample(t, y, 0.25, Side::Left, 1e-12) == doctest::Approx(0.25));
  CHECK(sample(t, y, 1.0, Side::Left, 1e-12) == 1.0);
  CHECK(sample(t, y, 1.0, Side::Right, 1e-12) == 3.0);
  CHECK_THROWS_AS(sample(t, y, 2.5, Side::Left, 1e-12), std::out_of_range);
  // Reference with the same event rows: exact match; then one off by 0.1 on a range of 4.
  SignalError e = compare_signal({0.0, 0.25, 1.0, 1.0, 2.0}, {0.0, 0.25, 1.0, 3.0, 4.0}, t, y);
  CHECK(e.max_abs == doctest::Approx(0.0));
  e = compare_signal({0.0, 1.0, 1.0, 2.0}, {0.0, 1.0, 3.1, 4.0}, t, y);
  CHECK(e.relative == doctest::Approx(0.1 / 4.0));
  CHECK(e.at_time == 1.0);
  // gain and offset map ours to Modelica's quantity.
  e = compare_signal({0.0, 2.0}, {1.0, -7.0}, t, y, -2.0, 1.0);
  CHECK(e.max_abs == doctest::Approx(0.0));
  // A constant reference is scaled by max(1, |ref|).
  e = compare_signal({0.0, 2.0}, {-5.0, -5.0}, t, std::vector<double>(5, -4.0));
  CHECK(e.constant_reference);
  CHECK(e.relative == doctest::Approx(0.2));
}

TEST_CASE("Trans_Damper: Modelica.Mechanics.Translational.Examples.Damper") {
  // Walls at s0 = 4 (Modelica 4.5 − L/2): s_rel = 4 − s is Modelica's element length.
  compare_case("Trans_Damper", {
                                   {"damper1.s_rel", "damper1.s_rel"},
                                   {"damper1.v_rel", "damper1.v_rel"},
                                   {"damper2.s_rel", "damper2.s_rel"},
                                   {"damper2.v_rel", "damper2.v_rel"},
                                   {"springDamper3.s_rel", "springDamper3.s_rel"},
                                   {"springDamper3.v_rel", "springDamper3.v_rel"},
                               });
}

TEST_CASE("Trans_Oscillator: Modelica.Mechanics.Translational.Examples.Oscillator") {
  // Walls at s0 = 0.5 (Modelica 1 − L/2): damper1.s_rel = 0.5 − mass2.s is Modelica's;
  // mass1.s is the centre in both.
  compare_case("Trans_Oscillator", {
                                       {"damper1.s_rel", "damper1.s_rel"},
                                       {"damper1.v_rel", "damper1.v_rel"},
                                       {"mass1.s", "mass1.s"},
                                       {"mass1.v", "mass1.v"},
                                   });
}

TEST_CASE("Trans_SignConvention: Modelica.Mechanics.Translational.Examples.SignConvention") {
  // Mass centres; no fixed position involved, so no shift.
  compare_case("Trans_SignConvention", {
                                           {"mass1.s", "mass1.s"},
                                           {"mass1.v", "mass1.v"},
                                           {"mass2.s", "mass2.s"},
                                           {"mass2.v", "mass2.v"},
                                           {"mass3.s", "mass3.s"},
                                           {"mass3.v", "mass3.v"},
                                       });
}

TEST_CASE("Trans_Sensors: Modelica.Mechanics.Translational.Examples.Sensors") {
  CaseRun run = compare_case("Trans_Sensors", {
                                                  {"mass.s", "mass.s"},
                                                  {"mass.v", "mass.v"},
                                              });
  // The sensors (not in the reference) against the mass and the force: f = m·a = 10·sin(8πt),
  // flange_a sensors read the centre, positionSensor2 reads Modelica's flange_b = s + L/2.
  const MemoryWriter& w = run.result;
  const auto t = w.times();
  const auto s = w.column("mass.s");
  const auto v = w.column("mass.v");
  const auto a = w.column("mass.a");
  const std::vector<std::pair<std::string, std::vector<double>>> sensors = {
      {"forceSensor.f", w.column("forceSensor.f")},   {"multiSensor.f", w.column("multiSensor.f")},
      {"multiSensor.v", w.column("multiSensor.v")},   {"multiSensor.power", w.column("multiSensor.power")},
      {"positionSensor1.s", w.column("positionSensor1.s")}, {"speedSensor1.v", w.column("speedSensor1.v")},
      {"positionSensor2.s", w.column("positionSensor2.s")}, {"accSensor1.a", w.column("accSensor1.a")}};
  std::vector<double> worst(sensors.size(), 0.0);
  double worst_a = 0.0;
  for (std::size_t k = 0; k < t.size(); ++k) {
    const double force = 10.0 * std::sin(8.0 * M_PI * t[k]);
    const double expected[] = {force, force, v[k], force * v[k], s[k], v[k], s[k] + 0.5, force};
    for (std::size_t j = 0; j < sensors.size(); ++j)
      worst[j] = std::max(worst[j], std::fabs(sensors[j].second[k] - expected[j]));
    worst_a = std::max(worst_a, std::fabs(a[k] - force));
  }
  // Scales: force and acceleration 10, speed 0.8, power 8, position 0.4. Ideal sensors read their
  // quantity exactly: the speed sensors' der(mass.s) is output through its equation der(s) = v.
  for (std::size_t j = 0; j < sensors.size(); ++j) {
    MESSAGE("Trans_Sensors " << sensors[j].first << " vs analytic / mass: max abs error " << worst[j]);
    CHECK_MESSAGE(worst[j] < 1e-12, sensors[j].first);
  }
  MESSAGE("Trans_Sensors mass.a vs 10·sin(8πt): max abs error " << worst_a);
  CHECK(worst_a < 1e-12);
}

TEST_CASE("Trans_WhyArrows: Modelica.Mechanics.Translational.Examples.WhyArrows") {
  // Walls at s0 = −2.9 (Modelica −1.9 − L/2, L = 2): mass centres as in Modelica.
  CaseRun run = compare_case("Trans_WhyArrows", {
                                                    {"inertia2.s", "inertia2.s"},
                                                    {"inertia2.v", "inertia2.v"},
                                                    {"mass1.s", "mass1.s"},
                                                    {"mass1.v", "mass1.v"},
                                                });
  // Part 1 (rods of L = 1 around the wall at 0): the free ends are at −1, +1, +1.
  for (const auto& [path, value] :
       std::vector<std::pair<std::string, double>>{{"positionSensor1.s", -1.0}, {"positionSensor2.s", 1.0},
                                                   {"positionSensor3.s", 1.0}}) {
    for (double x : run.result.column(path)) CHECK_MESSAGE(x == doctest::Approx(value).epsilon(1e-12), path);
  }
}

TEST_CASE("Trans_Accelerate: Modelica.Mechanics.Translational.Examples.Accelerate") {
  // accelerate.s is the flange position in both (Modelica's mass.flange_a = our point mass).
  // The source's states fix the mass's position: index reduction makes the mass's states dummies.
  compare_case("Trans_Accelerate", {
                                                       {"accelerate.s", "accelerate.s"},
                                                       {"accelerate.v", "accelerate.v"},
                                                   });
}

TEST_CASE("Trans_Brake: Modelica.Mechanics.Translational.Examples.Brake") {
  // Two masses braked from t = 0.1 s (a time event: free → forward) until they stick at t = 1.1 s
  // (a state event: forward → stuck), one brake grounded, one on its support. The modes are
  // discrete variables; their columns must equal the reference's, both sides of each event.
  const CaseRun run = compare_case("Trans_Brake", {
                                                      {"mass1.s", "mass1.s"},
                                                      {"mass1.v", "mass1.v"},
                                                      {"mass2.s", "mass2.s"},
                                                      {"mass2.v", "mass2.v"},
                                                      {"brake.mode", "brake.mode", 1.0, 0.0, kEventWindow},
                                                      {"brake.startBackward", "brake.startBackward", 1.0, 0.0, kEventWindow},
                                                      {"brake.startForward", "brake.startForward", 1.0, 0.0, kEventWindow},
                                                      {"brake1.mode", "brake1.mode", 1.0, 0.0, kEventWindow},
                                                      {"brake1.startBackward", "brake1.startBackward", 1.0, 0.0, kEventWindow},
                                                      {"brake1.startForward", "brake1.startForward", 1.0, 0.0, kEventWindow},
                                                  });
  // The mode switches where the analytic solution has them: 2 → 1 at 0.1, 1 → 0 at 1.1 (v = 1 − (t − 0.1)).
  const std::vector<double>& t = run.result.times();
  for (const std::string brake : {"brake", "brake1"}) {
    const std::vector<double> mode = run.result.column(brake + ".mode");
    std::vector<std::pair<double, double>> switches;  // (time, new mode)
    for (std::size_t k = 1; k < mode.size(); ++k)
      if (mode[k] != mode[k - 1]) switches.emplace_back(t[k], mode[k]);
    REQUIRE(switches.size() == 2);
    CHECK(switches[0].first == doctest::Approx(0.1).epsilon(1e-12));
    CHECK(switches[0].second == 1.0);
    CHECK(std::fabs(switches[1].first - 1.1) <= 1e-4);
    CHECK(switches[1].second == 0.0);
    CHECK(mode.front() == 2.0);
  }
}

TEST_CASE("Trans_Friction: Modelica.Mechanics.Translational.Examples.Friction") {
  // Stribeck friction three ways: stop1 (a mass with friction and far stops), mass + supportFriction
  // (a 50-point table of the same curve, followed without events), stop2 (close stops and a spring:
  // an inelastic impact at t = 0.0606, reversals, sticking for good at 1.046). Centres and speeds are
  // Modelica's; the modes equal the reference's within kEventWindow of each row.
  const CaseRun run = compare_case("Trans_Friction", {
                                                         {"mass.s", "mass.s"},
                                                         {"mass.v", "mass.v"},
                                                         {"stop1.s", "stop1.s"},
                                                         {"stop1.v", "stop1.v"},
                                                         {"stop2.s", "stop2.s"},
                                                         {"stop2.v", "stop2.v"},
                                                         {"stop1.mode", "stop1.mode", 1.0, 0.0, kEventWindow},
                                                         {"stop1.startBackward", "stop1.startBackward", 1.0, 0.0, kEventWindow},
                                                         {"stop1.startForward", "stop1.startForward", 1.0, 0.0, kEventWindow},
                                                         {"stop2.mode", "stop2.mode", 1.0, 0.0, kEventWindow},
                                                         {"stop2.startBackward", "stop2.startBackward", 1.0, 0.0, kEventWindow},
                                                         {"stop2.startForward", "stop2.startForward", 1.0, 0.0, kEventWindow},
                                                         {"supportFriction.mode", "supportFriction.mode", 1.0, 0.0, kEventWindow},
                                                         {"supportFriction.startBackward", "supportFriction.startBackward", 1.0, 0.0, kEventWindow},
                                                         {"supportFriction.startForward", "supportFriction.startForward", 1.0, 0.0, kEventWindow},
                                                     });
  // stop2's mode switches at the reference's instants (model.md): the impact, six reversals, sticking.
  const std::vector<double>& t = run.result.times();
  const std::vector<double> mode = run.result.column("stop2.mode");
  std::vector<double> switched;
  for (std::size_t k = 1; k < mode.size(); ++k)
    if (mode[k] != mode[k - 1] && (switched.empty() || t[k] - switched.back() > 1e-3)) switched.push_back(t[k]);
  const std::vector<double> expected = {0.0605970, 0.20111, 0.34162, 0.48214, 0.62269, 0.76333, 0.90420, 1.045974};
  REQUIRE(switched.size() == expected.size());
  for (std::size_t k = 0; k < expected.size(); ++k) CHECK(std::fabs(switched[k] - expected[k]) <= 1e-4);
}

TEST_CASE("Rot_First: Modelica.Mechanics.Rotational.Examples.First") {
  // damper.phi_rel = phi_R − phi_C = 0 − inertia2.phi in both (damper.R is the grounded flange).
  // The ideal gear rigidly couples inertia1 and inertia2: index 3, reduced.
  compare_case("Rot_First", {
                                                {"damper.phi_rel", "damper.phi_rel"},
                                                {"damper.w_rel", "damper.w_rel"},
                                                {"inertia3.phi", "inertia3.phi"},
                                                {"inertia3.w", "inertia3.w"},
                                            });
}

TEST_CASE("Rot_FirstGrounded: Modelica.Mechanics.Rotational.Examples.FirstGrounded") {
  // As Rot_First with the housings of the torque source and the gear grounded.
  compare_case("Rot_FirstGrounded", {
                                                        {"damper.phi_rel", "damper.phi_rel"},
                                                        {"damper.w_rel", "damper.w_rel"},
                                                        {"inertia3.phi", "inertia3.phi"},
                                                        {"inertia3.w", "inertia3.w"},
                                                    });
}


TEST_CASE("MB_Pendulum: Modelica.Mechanics.MultiBody.Examples.Elementary.Pendulum") {
  const CaseRun run = compare_case("MB_Pendulum", {{"rev.phi", "rev.phi"}, {"rev.w", "rev.w"}});
  // The arm starts horizontal and falls: φ decreases first, and with the damper the swing decays.
  const std::vector<double> phi = run.result.column("rev.phi");
  CHECK(phi[100] < 0.0);
}

TEST_CASE("MB_DoublePendulum: Modelica.Mechanics.MultiBody.Examples.Elementary.DoublePendulum") {
  // Two BodyBox links (mass and inertia derived from 0.5 × 0.06 × 0.06 m of steel), both joints about z.
  const CaseRun run = compare_case("MB_DoublePendulum", {{"revolute1.phi", "revolute1.phi"},
                                                         {"revolute1.w", "revolute1.w"},
                                                         {"revolute2.phi", "revolute2.phi"},
                                                         {"revolute2.w", "revolute2.w"}});
  // Both links start horizontal and fall: the first joint turns negatively, and the second link lags
  // behind, turning positively relative to the first at first.
  CHECK(run.result.column("revolute1.phi")[50] < 0.0);
  CHECK(run.result.column("revolute2.phi")[50] > 0.0);
}

TEST_CASE("MT_Joints_Revolute: ModelicaTest.MultiBody.Joints.Revolute") {
  // The center of mass is on the axis: the joint stays at π/4 (initialization only).
  compare_case("MT_Joints_Revolute", {{"revolute.phi", "revolute.phi"}, {"revolute.w", "revolute.w"}});
}

TEST_CASE("MT_Joints_Prismatic: ModelicaTest.MultiBody.Joints.Prismatic") {
  // Sliding along (1, 1, 0)/√2 under gravity: s = 0.3 − (g/√2)·t²/2.
  const CaseRun run = compare_case("MT_Joints_Prismatic", {{"prismatic.s", "prismatic.s"}, {"prismatic.v", "prismatic.v"}});
  const std::vector<double> s = run.result.column("prismatic.s");
  CHECK(s.back() == doctest::Approx(0.3 - 9.80665 / std::sqrt(2.0) / 2 * 1.1 * 1.1).epsilon(1e-9));
}

TEST_CASE("MB_SpringMassSystem: Modelica.Mechanics.MultiBody.Examples.Elementary.SpringMassSystem") {
  // A 1D spring on the prismatic joint's flanges and a 3D line spring between its frames: the same motion.
  const CaseRun run = compare_case("MB_SpringMassSystem",
                                   {{"p1.s", "p1.s"}, {"p1.v", "p1.v"}, {"p2.s", "p2.s"}, {"p2.v", "p2.v"}});
  const std::vector<double> s1 = run.result.column("p1.s"), s2 = run.result.column("p2.s");
  for (std::size_t k = 0; k < s1.size(); ++k) CHECK(s1[k] == doctest::Approx(s2[k]).epsilon(1e-9));
}

TEST_CASE("MB_SpringDamperSystem: Modelica.Mechanics.MultiBody.Examples.Elementary.SpringDamperSystem") {
  // A free body (quaternion states) on a line spring and damper, and a body on a prismatic joint.
  // The out-of-plane signals are zero (the reference's are rounding noise, 1e-20).
  compare_case("MB_SpringDamperSystem", {{"body1.frame_a.r_0[1]", "body1.frame_a.r_0[1]"},
                                         {"body1.frame_a.r_0[2]", "body1.frame_a.r_0[2]"},
                                         {"body1.frame_a.r_0[3]", "body1.frame_a.r_0[3]"},
                                         {"body1.v_0[1]", "body1.v_0[1]"},
                                         {"body1.v_0[2]", "body1.v_0[2]"},
                                         {"body1.v_0[3]", "body1.v_0[3]"},
                                         {"body1.w_a[1]", "body1.w_a[1]"},
                                         {"body1.w_a[2]", "body1.w_a[2]"},
                                         {"body1.w_a[3]", "body1.w_a[3]"},
                                         {"p2.s", "p2.s"},
                                         {"p2.v", "p2.v"}});
}

TEST_CASE("MB_FreeBody: Modelica.Mechanics.MultiBody.Examples.Elementary.FreeBody") {
  // A free BodyShape (quaternion states, started at Cardan angles of 10° each) on two zero-length
  // line springs. Modelica's body.body.* is the BodyShape's inner Body: body.* here.
  compare_case("MB_FreeBody", {{"body.body.frame_a.r_0[1]", "body.frame_a.r_0[1]"},
                               {"body.body.frame_a.r_0[2]", "body.frame_a.r_0[2]"},
                               {"body.body.frame_a.r_0[3]", "body.frame_a.r_0[3]"},
                               {"body.body.w_a[1]", "body.w_a[1]"},
                               {"body.body.w_a[2]", "body.w_a[2]"},
                               {"body.body.w_a[3]", "body.w_a[3]"},
                               {"body.v_0[1]", "body.v_0[1]"},
                               {"body.v_0[2]", "body.v_0[2]"},
                               {"body.v_0[3]", "body.v_0[3]"}});
}

TEST_CASE("MB_ThreeSprings: Modelica.Mechanics.MultiBody.Examples.Elementary.ThreeSprings") {
  // A free body hanging from a massless junction of three line springs (a nonlinear algebraic
  // node, oriented by spring3's fixed_rotation_at_frame_b). body1.w_a[2] is rounding noise (1e-16)
  // in the reference and zero here.
  compare_case("MB_ThreeSprings", {{"body1.frame_a.r_0[1]", "body1.frame_a.r_0[1]"},
                                   {"body1.frame_a.r_0[2]", "body1.frame_a.r_0[2]"},
                                   {"body1.frame_a.r_0[3]", "body1.frame_a.r_0[3]"},
                                   {"body1.v_0[1]", "body1.v_0[1]"},
                                   {"body1.v_0[2]", "body1.v_0[2]"},
                                   {"body1.v_0[3]", "body1.v_0[3]"},
                                   {"body1.w_a[1]", "body1.w_a[1]"},
                                   {"body1.w_a[2]", "body1.w_a[2]"},
                                   {"body1.w_a[3]", "body1.w_a[3]"}});
}

}  // TEST_SUITE("reference")
