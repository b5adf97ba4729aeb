// Tests of the shaped bodies (components/multibody/body_shape, body_box, body_cylinder and their
// shared helpers in shaped_body): the mass properties MSL derives from a box's or a cylinder's
// geometry against values worked out by hand, the equations of an instance at a consistent motion
// (every residual zero, the power balance closed), and the validation messages.
#include <doctest/doctest.h>

#include <Eigen/Eigenvalues>
#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <memory>
#include <numbers>
#include <string>
#include <tuple>
#include <vector>

#include "components/multibody/free_orientation.hpp"
#include "components/multibody/shaped_body.hpp"
#include "components/registry.hpp"
#include "core/analysis/program.hpp"
#include "core/model/errors.hpp"
#include "core/model/model.hpp"
#include "solver/simulation.hpp"
#include "tests/support/component_harness.hpp"
#include "tests/support/simulation_run.hpp"

using namespace acausal;
using namespace acausal::testing;
using namespace acausal::multibody_components;
using nlohmann::json;
using Eigen::Matrix3d;
using Eigen::Vector3d;

namespace {

constexpr double kPi = std::numbers::pi;

void check_matrix(const Matrix3d& actual, const Matrix3d& expected, double tolerance) {
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      CAPTURE(i);
      CAPTURE(j);
      CHECK(actual(i, j) == doctest::Approx(expected(i, j)).epsilon(tolerance).scale(expected.cwiseAbs().maxCoeff()));
    }
}

void check_vector(const Vector3d& actual, const Vector3d& expected, double tolerance = 1e-12) {
  for (int i = 0; i < 3; ++i) {
    CAPTURE(i);
    CHECK(actual(i) == doctest::Approx(expected(i)).epsilon(tolerance).scale(std::max(1.0, expected.norm())));
  }
}

/// Values of the variables of a BodyShape-like instance `x` moving with frame_a at r0, v0, a0,
/// orientation R (world → frame_a), angular velocity w and acceleration z (frame_a), with the cut
/// force and torque f_b, t_b at frame_b, and frame_a's cut force and torque as a rigid body with
/// the mass properties `p` and frame_b at `r` needs them (gravity: the World's default).
Values rigid_motion(const MassProperties& p, const Vector3d& r) {
  const Matrix3d R = Eigen::AngleAxisd(0.7, Vector3d(1.0, 2.0, 3.0).normalized()).toRotationMatrix().transpose();
  const Vector3d r0(0.3, -0.2, 0.5), v0(1.0, -0.5, 0.25), a0(0.2, 0.1, -0.3);
  const Vector3d w(0.4, -0.3, 0.9), z(-0.2, 0.5, 0.1);
  const Vector3d f_b(1.5, -2.0, 0.7), t_b(0.3, 0.1, -0.4);
  const Vector3d g(0.0, -9.80665, 0.0);
  Matrix3d W;
  W << 0.0, -w(2), w(1), w(2), 0.0, -w(0), -w(1), w(0), 0.0;
  const Matrix3d R_dot = -W * R;  // R maps world to frame coordinates

  const Vector3d F = p.m * (R * (a0 - g) + z.cross(p.r_CM) + w.cross(w.cross(p.r_CM)));
  const Vector3d T = p.I * z + w.cross(p.I * w) + p.r_CM.cross(F);
  const Vector3d f_a = F - f_b, t_a = T - t_b - r.cross(f_b);

  Values v;
  const auto index = [](int i) { return "[" + std::to_string(i + 1) + "]"; };
  const auto put = [&](const std::string& name, const Vector3d& x) {
    for (int i = 0; i < 3; ++i) v[name + index(i)] = x(i);
  };
  const auto put_der = [&](const std::string& name, const Vector3d& x) {
    for (int i = 0; i < 3; ++i) v["der(" + name + index(i) + ")"] = x(i);
  };
  for (const std::string frame : {"x.frame_a", "x.frame_b"}) {
    const bool is_b = frame == "x.frame_b";
    put(frame + ".r_0", is_b ? Vector3d(r0 + R.transpose() * r) : r0);
    put_der(frame + ".r_0", is_b ? Vector3d(v0 + R.transpose() * w.cross(r)) : v0);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        const std::string element = frame + ".R[" + std::to_string(i + 1) + "," + std::to_string(j + 1) + "]";
        v[element] = R(i, j);
        v["der(" + element + ")"] = R_dot(i, j);
      }
    put(frame + ".w", w);
    put(frame + ".f", is_b ? f_b : f_a);
    put(frame + ".t", is_b ? t_b : t_a);
  }
  // The body's own variables (frame_a's motion) and their derivatives.
  const Vector3d none = Vector3d::Zero();
  for (const auto& [name, x, rate] : {std::tuple{"x.r_0", r0, v0}, std::tuple{"x.v_0", v0, a0},
                                      std::tuple{"x.a_0", a0, none}, std::tuple{"x.w_a", w, z},
                                      std::tuple{"x.z_a", z, none}}) {
    put(name, x);
    put_der(name, rate);
  }
  // Built alone, the body is free (nothing orients frame_a): its quaternion and der(Q) = ½·W(Q)ᵀ·w.
  const Eigen::Vector4d Q = quaternion_of(R);
  Eigen::Matrix<double, 3, 4> WQ;
  WQ << Q(3), Q(2), -Q(1), -Q(0), -Q(2), Q(3), Q(0), -Q(1), Q(1), -Q(0), Q(3), -Q(2);
  const Eigen::Vector4d Q_dot = 0.5 * WQ.transpose() * w;
  for (int i = 0; i < 4; ++i) {
    v["x.Q" + index(i)] = Q(i);
    v["der(x.Q" + index(i) + ")"] = Q_dot(i);
  }
  return v;
}

