// Tests of the 3D force elements, the free joint and the relative sensors of issue 11
// (components/multibody/free_motion, force_and_torque, spring_damper_parallel, spring_damper_series,
// the point mass of line_force, relative_velocity_sensor, relative_angular_velocity_sensor): each
// instance's equations at a motion built independently in the test (every residual zero, and not
// zero when one quantity is wrong), the energy audit, and the validation messages.
#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <string>
#include <tuple>
#include <vector>

#include "components/multibody/free_orientation.hpp"
#include "components/registry.hpp"
#include "core/expr/expr.hpp"
#include "core/model/errors.hpp"
#include "tests/support/component_harness.hpp"
#include "tests/support/rotations.hpp"

using namespace acausal;
using namespace acausal::testing;
using nlohmann::json;
using Eigen::Matrix3d;
using Eigen::Vector3d;

namespace {

const Vector3d kGravity(0.0, -9.80665, 0.0);  // the World's default, which the harness provides

/// The motion of one frame at an instant: origin, its velocity (world), rotation world → frame,
/// angular velocity (frame), and the cut force and torque on the component (frame).
struct FrameState {
  Vector3d r0 = Vector3d::Zero(), v0 = Vector3d::Zero();
  Matrix3d R = Matrix3d::Identity();
  Vector3d w = Vector3d::Zero(), f = Vector3d::Zero(), t = Vector3d::Zero();
};

std::string index(int i) { return "[" + std::to_string(i + 1) + "]"; }

void put(Values& v, const std::string& name, const Vector3d& x) {
  for (int i = 0; i < 3; ++i) v[name + index(i)] = x(i);
}
void put_der(Values& v, const std::string& name, const Vector3d& x) {
  for (int i = 0; i < 3; ++i) v["der(" + name + index(i) + ")"] = x(i);
}

/// The port variables of frame `prefix` (e.g. "x.frame_a") and the derivatives the equations and
/// the port power read: der(r_0) and der(R) = −[w×]·R.
void put_frame(Values& v, const std::string& prefix, const FrameState& s) {
  put(v, prefix + ".r_0", s.r0);
  put_der(v, prefix + ".r_0", s.v0);
  const Matrix3d R_dot = -skew(s.w) * s.R;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      const std::string e = prefix + ".R[" + std::to_string(i + 1) + "," + std::to_string(j + 1) + "]";
      v[e] = s.R(i, j);
      v["der(" + e + ")"] = R_dot(i, j);
    }
  put(v, prefix + ".w", s.w);
  put(v, prefix + ".f", s.f);
  put(v, prefix + ".t", s.t);
}

double worst_residual(const Definition& d, const Values& v) {
  double worst = 0.0;
  for (double r : residuals(d, v)) worst = std::max(worst, std::abs(r));
  return worst;
}

/// Every residual zero, and the component's power balance closed.
void check_consistent(const Definition& d, const Values& v, double scale = 1.0) {
  const std::vector<double> r = residuals(d, v);
  for (std::size_t i = 0; i < r.size(); ++i) {
    INFO(d.type << " equation " << i << ": " << d.equations[i].description);
    CHECK(std::abs(r[i]) < 1e-12 * scale);
  }
  CHECK(std::abs(energy_audit(d, v)) < 1e-12 * scale);
}

/// Two frames in general motion (rotated, turning, moving), the start of most cases below.
FrameState frame_a_state() {
  FrameState a;
  a.r0 = Vector3d(0.3, -0.2, 0.5);
  a.v0 = Vector3d(1.0, -0.5, 0.25);
  a.R = turned(0.7, Vector3d(1.0, 2.0, 3.0));
  a.w = Vector3d(0.4, -0.3, 0.9);
  return a;
}
FrameState frame_b_state() {
  FrameState b;
  b.r0 = Vector3d(1.1, 0.4, -0.3);
  b.v0 = Vector3d(-0.2, 0.7, 0.1);
  b.R = turned(-1.2, Vector3d(-1.0, 0.5, 2.0));
  b.w = Vector3d(-0.6, 0.2, 0.35);
  return b;
}

