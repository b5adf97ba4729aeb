#include "components/multibody/rigid_body.hpp"

#include <Eigen/Eigenvalues>
#include <string>

#include "components/multibody/free_orientation.hpp"
#include "components/multibody/gravity_field.hpp"

namespace acausal::multibody_components {

MassProperties read_mass_properties(ComponentBuilder& b) {
  MassProperties p;
  p.m = b.parameter_value("m", "kg", 1.0, "Mass", positive());
  const std::array<double, 3> r = vector_values(b, "r_CM", "m", {0.0, 0.0, 0.0}, "Center of mass from frame_a, in frame_a");
  p.r_CM = Eigen::Vector3d(r[0], r[1], r[2]);
  const auto moment = [&](const char* name, double fallback, const char* what) {
    return b.parameter_value(name, "kg*m^2", fallback, what);
  };
  const double I11 = moment("I_11", 0.001, "Inertia tensor about the center of mass, in frame_a: (1,1)");
  const double I22 = moment("I_22", 0.001, "Inertia tensor: (2,2)");
  const double I33 = moment("I_33", 0.001, "Inertia tensor: (3,3)");
  const double I21 = moment("I_21", 0.0, "Inertia tensor: (2,1) = (1,2)");
  const double I31 = moment("I_31", 0.0, "Inertia tensor: (3,1) = (1,3)");
  const double I32 = moment("I_32", 0.0, "Inertia tensor: (3,2) = (2,3)");
  p.I << I11, I21, I31, I21, I22, I32, I31, I32, I33;
  // A physical inertia tensor: principal moments ≥ 0 that satisfy the triangle inequality.
  const Eigen::Vector3d l = Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(p.I).eigenvalues();
  const double tol = 1e-12 * std::max(1.0, l.cwiseAbs().maxCoeff());
  if (l.minCoeff() < -tol || l(0) + l(1) < l(2) - tol)
    b.fail("I_11", "the inertia tensor [I_11 … I_33] is not physical: principal moments " + std::to_string(l(0)) + ", " +
                       std::to_string(l(1)) + ", " + std::to_string(l(2)) +
                       " must be ≥ 0 with each at most the sum of the others");
  return p;
}

namespace {

/// A body that nothing orients (free, or on a spherical joint) needs an inertia about
/// frame_a — I about the center of mass plus m·(|r_CM|²·E − r_CM·r_CMᵀ) — that is positive in every
/// direction: else Euler's law leaves its angular acceleration about some axis undetermined and
/// the model is singular. (m > 0 is checked with m.) A body on joints may have no inertia (as
/// MSL's Body, whose I_ii have min = 0): a massless link between bodies, a body turning about a
/// joint axis along which it has inertia from elsewhere in the chain.
void check_free_body_inertia(ComponentBuilder& b, const MassProperties& p) {
  const Eigen::Matrix3d about_a =
      p.I + p.m * (p.r_CM.squaredNorm() * Eigen::Matrix3d::Identity() - p.r_CM * p.r_CM.transpose());
  const Eigen::Vector3d l = Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(about_a).eigenvalues();
  if (l(0) > 1e-12 * l(2)) return;
  b.fail("I_11", "nothing orients frame_a (the body is free, or on joints that leave it free to turn, such as "
                 "multibody.Spherical): it needs inertia about every axis, but its inertia tensor about frame_a "
                 "(I_11 … I_33 about the center of mass, moved to frame_a by r_CM) has principal moments " +
                 std::to_string(l(0)) + ", " + std::to_string(l(1)) + ", " + std::to_string(l(2)) +
                 " kg·m²: give I_11, I_22 and I_33 positive values, or connect the body through a joint that orients it");
}

}  // namespace

void define_rigid_body(ComponentBuilder& b, const Frame& a, const MassProperties& p) {
  if (b.mode() != ComponentBuilder::Mode::Describe && b.is_root("frame_a")) check_free_body_inertia(b, p);
  const Expr m = p.m;
  const Vec3 r_CM = constant(p.r_CM);
  const Mat3 I = constant(p.I);
  // A body on joints leaves its motion to the joints' variables (Modelica: stateSelect = avoid); a
  // free body's own position, velocity and angular velocity are its natural states.
  const VariableOptions motion{.priority = b.is_root("frame_a") ? StatePriority::Prefer : StatePriority::Avoid};
  const Vec3 r_0 = vector_variable(b, "r_0", "m", "Position of frame_a, world coordinates", motion);
  const Vec3 v_0 = vector_variable(b, "v_0", "m/s", "Velocity of frame_a, world coordinates", motion);
  const Vec3 a_0 = vector_variable(b, "a_0", "m/s^2", "Acceleration of frame_a, world coordinates");
  const Vec3 w_a = vector_variable(b, "w_a", "rad/s", "Angular velocity, frame_a coordinates", motion);
  const Vec3 z_a = vector_variable(b, "z_a", "rad/s^2", "Angular acceleration, frame_a coordinates");
  equal(b, r_0, a.r_0, "position of frame_a");
  equal(b, v_0, Vec3(r_0.unaryExpr([](const Expr& x) { return der(x); })), "velocity");
  equal(b, a_0, Vec3(v_0.unaryExpr([](const Expr& x) { return der(x); })), "acceleration");
  equal(b, w_a, a.w, "angular velocity of frame_a");
  equal(b, z_a, Vec3(w_a.unaryExpr([](const Expr& x) { return der(x); })), "angular acceleration");

  // Gravity at the center of mass, in world coordinates, and its potential per unit mass.
  const GravityAtPoint field = gravity_at(b.gravity(), Vec3(r_0 + a.R.transpose() * r_CM));
  const Vec3& g_0 = field.g;
  const Expr& potential = field.potential;
  // Newton–Euler at frame_a, in frame_a coordinates.
  const Vec3 f = m * (a.R * (a_0 - g_0) + z_a.cross(r_CM) + w_a.cross(w_a.cross(r_CM)));
  equal(b, a.f, f, "Newton's law");
  equal(b, a.t, Vec3(I * z_a + w_a.cross(I * w_a) + r_CM.cross(a.f)), "Euler's law about frame_a");

  const Vec3 v_cm_0 = v_0 + a.R.transpose() * w_a.cross(r_CM);
  b.stored_energy(0.5 * m * v_cm_0.dot(v_cm_0) + 0.5 * w_a.dot(I * w_a) + m * potential);

  const std::array<double, 3> phi_start =
      vector_values(b, "phi_start", "rad", {0.0, 0.0, 0.0}, "Free body: Cardan angles 1-2-3 of frame_a at the start");
  if (b.is_root("frame_a")) define_free_orientation(b, a, a.w, cardan_123(phi_start));
}

}  // namespace acausal::multibody_components