/// The largest residual of `d` at the motion rigid_motion(p, r).
double worst_residual(const Definition& d, const MassProperties& p, const Vector3d& r) {
  double worst = 0.0;
  for (double x : residuals(d, rigid_motion(p, r))) worst = std::max(worst, std::abs(x));
  return worst;
}

/// The instance's equations hold for a rigid body with mass properties `p` and frame_b at `r`
/// (and not for a slightly heavier one), and its power balance closes.
void check_rigid_body(const Definition& d, const MassProperties& p, const Vector3d& r) {
  CHECK(worst_residual(d, p, r) < 1e-9);
  MassProperties heavier = p;
  heavier.m *= 1.001;
  CHECK(worst_residual(d, heavier, r) > 1e-6);
  CHECK(energy_audit(d, rigid_motion(p, r)) == doctest::Approx(0.0).scale(1.0).epsilon(1e-9));
}


/// A box pendulum: the World, a revolute joint about z and a BodyBox hung by `port` with `r`.
std::string box_pendulum(const std::string& port, const std::string& r) {
  return R"({ "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World" },
      "rev": { "type": "multibody.Revolute", "initial": { "phi": 0, "w": 0 } },
      "box": { "type": "multibody.BodyBox", "params": { "r": )" + r + R"(, "width": 0.06 } } },
    "connections": [["world.frame_b", "rev.frame_a"], ["rev.frame_b", "box.)" + port + R"("]],
    "experiment": { "stop": 2, "interval": 0.01, "tolerance": 1e-8 },
    "outputs": ["rev.phi", "box.r_0[1]", "box.r_0[2]"] })";
}

MassProperties mass_properties(double m, const Vector3d& r_CM, const Matrix3d& I) {
  MassProperties p;
  p.m = m;
  p.r_CM = r_CM;
  p.I = I;
  return p;
}

}  // namespace

// ---- catalog ------------------------------------------------------------------------------------