/// The values of a line force `x` between the frames a and b whose force on body B is F (world), the
/// cut forces set as a line force without mass needs them. Declares r_rel, v_rel, s, f.
Values line_values(FrameState a, FrameState b, const Vector3d& F, double tension) {
  a.f = a.R * F;
  b.f = -(b.R * F);
  Values v;
  put_frame(v, "x.frame_a", a);
  put_frame(v, "x.frame_b", b);
  const Vector3d r = b.r0 - a.r0, rate = b.v0 - a.v0;
  put(v, "x.r_rel", r);
  put_der(v, "x.r_rel", rate);
  put(v, "x.v_rel", rate);
  v["x.s"] = r.norm();
  v["der(x.s)"] = r.dot(rate) / r.norm();
  v["x.f"] = tension;
  return v;
}

}  // namespace

// ---- catalog ------------------------------------------------------------------------------------

TEST_CASE("multibody forces: the new types are registered, documented and balanced like their kin") {
  // Balanced, as Modelica counts overconstrained connectors: two frames a force element or a sensor
  // does not orient, and a joint's branch, each count their orientation as 3 variables.
  const std::ptrdiff_t two_loaded_frames = balance_surplus(instantiate("multibody.Damper"));
  const std::ptrdiff_t branch = balance_surplus(instantiate("multibody.Revolute"));
  CHECK(two_loaded_frames == 0);
  CHECK(branch == 0);
  for (const std::string type : {"multibody.ForceAndTorque", "multibody.SpringDamperParallel",
                                 "multibody.SpringDamperSeries", "multibody.RelativeVelocitySensor",
                                 "multibody.RelativeAngularVelocitySensor"}) {
    CAPTURE(type);
    const Definition described = described_catalog_entry(type);
    CHECK(!described.equations.empty());
    CHECK(described.find_port("frame_a") != nullptr);
    CHECK(described.find_port("frame_b") != nullptr);
    CHECK(balance_surplus(instantiate(type)) == two_loaded_frames);
  }
  CHECK(described_catalog_entry("multibody.FreeMotion").find_port("frame_b") != nullptr);
  CHECK(balance_surplus(instantiate("multibody.FreeMotion")) == branch);
  // A frame_resolve port is a third frame the element leaves alone (loaded with nothing): balanced too.
  for (const std::string type : {"multibody.ForceAndTorque", "multibody.RelativeVelocitySensor",
                                 "multibody.RelativeAngularVelocitySensor"}) {
    CAPTURE(type);
    const Definition d = instantiate(type, {{"resolve_in_frame", "frame_resolve"}});
    CHECK(d.find_port("frame_resolve") != nullptr);
    CHECK(balance_surplus(d) == 0);
    CHECK(instantiate(type).find_port("frame_resolve") == nullptr);
  }
  // The point mass adds r_CM_0, v_CM_0, a_CM_0 with their 9 equations: still balanced.
  for (const std::string type : {"multibody.Spring", "multibody.SpringDamperParallel", "multibody.SpringDamperSeries"}) {
    CAPTURE(type);
    const Definition heavy = instantiate(type, json{{"m", 0.5}});
    CHECK(balance_surplus(heavy) == two_loaded_frames);
    CHECK(heavy.find_variable("a_CM_0[3]") != nullptr);
  }
}

// ---- the point mass of a line force -------------------------------------------------------------

TEST_CASE("multibody forces: a massless Spring is the Spring it was, m = 0 given or not") {
  const Definition plain = instantiate("multibody.Spring", {{"c", 40.0}, {"s_unstretched", 0.2}});
  const Definition zero =
      instantiate("multibody.Spring", {{"c", 40.0}, {"s_unstretched", 0.2}, {"m", 0}, {"length_fraction", 0.3}});
  // 3 relative position, distance, Hooke, 3 + 3 cut forces, 3 + 3 zero torques.
  CHECK(plain.equations.size() == 17);
  REQUIRE(zero.equations.size() == plain.equations.size());
  for (std::size_t i = 0; i < plain.equations.size(); ++i)
    CHECK(to_string(zero.equations[i].residual) == to_string(plain.equations[i].residual));
  CHECK(to_string(zero.stored_energy) == to_string(plain.stored_energy));
  CHECK(plain.find_variable("r_CM_0[1]") == nullptr);
}

