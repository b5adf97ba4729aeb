// Eigen matrices of Expr (Vec3, Mat3): vector algebra built symbolically, then evaluated and
// compared with the same computation in doubles, plus exact symbolic results.

#include <doctest/doctest.h>

#include <Eigen/Core>
// cross() is declared by Eigen/Core but defined in Eigen/Geometry; core/expr/expr_eigen.hpp does not
// include it (see the report), so this test includes it itself.
#include <Eigen/Geometry>
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "core/expr/expr.hpp"
#include "core/expr/expr_eigen.hpp"
#include "core/expr/expr_walk.hpp"

using namespace acausal;

namespace {

using Values = std::unordered_map<Expr, double, ExprHash>;

double eval(const Expr& e, const Values& values) {
  return evaluate(e, [&values](const Expr& leaf) {
    auto it = values.find(leaf);
    if (it == values.end()) throw std::out_of_range("no value for " + to_string(leaf));
    return it->second;
  });
}

Eigen::Vector3d eval(const Vec3& v, const Values& values) {
  Eigen::Vector3d out;
  for (Eigen::Index i = 0; i < 3; ++i) out(i) = eval(v(i), values);
  return out;
}

Eigen::Matrix3d eval(const Mat3& m, const Values& values) {
  Eigen::Matrix3d out;
  for (Eigen::Index i = 0; i < 3; ++i)
    for (Eigen::Index j = 0; j < 3; ++j) out(i, j) = eval(m(i, j), values);
  return out;
}

bool is_constant_equal(const Expr& e, double v) { return e.is_constant() && e.constant_value() == v; }

/// Symbolic vectors a = (a0, a1, a2), b = (b0, b1, b2) and matrices A, B of named variables, with
/// numeric values for all of them.
struct Fixture {
  Vec3 a;
  Vec3 b;
  Mat3 A;
  Mat3 B;
  Eigen::Vector3d an{0.3, -1.2, 2.5};
  Eigen::Vector3d bn{-0.7, 0.4, 1.1};
  Eigen::Matrix3d An;
  Eigen::Matrix3d Bn;
  Values values;

  Fixture() {
    An << 1.0, 2.0, -0.5, 0.25, -3.0, 4.0, 2.0, 0.5, 1.5;
    Bn << -1.0, 0.75, 2.0, 3.0, 1.25, -0.5, 0.5, -2.0, 1.0;
    for (Eigen::Index i = 0; i < 3; ++i) {
      const std::string si = std::to_string(i);
      a(i) = Expr::variable("a" + si);
      b(i) = Expr::variable("b" + si);
      values[a(i)] = an(i);
      values[b(i)] = bn(i);
      for (Eigen::Index j = 0; j < 3; ++j) {
        const std::string sij = si + std::to_string(j);
        A(i, j) = Expr::variable("A" + sij);
        B(i, j) = Expr::variable("B" + sij);
        values[A(i, j)] = An(i, j);
        values[B(i, j)] = Bn(i, j);
      }
    }
  }
};

constexpr double tol = 1e-14;

}  // namespace

TEST_CASE("Vec3: exact cross products of unit vectors") {
  const Vec3 ex = to_expr(Eigen::Vector3d::UnitX());
  const Vec3 ey = to_expr(Eigen::Vector3d::UnitY());
  const Vec3 ez = to_expr(Eigen::Vector3d::UnitZ());
  const Vec3 xy = ex.cross(ey);
  const Vec3 yz = ey.cross(ez);
  const Vec3 zx = ez.cross(ex);
  const Vec3 yx = ey.cross(ex);
  for (Eigen::Index i = 0; i < 3; ++i) {
    CAPTURE(i);
    CHECK(xy(i) == ez(i));
    CHECK(yz(i) == ex(i));
    CHECK(zx(i) == ey(i));
    CHECK(yx(i) == -ez(i));
    CHECK(is_constant_equal(ex.cross(ex)(i), 0.0));
  }
}