TEST_CASE("multibody bodies: BodyShape, BodyBox and BodyCylinder are registered, documented and balanced") {
  const std::ptrdiff_t body = balance_surplus(instantiate("multibody.Body"));
  for (const std::string type : {"multibody.BodyShape", "multibody.BodyBox", "multibody.BodyCylinder"}) {
    CAPTURE(type);
    const Definition described = described_catalog_entry(type);
    CHECK(!described.equations.empty());
    CHECK(described.find_port("frame_a") != nullptr);
    CHECK(described.find_port("frame_b") != nullptr);
    // As balanced as a Body (frame_b's 15 kinematic equations cover its 15 across variables; its 6
    // cut forces and torques are fixed by what it is connected to).
    const Definition d = instantiate(type);
    CHECK(balance_surplus(d) == body);
    for (const char* v : {"r_0[1]", "v_0[2]", "a_0[3]", "w_a[1]", "z_a[3]"}) CHECK(d.find_variable(v) != nullptr);
  }
}

// ---- pure mass properties -----------------------------------------------------------------------

TEST_CASE("multibody bodies: the shape's axes are a rotation: x along the length, y from width_direction") {
  const Matrix3d T = shape_axes(Vector3d(2.0, 0.0, 0.0), Vector3d(0.0, 5.0, 0.0));
  check_matrix(T, Matrix3d::Identity(), 1e-15);
  // Oblique: x = (1,1,1)/√3, y = (0,1,0) minus its part along x, normalized: (−1,2,−1)/√6.
  const Matrix3d O = shape_axes(Vector3d(1.0, 1.0, 1.0), Vector3d(0.0, 1.0, 0.0));
  check_vector(O.row(0).transpose(), Vector3d(1.0, 1.0, 1.0) / std::sqrt(3.0));
  check_vector(O.row(1).transpose(), Vector3d(-1.0, 2.0, -1.0) / std::sqrt(6.0));
  check_vector(O.row(2).transpose(), Vector3d(-1.0, 0.0, 1.0) / std::sqrt(2.0));
  check_matrix(O * O.transpose(), Matrix3d::Identity(), 1e-14);
  CHECK(O.determinant() == doctest::Approx(1.0));
  // width_direction parallel to the length: MSL's fallbacks, (0,1,0), or (1,0,0) when x₁ = 0.
  check_vector(shape_axes(Vector3d(3.0, 0.0, 0.0), Vector3d(-1.0, 0.0, 0.0)).row(1).transpose(), Vector3d::UnitY());
  const Matrix3d Y = shape_axes(Vector3d(0.0, 2.0, 0.0), Vector3d(0.0, 1.0, 0.0));
  check_vector(Y.row(1).transpose(), Vector3d::UnitX());
  check_vector(Y.row(2).transpose(), -Vector3d::UnitZ());
}

TEST_CASE("multibody bodies: box mass properties (MB_DoublePendulum's link, a hollow box, width_direction)") {
  // The MB_DoublePendulum link: 0.5 × 0.06 × 0.06 m of steel along x.
  BoxGeometry link;
  link.length_direction = Vector3d(0.5, 0.0, 0.0);
  link.length = 0.5;
  link.width = link.height = 0.06;
  MassProperties p = box_mass_properties(link);
  CHECK(p.m == doctest::Approx(13.86).epsilon(1e-14));  // 7700·0.5·0.06·0.06
  check_vector(p.r_CM, Vector3d(0.25, 0.0, 0.0));
  check_matrix(p.I, Vector3d(0.008316, 0.292908, 0.292908).asDiagonal(), 1e-12);

  // Hollow: 1 m × 0.1 m × 0.2 m of density 1000 with a 0.05 × 0.1 m hole: m_o = 20, m_i = 5.
  BoxGeometry hollow;
  hollow.length = 1.0;
  hollow.width = 0.1;
  hollow.height = 0.2;
  hollow.inner_width = 0.05;
  hollow.inner_height = 0.1;
  hollow.density = 1000.0;
  hollow.r_shape = Vector3d(0.0, 0.1, -0.2);
  p = box_mass_properties(hollow);
  CHECK(p.m == doctest::Approx(15.0));
  check_vector(p.r_CM, Vector3d(0.5, 0.1, -0.2));
  // (20·(0.01 + 0.04) − 5·(0.0025 + 0.01))/12, (20·1.04 − 5·1.01)/12, (20·1.01 − 5·1.0025)/12
  check_matrix(p.I, Vector3d(0.078125, 1.3125, 1.265625).asDiagonal(), 1e-12);

  // The width along frame_a's z: the moments about y and z swap.
  hollow.width_direction = Vector3d(0.0, 0.0, 3.0);
  check_matrix(box_mass_properties(hollow).I, Vector3d(0.078125, 1.265625, 1.3125).asDiagonal(), 1e-12);
}