TEST_CASE("multibody forces: a Spring's point mass loads the frames in the shares of a lever, the audit closes") {
  const double c = 40.0, s0 = 0.2, m = 0.6, lambda = 0.25;
  const Definition d = instantiate("multibody.Spring", {{"c", c}, {"s_unstretched", s0}, {"m", m}, {"length_fraction", lambda}});
  FrameState a = frame_a_state(), b = frame_b_state();
  const Vector3d acc_a(0.3, -1.0, 2.0), acc_b(-0.5, 0.25, 1.5);  // the origins' accelerations
  const Vector3d r = b.r0 - a.r0;
  const double L = r.norm(), tension = c * (L - s0);
  const Vector3d F = -tension * r / L;  // on body B, toward A
  // The point mass at r_a + λ·r: its motion, and m·(a − g) shared (1 − λ) : λ.
  const Vector3d r_CM = a.r0 + lambda * r, v_CM = a.v0 + lambda * (b.v0 - a.v0);
  const Vector3d a_CM = acc_a + lambda * (acc_b - acc_a);
  const Vector3d load = m * (a_CM - kGravity);
  Values v = line_values(a, b, F, tension);
  put(v, "x.frame_a.f", a.R * (F + (1 - lambda) * load));
  put(v, "x.frame_b.f", b.R * (-F + lambda * load));
  put(v, "x.r_CM_0", r_CM);
  put_der(v, "x.r_CM_0", v_CM);
  put(v, "x.v_CM_0", v_CM);
  put_der(v, "x.v_CM_0", a_CM);
  put(v, "x.a_CM_0", a_CM);
  check_consistent(d, v, 100.0);
  // Stored: the spring, the point mass's kinetic energy and its height in the World's gravity.
  CHECK(value(d.stored_energy, v) ==
        doctest::Approx(0.5 * c * (L - s0) * (L - s0) + 0.5 * m * v_CM.squaredNorm() - m * kGravity.dot(r_CM)));
  // The weight on the wrong frame (shares swapped) breaks the force balance and the audit.
  Values swapped = v;
  put(swapped, "x.frame_a.f", a.R * (F + lambda * load));
  put(swapped, "x.frame_b.f", b.R * (-F + (1 - lambda) * load));
  CHECK(worst_residual(d, swapped) > 0.1);
  CHECK(std::abs(energy_audit(d, swapped)) > 0.1);
}

// ---- SpringDamperParallel and SpringDamperSeries ------------------------------------------------

TEST_CASE("multibody forces: SpringDamperParallel at hand-picked points, separating and closing") {
  const double c = 40.0, s0 = 0.5, d = 3.0;
  const Definition def = instantiate("multibody.SpringDamperParallel", {{"c", c}, {"s_unstretched", s0}, {"d", d}});
  for (const double sign : {1.0, -1.0}) {
    CAPTURE(sign);
    FrameState a = frame_a_state(), b = frame_b_state();
    b.v0 = a.v0 - sign * (b.v0 - a.v0);  // frame_b_state() closes in on frame_a: now separate (+) or close (−)
    const Vector3d r = b.r0 - a.r0, vr = b.v0 - a.v0;
    const double L = r.norm(), rate = r.dot(vr) / L;
    CHECK(sign * rate > 0.0);
    const double tension = c * (L - s0) + d * rate;
    const Values v = line_values(a, b, Vector3d(-tension * r / L), tension);
    check_consistent(def, v, 100.0);
    CHECK(value(def.loss_power, v) == doctest::Approx(d * rate * rate));
    CHECK(value(def.stored_energy, v) == doctest::Approx(0.5 * c * (L - s0) * (L - s0)));
    // Without the damping term the law is off by d·der(s), and only the law.
    Values spring_only = v;
    spring_only["x.f"] = c * (L - s0);
    const std::vector<double> res = residuals(def, spring_only);
    int broken = 0;
    for (double x : res) broken += std::abs(x) > 1e-9;
    CHECK(broken == 1 + 6);  // the law, and the cut forces that carry x.f
  }
  // d = 0: no v_rel (a spring at a massless junction stays index 1).
  CHECK(instantiate("multibody.SpringDamperParallel", {{"c", c}}).find_variable("v_rel[1]") == nullptr);
  CHECK(def.find_variable("v_rel[1]") != nullptr);
}