TEST_CASE("Vec3: exact symbolic cross and dot products") {
  const Expr x = Expr::variable("x");
  const Expr y = Expr::variable("y");
  const Expr z = Expr::variable("z");
  const Vec3 r(x, y, z);
  const Vec3 ex = to_expr(Eigen::Vector3d::UnitX());

  // (x, y, z) × (1, 0, 0) = (0, z, −y)
  const Vec3 c = r.cross(ex);
  CHECK(is_constant_equal(c(0), 0.0));
  CHECK(c(1) == z);
  CHECK(c(2) == -y);
  // (1, 0, 0) × (x, y, z) = (0, −z, y)
  const Vec3 d = ex.cross(r);
  CHECK(is_constant_equal(d(0), 0.0));
  CHECK(d(1) == -z);
  CHECK(d(2) == y);

  CHECK(r.dot(ex) == x);
  CHECK(r.dot(r) == x * x + y * y + z * z);
  CHECK(r.squaredNorm() == x * x + y * y + z * z);
  CHECK(r.norm() == sqrt(x * x + y * y + z * z));
  // a scaled vector
  const Vec3 s = 2.0 * r;
  const Vec3 t = r * 3.0;
  for (Eigen::Index i = 0; i < 3; ++i) {
    CHECK(s(i) == 2.0 * r(i));
    CHECK(t(i) == 3.0 * r(i));
  }
  // the norm of a constant vector folds: |(3, 4, 12)| = 13
  const Expr n = to_expr(Eigen::Vector3d(3.0, 4.0, 12.0)).norm();
  CHECK(is_constant_equal(n, 13.0));
}

TEST_CASE("Vec3: cross, dot and norm evaluate like the double computation") {
  const Fixture f;
  const Eigen::Vector3d cross = eval(Vec3(f.a.cross(f.b)), f.values);
  const Eigen::Vector3d expected = f.an.cross(f.bn);
  for (Eigen::Index i = 0; i < 3; ++i) CHECK(cross(i) == doctest::Approx(expected(i)).epsilon(tol));
  // hand-computed: a × b for a = (0.3, −1.2, 2.5), b = (−0.7, 0.4, 1.1)
  CHECK(cross(0) == doctest::Approx(-1.2 * 1.1 - 2.5 * 0.4).epsilon(tol));  // −2.32
  CHECK(cross(1) == doctest::Approx(2.5 * -0.7 - 0.3 * 1.1).epsilon(tol));  // −2.08
  CHECK(cross(2) == doctest::Approx(0.3 * 0.4 - -1.2 * -0.7).epsilon(tol));  // −0.72

  // a × b is orthogonal to a and b; a × a = 0
  CHECK(std::fabs(eval(f.a.dot(f.a.cross(f.b)), f.values)) < 1e-14);
  CHECK(std::fabs(eval(f.b.dot(f.a.cross(f.b)), f.values)) < 1e-14);
  const Eigen::Vector3d aa = eval(Vec3(f.a.cross(f.a)), f.values);
  CHECK(aa.norm() == 0.0);

  CHECK(eval(f.a.dot(f.b), f.values) == doctest::Approx(f.an.dot(f.bn)).epsilon(tol));
  CHECK(eval(f.a.dot(f.b), f.values) == doctest::Approx(0.3 * -0.7 + -1.2 * 0.4 + 2.5 * 1.1).epsilon(tol));
  CHECK(eval(f.a.norm(), f.values) == doctest::Approx(f.an.norm()).epsilon(tol));
  CHECK(eval(f.a.norm(), f.values) == doctest::Approx(std::sqrt(0.09 + 1.44 + 6.25)).epsilon(tol));
  const Vec3 unit = f.a / f.a.norm();
  CHECK(eval(unit.squaredNorm(), f.values) == doctest::Approx(1.0).epsilon(tol));
}