TEST_CASE("multibody bodies: a box along an oblique direction has the rotated tensor, same invariants") {
  BoxGeometry box;
  box.length_direction = Vector3d(1.0, 1.0, 1.0);
  box.width_direction = Vector3d(0.0, 1.0, 0.0);
  box.length = 0.6;
  box.width = 0.1;
  box.height = 0.05;
  const double m = 7700.0 * 0.6 * 0.1 * 0.05;  // 23.1
  const Vector3d moments(m * (0.01 + 0.0025) / 12.0, m * (0.36 + 0.0025) / 12.0, m * (0.36 + 0.01) / 12.0);
  const MassProperties p = box_mass_properties(box);
  CHECK(p.m == doctest::Approx(23.1));
  check_vector(p.r_CM, Vector3d(1.0, 1.0, 1.0) * (0.3 / std::sqrt(3.0)));
  // I = Σ λ_k e_k e_kᵀ over the box's axes worked out by hand.
  const Vector3d e1 = Vector3d(1.0, 1.0, 1.0) / std::sqrt(3.0);
  const Vector3d e2 = Vector3d(-1.0, 2.0, -1.0) / std::sqrt(6.0);
  const Vector3d e3 = Vector3d(-1.0, 0.0, 1.0) / std::sqrt(2.0);
  const Matrix3d expected =
      moments(0) * e1 * e1.transpose() + moments(1) * e2 * e2.transpose() + moments(2) * e3 * e3.transpose();
  check_matrix(p.I, expected, 1e-12);
  CHECK(p.I(0, 1) != doctest::Approx(0.0));  // really rotated
  CHECK(p.I.trace() == doctest::Approx(moments.sum()));
  const Vector3d eigenvalues = Eigen::SelfAdjointEigenSolver<Matrix3d>(p.I).eigenvalues();
  Vector3d sorted = moments;
  std::sort(sorted.data(), sorted.data() + 3);
  check_vector(eigenvalues, sorted, 1e-12);
  check_vector(p.I * e1, moments(0) * e1, 1e-12);  // the length axis is a principal axis
}