TEST_CASE("multibody forces: SpringDamperSeries at a hand-picked point: one force through both, loss f²/d") {
  const double c = 40.0, s0 = 0.5, d = 3.0, s_damper = 0.3;
  const Definition def =
      instantiate("multibody.SpringDamperSeries", {{"c", c}, {"s_unstretched", s0}, {"d", d}, {"s_damper_start", 0.3}});
  const FrameState a = frame_a_state(), b = frame_b_state();
  const Vector3d r = b.r0 - a.r0;
  const double L = r.norm(), tension = c * (L - s0 - s_damper);
  Values v = line_values(a, b, Vector3d(-tension * r / L), tension);
  v["x.s_damper"] = s_damper;
  v["der(x.s_damper)"] = tension / d;
  check_consistent(def, v, 100.0);
  CHECK(value(def.loss_power, v) == doctest::Approx(tension * tension / d));
  CHECK(value(def.stored_energy, v) == doctest::Approx(0.5 * c * std::pow(L - s0 - s_damper, 2)));
  // s_damper_start is the state's start value.
  const Definition::Variable* state = def.find_variable("s_damper");
  REQUIRE(state != nullptr);
  CHECK(state->options.start == 0.3);
  // A damper rate that does not carry the spring's force breaks the damper's law.
  CHECK(worst_residual(def, [&] {
          Values w = v;
          w["der(x.s_damper)"] = 0.0;
          return w;
        }()) == doctest::Approx(tension));
}

// ---- ForceAndTorque -----------------------------------------------------------------------------

TEST_CASE("multibody forces: ForceAndTorque resolves its inputs in each frame, balances moments, injects its power") {
  const Vector3d force(2.0, -1.0, 0.5), torque(0.3, 0.2, -0.4);
  const FrameState a0 = frame_a_state(), b0 = frame_b_state();
  FrameState resolve;
  resolve.R = turned(0.4, Vector3d(0.0, 1.0, 1.0));
  resolve.w = Vector3d(0.1, 0.0, 0.2);
  for (const std::string in : {"frame_b", "frame_a", "world", "frame_resolve"}) {
    CAPTURE(in);
    const Definition d = in == "frame_b" ? instantiate("multibody.ForceAndTorque")  // the default
                                         : instantiate("multibody.ForceAndTorque", {{"resolve_in_frame", in}});
    const Matrix3d R_in = in == "frame_b" ? b0.R : in == "frame_a" ? a0.R : in == "world" ? Matrix3d::Identity() : resolve.R;
    const Vector3d F = R_in.transpose() * force, T = R_in.transpose() * torque;  // world
    const Vector3d r = b0.r0 - a0.r0;
    // On body B: F at its origin and T. On body A: −F at its origin and the torque −T − r × F, so
    // that the pair's moment about any point vanishes. The cut forces are the opposite.
    FrameState a = a0, b = b0;
    b.f = -(b.R * F);
    b.t = -(b.R * T);
    a.f = a.R * F;
    a.t = a.R * (T + r.cross(F));
    Values v;
    put_frame(v, "x.frame_a", a);
    put_frame(v, "x.frame_b", b);
    if (in == "frame_resolve") put_frame(v, "x.frame_resolve", resolve);
    put(v, "x.force", force);
    put(v, "x.torque", torque);
    check_consistent(d, v, 10.0);
    // The net force and the net moment (about the origin) on the two bodies are zero.
    const Vector3d on_b = -(b.R.transpose() * b.f), on_a = -(a.R.transpose() * a.f);
    CHECK((on_a + on_b).norm() < 1e-14);
    const Vector3d moment = a0.r0.cross(on_a) + b0.r0.cross(on_b) - a.R.transpose() * a.t - b.R.transpose() * b.t;
    CHECK(moment.norm() < 1e-13);
    // Injected power: what the two bodies receive.
    const Vector3d wa = a.R.transpose() * a.w, wb = b.R.transpose() * b.w;
    CHECK(value(d.injected_power, v) ==
          doctest::Approx(on_b.dot(b.v0) + on_a.dot(a.v0) + T.dot(wb) - (T + r.cross(F)).dot(wa)));
    // Without the moment of the force pair at frame_a, the torque balance and the audit break.
    put(v, "x.frame_a.t", a.R * T);
    CHECK(worst_residual(d, v) > 0.1);
    CHECK(std::abs(energy_audit(d, v)) > 0.01);
  }
}