TEST_CASE("Mat3: matrix-vector and matrix-matrix products evaluate like the double computation") {
  const Fixture f;
  const Eigen::Vector3d Av = eval(Vec3(f.A * f.a), f.values);
  const Eigen::Vector3d Av_expected = f.An * f.an;
  for (Eigen::Index i = 0; i < 3; ++i) {
    CAPTURE(i);
    CHECK(Av(i) == doctest::Approx(Av_expected(i)).epsilon(tol));
  }
  // first row by hand: 1·0.3 + 2·(−1.2) + (−0.5)·2.5 = −3.35
  CHECK(Av(0) == doctest::Approx(-3.35).epsilon(tol));

  const Eigen::Matrix3d AB = eval(Mat3(f.A * f.B), f.values);
  const Eigen::Matrix3d AB_expected = f.An * f.Bn;
  const Eigen::Matrix3d AtB = eval(Mat3(f.A.transpose() * f.B), f.values);
  const Eigen::Matrix3d AtB_expected = f.An.transpose() * f.Bn;
  for (Eigen::Index i = 0; i < 3; ++i)
    for (Eigen::Index j = 0; j < 3; ++j) {
      CAPTURE(i);
      CAPTURE(j);
      CHECK(AB(i, j) == doctest::Approx(AB_expected(i, j)).epsilon(tol));
      CHECK(AtB(i, j) == doctest::Approx(AtB_expected(i, j)).epsilon(tol));
    }
  // (AB)(0,0) by hand: 1·(−1) + 2·3 + (−0.5)·0.5 = 4.75
  CHECK(AB(0, 0) == doctest::Approx(4.75).epsilon(tol));

  // (AB)a = A(Ba)
  const Eigen::Vector3d lhs = eval(Vec3((f.A * f.B) * f.a), f.values);
  const Eigen::Vector3d rhs = eval(Vec3(f.A * (f.B * f.a)), f.values);
  for (Eigen::Index i = 0; i < 3; ++i) CHECK(lhs(i) == doctest::Approx(rhs(i)).epsilon(1e-13));
}

TEST_CASE("Mat3: exact products with constant matrices") {
  const Fixture f;
  const Mat3 I = Mat3::Identity();
  const Mat3 IA = I * f.A;
  const Mat3 AI = f.A * I;
  const Vec3 Ia = I * f.a;
  for (Eigen::Index i = 0; i < 3; ++i) {
    CHECK(Ia(i) == f.a(i));
    for (Eigen::Index j = 0; j < 3; ++j) {
      CHECK(IA(i, j) == f.A(i, j));
      CHECK(AI(i, j) == f.A(i, j));
    }
  }
  // rotation by 90° about z maps (x, y, z) to (−y, x, z)
  Eigen::Matrix3d Rz;
  Rz << 0.0, -1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0;
  const Mat3 R = Rz.cast<Expr>();
  const Vec3 Ra = R * f.a;
  CHECK(Ra(0) == -f.a(1));
  CHECK(Ra(1) == f.a(0));
  CHECK(Ra(2) == f.a(2));
}

TEST_CASE("Vec3: scalar times vector with doubles and expressions") {
  const Fixture f;
  const Vec3 left = 2.5 * f.a;
  const Vec3 right = f.a * 2.5;
  const Vec3 quotient = f.a / 4.0;
  const Expr k = Expr::parameter("k");
  const Vec3 symbolic = k * f.a;
  Values values = f.values;
  values[k] = -1.5;
  for (Eigen::Index i = 0; i < 3; ++i) {
    CAPTURE(i);
    CHECK(left(i) == right(i));
    CHECK(eval(left(i), values) == doctest::Approx(2.5 * f.an(i)).epsilon(tol));
    CHECK(eval(quotient(i), values) == doctest::Approx(f.an(i) / 4.0).epsilon(tol));
    CHECK(eval(symbolic(i), values) == doctest::Approx(-1.5 * f.an(i)).epsilon(tol));
  }
  // a linear combination: 2a − 3b
  const Vec3 combo = 2.0 * f.a - 3.0 * f.b;
  const Eigen::Vector3d combo_n = eval(combo, values);
  const Eigen::Vector3d combo_expected = 2.0 * f.an - 3.0 * f.bn;
  for (Eigen::Index i = 0; i < 3; ++i) CHECK(combo_n(i) == doctest::Approx(combo_expected(i)).epsilon(tol));
  // a − a = 0 exactly
  const Vec3 zero = f.a - f.a;
  for (Eigen::Index i = 0; i < 3; ++i) CHECK(is_constant_equal(zero(i), 0.0));
}