TEST_CASE("multibody bodies: cylinder mass properties: a hollow one along y, MB_Fourbar1's links") {
  // Hollow: L = 2, D = 0.2, bore 0.1, density 1000 along y: m_o = 20π, m_i = 5π.
  CylinderGeometry pipe;
  pipe.length_direction = Vector3d(0.0, 4.0, 0.0);
  pipe.length = 2.0;
  pipe.diameter = 0.2;
  pipe.inner_diameter = 0.1;
  pipe.density = 1000.0;
  MassProperties p = cylinder_mass_properties(pipe);
  CHECK(p.m == doctest::Approx(15.0 * kPi));
  check_vector(p.r_CM, Vector3d(0.0, 1.0, 0.0));
  // axial (20π·0.01 − 5π·0.0025)/2; transverse (20π·4.03 − 5π·4.0075)/12
  const double axial = 0.09375 * kPi, transverse = 5.046875 * kPi;
  check_matrix(p.I, Vector3d(transverse, axial, transverse).asDiagonal(), 1e-12);

  // MB_Fourbar1 (MSL's values from the reference's model.md): solid steel cylinders, D = 0.05.
  struct Link {
    Vector3d r;
    double m;
    Vector3d r_CM;
    Matrix3d I;
  };
  Matrix3d I_b1, I_b3, I_b2;
  I_b1 << 0.16823645, 0, 0, 0, 0.0087870881, -0.031889871, 0, -0.031889871, 0.16185847;
  I_b3 << 0.13687046, 0.39574557, 0.13191519, 0.39574557, 1.3372987, -0.039574557, 0.13191519, -0.039574557, 1.4428308;
  I_b2 = Vector3d(0.010551743, 0.00094493217, 0.010551743).asDiagonal();
  for (const Link& link : {Link{{0.0, 0.5, 0.1}, 7.70916408, {0.0, 0.25, 0.05}, I_b1},
                           Link{{-1.0, 0.3, 0.1}, 15.85685145, {-0.5, 0.15, 0.05}, I_b3},
                           Link{{0.0, 0.2, 0.0}, 3.023782929, {0.0, 0.1, 0.0}, I_b2}}) {
    CAPTURE(link.r.transpose());
    CylinderGeometry g;
    g.length_direction = link.r;
    g.length = link.r.norm();
    g.diameter = 0.05;
    p = cylinder_mass_properties(g);
    CHECK(p.m == doctest::Approx(link.m).epsilon(1e-8));
    check_vector(p.r_CM, link.r_CM);
    check_matrix(p.I, link.I, 1e-7);
  }
}

// ---- instances ----------------------------------------------------------------------------------

TEST_CASE("multibody bodies: BodyBox instance: MB_DoublePendulum's link, defaults, a shifted box") {
  // The equations are those of a rigid body with the derived mass properties and frame_b at r.
  check_rigid_body(instantiate("multibody.BodyBox", {{"r", {0.5, 0, 0}}, {"width", 0.06}}),
                   mass_properties(13.86, {0.25, 0.0, 0.0}, Vector3d(0.008316, 0.292908, 0.292908).asDiagonal()),
                   {0.5, 0.0, 0.0});

  // Defaults: r = [0.1, 0, 0], width = height = length/20 = 0.005, density 7700.
  const double m = 7700.0 * 0.1 * 0.005 * 0.005;
  check_rigid_body(instantiate("multibody.BodyBox"),
                   mass_properties(m, {0.05, 0.0, 0.0},
                                   Vector3d(m * 5e-5 / 12.0, m * 0.010025 / 12.0, m * 0.010025 / 12.0).asDiagonal()),
                   {0.1, 0.0, 0.0});

  // A box that starts at r_shape = (0, 0.1, 0) and runs along x to below frame_b at r = (1, 0.1, 0):
  // the box (and its inertia) lies along length_direction = r − r_shape = x, not along r.
  const double mb = 7700.0 * 1.0 * 0.05 * 0.05;
  check_rigid_body(
      instantiate("multibody.BodyBox", {{"r", {1.0, 0.1, 0.0}}, {"r_shape", {0.0, 0.1, 0.0}}, {"width", 0.05}}),
      mass_properties(mb, {0.5, 0.1, 0.0},
                      Vector3d(mb * 0.005 / 12.0, mb * 1.0025 / 12.0, mb * 1.0025 / 12.0).asDiagonal()),
      {1.0, 0.1, 0.0});

  // Units, width_direction, a hollow box and the visualization parameters are accepted.
  BoxGeometry g;
  g.length_direction = Vector3d(0.0, 0.0, -0.3);
  g.width_direction = Vector3d(1.0, 0.0, 0.0);
  g.length = 0.3;
  g.width = 0.04;
  g.height = 0.02;
  g.inner_width = 0.03;
  g.inner_height = 0.01;
  g.density = 2700.0;
  check_rigid_body(instantiate("multibody.BodyBox", {{"r", {0, 0, -0.3}},
                                                     {"width_direction", {1, 0, 0}},
                                                     {"width", "40 mm"},
                                                     {"height", "2 cm"},
                                                     {"inner_width", 0.03},
                                                     {"inner_height", 0.01},
                                                     {"density", "2.7 g/cm^3"},
                                                     {"animation", false},
                                                     {"color", {0, 0, 255}}}),
                   box_mass_properties(g), {0.0, 0.0, -0.3});
}