// ---- FreeMotion ---------------------------------------------------------------------------------

TEST_CASE("multibody forces: FreeMotion carries frame_a's motion to frame_b with its relative states") {
  const Definition d = instantiate("multibody.FreeMotion", {{"phi_start", {0.1, -0.2, 0.3}}});
  FrameState a = frame_a_state();
  const Vector3d r_rel(0.4, -0.1, 0.7), v_rel(0.2, 0.3, -0.5), a_rel(1.0, 0.0, -2.0);
  const Vector3d w_rel(0.5, -0.8, 0.2), z_rel(0.1, 0.4, -0.3);
  const Matrix3d R_rel = turned(0.9, Vector3d(2.0, -1.0, 0.5));  // frame_a → frame_b
  FrameState b;
  b.r0 = a.r0 + a.R.transpose() * r_rel;
  // der(R_aᵀ·r_rel) = R_aᵀ·(w_a × r_rel + v_rel), from der(R_a) = −[w_a×]·R_a.
  b.v0 = a.v0 + a.R.transpose() * (a.w.cross(r_rel) + v_rel);
  b.R = R_rel * a.R;
  b.w = R_rel * a.w + w_rel;
  Values v;
  put_frame(v, "x.frame_a", a);
  put_frame(v, "x.frame_b", b);
  for (const auto& [name, x, rate] : {std::tuple{"x.r_rel_a", r_rel, v_rel}, std::tuple{"x.v_rel_a", v_rel, a_rel},
                                      std::tuple{"x.a_rel_a", a_rel, Vector3d(Vector3d::Zero())},
                                      std::tuple{"x.w_rel_b", w_rel, z_rel},
                                      std::tuple{"x.z_rel_b", z_rel, Vector3d(Vector3d::Zero())}}) {
    put(v, name, x);
    put_der(v, name, rate);
  }
  // The quaternion of R_rel and its rate: der(R_rel) = −[w_rel×]·R_rel, written as a finite
  // difference of the quaternions of R_rel turned a little further (independent of W(Q)).
  const Eigen::Vector4d Q = multibody_components::quaternion_of(R_rel);
  const double h = 1e-6;
  const auto later = [&](double dt) {
    return multibody_components::quaternion_of(
        Matrix3d(Eigen::AngleAxisd(-w_rel.norm() * dt, w_rel.normalized()).toRotationMatrix() * R_rel));
  };
  const Eigen::Vector4d Q_dot = (later(h) - later(-h)) / (2 * h);
  for (int i = 0; i < 4; ++i) {
    v["x.Q" + index(i)] = Q(i);
    v["der(x.Q" + index(i) + ")"] = Q_dot(i);
  }
  const std::vector<double> r = residuals(d, v);
  for (std::size_t i = 0; i < r.size(); ++i) {
    INFO("equation " << i << ": " << d.equations[i].description);
    CHECK(std::abs(r[i]) < 1e-8);
  }
  // frame_b turning with frame_a alone (w_rel forgotten) is not a solution.
  put(v, "x.frame_b.w", R_rel * a.w);
  CHECK(worst_residual(d, v) > 0.1);
  // It starts at the Cardan angles phi_start: Q's start values are their quaternion.
  const Eigen::Vector4d q0 = multibody_components::quaternion_of(multibody_components::cardan_123({0.1, -0.2, 0.3}));
  for (int i = 0; i < 4; ++i) CHECK(d.find_variable("Q" + index(i))->options.start == doctest::Approx(q0(i)));
  CHECK(d.find_variable("r_rel_a[1]")->options.priority == StatePriority::Prefer);
}

// ---- relative sensors ---------------------------------------------------------------------------