TEST_CASE("multibody bodies: BodyCylinder and BodyShape instances") {
  // A hollow steel pipe along z: D = 0.1, bore 0.08, L = 0.4 (length given, r elsewhere).
  CylinderGeometry g;
  g.length_direction = Vector3d(0.0, 0.0, 1.0);
  g.length = 0.4;
  g.diameter = 0.1;
  g.inner_diameter = 0.08;
  const MassProperties pipe = cylinder_mass_properties(g);
  CHECK(pipe.m == doctest::Approx(7700.0 * kPi * 0.4 * (0.0025 - 0.0016)));
  check_rigid_body(instantiate("multibody.BodyCylinder", {{"r", {0.1, 0.0, 0.5}},
                                                          {"length_direction", {0, 0, 1}},
                                                          {"length", 0.4},
                                                          {"diameter", 0.1},
                                                          {"inner_diameter", 0.08}}),
                   pipe, {0.1, 0.0, 0.5});
  // Defaults: r = [0.1, 0, 0], diameter = length/20.
  CylinderGeometry defaults;
  check_rigid_body(instantiate("multibody.BodyCylinder"), cylinder_mass_properties(defaults), {0.1, 0.0, 0.0});

  // BodyShape: the given mass properties (MB_FreeBody's body, then a full tensor), frame_b at r.
  check_rigid_body(instantiate("multibody.BodyShape", {{"m", 1.0},
                                                       {"r", {0.4, 0, 0}},
                                                       {"r_CM", {0.2, 0, 0}},
                                                       {"I_11", 1.0},
                                                       {"I_22", 1.0},
                                                       {"I_33", 1.0}}),
                   mass_properties(1.0, {0.2, 0.0, 0.0}, Matrix3d::Identity()), {0.4, 0.0, 0.0});
  Matrix3d I;
  I << 0.3, 0.01, -0.02, 0.01, 0.2, 0.03, -0.02, 0.03, 0.25;
  check_rigid_body(instantiate("multibody.BodyShape", {{"m", 2.5},
                                                       {"r", {0.1, -0.2, 0.3}},
                                                       {"r_CM", {0.05, 0.1, -0.1}},
                                                       {"I_11", 0.3},
                                                       {"I_22", 0.2},
                                                       {"I_33", 0.25},
                                                       {"I_21", 0.01},
                                                       {"I_31", -0.02},
                                                       {"I_32", 0.03},
                                                       {"shape_type", "cylinder"},
                                                       {"animation", true}}),
                   mass_properties(2.5, {0.05, 0.1, -0.1}, I), {0.1, -0.2, 0.3});
  // Default BodyShape: m = 1, I = 0.001·diag, r = r_CM = 0.
  check_rigid_body(instantiate("multibody.BodyShape"),
                   mass_properties(1.0, Vector3d::Zero(), 0.001 * Matrix3d::Identity()), Vector3d::Zero());
}

// ---- validation ---------------------------------------------------------------------------------

TEST_CASE("multibody bodies: validation messages name the parameter") {
  const auto box = [](const json& params) { return instantiate("multibody.BodyBox", params, "box1"); };
  const auto cylinder = [](const json& params) { return instantiate("multibody.BodyCylinder", params, "cyl1"); };
  CHECK_THROWS_WITH_AS(box({{"length_direction", {0, 0, 0}}}),
                       "/components/box1/params/length_direction: length_direction must not be a zero-length vector",
                       ModelError);
  CHECK_THROWS_WITH_AS(box({{"r", {0, 0, 0}}}),
                       "/components/box1/params/length_direction: length_direction defaults to r − r_shape, which is "
                       "zero: give length_direction (and length)",
                       ModelError);
  CHECK_THROWS_WITH_AS(box({{"r", {0, 0, 0}}, {"length_direction", {1, 0, 0}}}),
                       "/components/box1/params/length: length must be positive, got 0", ModelError);
  CHECK_THROWS_WITH_AS(box({{"width_direction", {0, 0, 0}}}),
                       "/components/box1/params/width_direction: width_direction must not be a zero-length vector",
                       ModelError);
  CHECK_THROWS_WITH_AS(box({{"density", -7700}}),
                       "/components/box1/params/density: density must be positive, got -7700", ModelError);
  CHECK_THROWS_WITH_AS(box({{"width", 0}}), "/components/box1/params/width: width must be positive, got 0", ModelError);
  CHECK_THROWS_WITH_AS(box({{"height", -0.01}}), "/components/box1/params/height: height must be positive, got -0.01",
                       ModelError);
  CHECK_THROWS_WITH_AS(box({{"width", 0.06}, {"inner_width", 0.07}}),
                       "/components/box1/params/inner_width: inner_width must not exceed width (0.06 m), got 0.07",
                       ModelError);
  CHECK_THROWS_WITH_AS(box({{"width", 0.06}, {"height", 0.04}, {"inner_width", 0.05}}),
                       "/components/box1/params/inner_height: inner_height must not exceed height (0.04 m), got 0.05",
                       ModelError);
  CHECK_THROWS_WITH_AS(box({{"inner_width", -0.001}}),
                       "/components/box1/params/inner_width: inner_width must not be negative, got -0.001", ModelError);
  CHECK_THROWS_WITH_AS(box({{"width", 0.06}, {"inner_width", 0.06}}),
                       "/components/box1/params/inner_width: the box is all hole: inner_width = width and "
                       "inner_height = height leave no mass",
                       ModelError);
  CHECK_NOTHROW(box({{"width", 0.06}, {"inner_width", 0.06}, {"inner_height", 0.03}}));  // two plates
  CHECK_THROWS_WITH_AS(box({{"width", "3 kg"}}), doctest::Contains("/components/box1/params/width"), ModelError);
  CHECK_THROWS_AS(box({{"widht", 0.06}}), ModelError);

  CHECK_THROWS_WITH_AS(cylinder({{"diameter", 0.05}, {"inner_diameter", 0.05}}),
                       "/components/cyl1/params/inner_diameter: inner_diameter must be smaller than diameter (0.05 m), "
                       "got 0.05",
                       ModelError);
  CHECK_THROWS_WITH_AS(cylinder({{"density", 0}}), "/components/cyl1/params/density: density must be positive, got 0",
                       ModelError);
  CHECK_THROWS_WITH_AS(cylinder({{"r", {0, 0, 0}}, {"r_shape", {0, 0, 0}}}),
                       doctest::Contains("/components/cyl1/params/length_direction: length_direction defaults"),
                       ModelError);
  CHECK_THROWS_WITH_AS(cylinder({{"diameter", -1}}),
                       "/components/cyl1/params/diameter: diameter must be positive, got -1", ModelError);

  // BodyShape validates its mass properties as Body does.
  CHECK_THROWS_WITH_AS(instantiate("multibody.BodyShape", {{"m", 0}}, "shape1"),
                       "/components/shape1/params/m: m must be positive, got 0", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("multibody.BodyShape", {{"I_11", 1.0}}, "shape1"),
                       doctest::Contains("/components/shape1/params/I_11: the inertia tensor"), ModelError);
  CHECK_THROWS_WITH_AS(instantiate("multibody.BodyShape", {{"r", {1, 2}}}, "shape1"),
                       "/components/shape1/params/r: expected 3 values, got 2", ModelError);
}

// ---- in motion ----------------------------------------------------------------------------------