TEST_CASE("multibody forces: the relative velocity sensors read finite differences of the relative motion") {
  // Frames moving with constant velocities and angular velocities: r_0(t) = r_0 + v_0·t and
  // R(t) = exp(−[w×]·t)·R (w in frame coordinates). The sensors must read the central differences
  // of r_rel(t) = R_a(t)·(r_0,b(t) − r_0,a(t)) and of R_rel(t) = R_b(t)·R_a(t)ᵀ.
  const FrameState a = frame_a_state(), b = frame_b_state();
  FrameState resolve;
  resolve.R = turned(-0.6, Vector3d(1.0, 1.0, 0.0));
  const auto R_at = [](const FrameState& s, double t) {
    return Matrix3d(Eigen::AngleAxisd(-s.w.norm() * t, s.w.normalized()).toRotationMatrix() * s.R);
  };
  const auto r_rel = [&](double t) { return Vector3d(R_at(a, t) * ((b.r0 + b.v0 * t) - (a.r0 + a.v0 * t))); };
  const double h = 1e-5;
  const Vector3d v_rel_a = (r_rel(h) - r_rel(-h)) / (2 * h);
  // der(R_rel)·R_relᵀ = −[w_rel,b×]: the relative angular velocity in frame_b, then in frame_a.
  const Matrix3d R_rel = b.R * a.R.transpose();
  const Matrix3d R_rel_dot = (R_at(b, h) * R_at(a, h).transpose() - R_at(b, -h) * R_at(a, -h).transpose()) / (2 * h);
  const Matrix3d W = -R_rel_dot * R_rel.transpose();
  const Vector3d w_rel_b(W(2, 1), W(0, 2), W(1, 0));
  const Vector3d w_rel_a = R_rel.transpose() * w_rel_b;
  for (const std::string in : {"frame_a", "world", "frame_b", "frame_resolve"}) {
    CAPTURE(in);
    const Matrix3d R_out = in == "frame_a" ? a.R : in == "world" ? Matrix3d::Identity() : in == "frame_b" ? b.R : resolve.R;
    const json params = in == "frame_a" ? json::object() : json{{"resolve_in_frame", in}};  // frame_a: the default
    Values v;
    put_frame(v, "x.frame_a", a);
    put_frame(v, "x.frame_b", b);
    if (in == "frame_resolve") put_frame(v, "x.frame_resolve", resolve);
    const Definition velocity = instantiate("multibody.RelativeVelocitySensor", params);
    put(v, "x.v_rel", R_out * a.R.transpose() * v_rel_a);
    CHECK(worst_residual(velocity, v) < 1e-8);
    const Definition angular = instantiate("multibody.RelativeAngularVelocitySensor", params);
    put(v, "x.w_rel", R_out * a.R.transpose() * w_rel_a);
    CHECK(worst_residual(angular, v) < 1e-8);
    // Reading frame_b's own velocity instead is wrong: frame_a moves and turns.
    put(v, "x.v_rel", R_out * b.v0);
    CHECK(worst_residual(velocity, v) > 0.1);
    put(v, "x.w_rel", R_out * b.R.transpose() * b.w);
    CHECK(worst_residual(angular, v) > 0.1);
  }
}

// ---- validation ---------------------------------------------------------------------------------

TEST_CASE("multibody forces: validation messages name the parameter") {
  CHECK_THROWS_WITH_AS(instantiate("multibody.Spring", {{"m", -0.1}}, "spring1"),
                       "/components/spring1/params/m: m must not be negative, got -0.1", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("multibody.SpringDamperParallel", {{"m", 1}, {"length_fraction", 1.5}}, "sd1"),
                       "/components/sd1/params/length_fraction: length_fraction must lie in [0, 1], got 1.5", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("multibody.SpringDamperParallel", {{"d", -2}}, "sd1"),
                       "/components/sd1/params/d: d must not be negative, got -2", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("multibody.SpringDamperSeries", {{"d", 0}}, "series1"),
                       "/components/series1/params/d: d must be positive, got 0", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("multibody.SpringDamperSeries", {{"c", -1}}, "series1"),
                       "/components/series1/params/c: c must not be negative, got -1", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("multibody.ForceAndTorque", {{"resolve_in_frame", "frame_c"}}, "push1"),
                       "/components/push1/params/resolve_in_frame: resolve_in_frame must be one of \"world\", "
                       "\"frame_a\", \"frame_b\", \"frame_resolve\", got \"frame_c\"",
                       ModelError);
  CHECK_THROWS_WITH_AS(instantiate("multibody.FreeMotion", {{"phi_start", {0, 1}}}, "free1"),
                       "/components/free1/params/phi_start: expected 3 values, got 2", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("multibody.RelativeVelocitySensor", {{"resolveInFrame", "world"}}, "sensor1"),
                       doctest::Contains("/components/sensor1/params/resolveInFrame: unknown parameter"), ModelError);
}