TEST_CASE("multibody bodies: a box hung by frame_b swings as the same box hung by frame_a") {
  // Hung by frame_a with r = (0.5, 0, 0), the box runs from the pivot to 0.5 m along x. Hung by
  // frame_b with r = (−0.5, 0, 0), frame_a is 0.5 m from the pivot along x and the box runs back to
  // it: the same body in the same place, but its orientation now reaches it through frame_b and the
  // joint holds it by frame_b's cut force and torque.
  const auto by_a = simulate_netlist(box_pendulum("frame_a", "[0.5, 0, 0]"));
  const auto by_b = simulate_netlist(box_pendulum("frame_b", "[-0.5, 0, 0]"));
  const std::vector<double> phi_a = by_a->writer.column("rev.phi"), phi_b = by_b->writer.column("rev.phi");
  REQUIRE(phi_a.size() == 201);
  REQUIRE(phi_b.size() == 201);
  double swing = 0.0;
  for (std::size_t k = 0; k < phi_a.size(); ++k) {
    CHECK(phi_b[k] == doctest::Approx(phi_a[k]).scale(1.0).epsilon(1e-6));
    swing = std::max(swing, std::abs(phi_a[k]));
  }
  CHECK(swing > 3.0);  // it swings through the bottom to the other side
  // Hung by frame_b, frame_a is the box's far end, half a metre from the pivot.
  const double x = by_b->writer.column("box.r_0[1]")[100], y = by_b->writer.column("box.r_0[2]")[100];
  CHECK(std::hypot(x, y) == doctest::Approx(0.5));
  for (const auto* run : {by_a.get(), by_b.get()}) {
    REQUIRE(run->result.energy);
    CHECK(run->result.energy->worst_balance < 1e-6);
  }
}

TEST_CASE("multibody bodies: a free cylinder spinning about its axis falls with g and keeps its spin") {
  // Nothing orients the cylinder: it carries its own quaternion. Spun about its axis of symmetry
  // (frame_a's x, through the center of mass) it keeps w_a; frame_a falls as the center of mass does.
  const auto r = simulate_netlist(R"({ "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World" },
      "pipe": { "type": "multibody.BodyCylinder",
                "params": { "r": [0.4, 0, 0], "diameter": 0.1, "inner_diameter": 0.06 },
                "initial": { "r_0": [0, 1, 0], "v_0": [0.5, 2, 0], "w_a": [10, 0, 0] } } },
    "connections": [],
    "experiment": { "stop": 1, "interval": 0.01, "tolerance": 1e-9 },
    "outputs": ["pipe.r_0[1]", "pipe.r_0[2]", "pipe.w_a[1]", "pipe.w_a[2]", "pipe.frame_b.r_0[1]",
                "pipe.frame_b.r_0[2]", "pipe.frame_b.r_0[3]"] })");
  const std::vector<double>& t = r->writer.times();
  REQUIRE(t.size() == 101);
  for (std::size_t k = 0; k < t.size(); k += 10) {
    CAPTURE(t[k]);
    CHECK(r->writer.column("pipe.r_0[1]")[k] == doctest::Approx(0.5 * t[k]).scale(1.0).epsilon(1e-6));
    CHECK(r->writer.column("pipe.r_0[2]")[k] ==
          doctest::Approx(1.0 + 2.0 * t[k] - 0.5 * 9.80665 * t[k] * t[k]).scale(1.0).epsilon(1e-6));
    CHECK(r->writer.column("pipe.w_a[1]")[k] == doctest::Approx(10.0));
    CHECK(r->writer.column("pipe.w_a[2]")[k] == doctest::Approx(0.0).scale(1.0).epsilon(1e-6));
    // frame_b stays 0.4 m ahead along the spin axis.
    CHECK(r->writer.column("pipe.frame_b.r_0[1]")[k] - r->writer.column("pipe.r_0[1]")[k] == doctest::Approx(0.4));
    CHECK(r->writer.column("pipe.frame_b.r_0[2]")[k] - r->writer.column("pipe.r_0[2]")[k] ==
          doctest::Approx(0.0).scale(1.0).epsilon(1e-6));
  }
  REQUIRE(r->result.energy);
  CHECK(r->result.energy->relative_balance() < 1e-8);
}
