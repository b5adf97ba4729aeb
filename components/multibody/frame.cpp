#include "components/multibody/frame.hpp"

#include <string>

#include "core/model/errors.hpp"

namespace acausal::multibody_components {

Frame frame_port(ComponentBuilder& b, std::string_view name, std::string_view description) {
  Frame f;
  f.port = b.port(name, frame(), description);
  const std::vector<Expr>& a = f.port.across;
  const std::vector<Expr>& t = f.port.through;
  for (Eigen::Index i = 0; i < 3; ++i) {
    const auto k = static_cast<std::size_t>(i);
    f.r_0(i) = a[k];
    for (Eigen::Index j = 0; j < 3; ++j) f.R(i, j) = a[3 + 3 * k + static_cast<std::size_t>(j)];
    f.w(i) = a[12 + k];
    f.f(i) = t[k];
    f.t(i) = t[3 + k];
  }
  return f;
}

std::array<double, 3> vector_values(ComponentBuilder& b, std::string_view name, std::string_view unit,
                                    const std::array<double, 3>& default_value, std::string_view description) {
  const std::vector<double> v =
      b.vector_parameter(name, unit, {default_value.begin(), default_value.end()}, description, 3);
  return {v[0], v[1], v[2]};
}

Vec3 vector_parameter(ComponentBuilder& b, std::string_view name, std::string_view unit,
                      const std::array<double, 3>& default_value, std::string_view description) {
  const std::array<double, 3> v = vector_values(b, name, unit, default_value, description);
  Vec3 out;
  for (Eigen::Index i = 0; i < 3; ++i)
    out(i) = b.mode() == ComponentBuilder::Mode::Describe
                 ? Expr::parameter(std::string(name) + "[" + std::to_string(i + 1) + "]")
                 : Expr(v[static_cast<std::size_t>(i)]);
  return out;
}

Eigen::Vector3d axis_parameter(ComponentBuilder& b, std::string_view name, const std::array<double, 3>& default_value,
                               std::string_view description) {
  const std::array<double, 3> v = vector_values(b, name, "1", default_value, description);
  const Eigen::Vector3d n(v[0], v[1], v[2]);
  // Scaled by its largest component first: the norm of [1e308, 1e308, 0] overflows to inf (and
  // the axis divided by it is zero), that of [1e-200, 0, 0] underflows to 0.
  const double largest = n.cwiseAbs().maxCoeff();
  const Eigen::Vector3d scaled = largest > 0.0 ? Eigen::Vector3d(n / largest) : n;
  if (!(largest * scaled.norm() > 1e-12)) b.fail(name, std::string(name) + " must not be a zero-length axis");
  return scaled / scaled.norm();
}

Vec3 vector_input(ComponentBuilder& b, std::string_view name, std::string_view unit, std::string_view description) {
  Vec3 out;
  for (Eigen::Index i = 0; i < 3; ++i) out(i) = b.input(std::string(name) + "[" + std::to_string(i + 1) + "]", unit, description);
  return out;
}

Vec3 vector_output(ComponentBuilder& b, std::string_view name, std::string_view unit, std::string_view description) {
  Vec3 out;
  for (Eigen::Index i = 0; i < 3; ++i) out(i) = b.output(std::string(name) + "[" + std::to_string(i + 1) + "]", unit, description);
  return out;
}

Vec3 vector_variable(ComponentBuilder& b, std::string_view name, std::string_view unit, std::string_view description,
                     const VariableOptions& options) {
  Vec3 out;
  for (Eigen::Index i = 0; i < 3; ++i)
    out(i) = b.variable(std::string(name) + "[" + std::to_string(i + 1) + "]", unit, description, options);
  return out;
}

Frame rigidly_attached_frame(ComponentBuilder& b, const Frame& a, std::string_view a_name, std::string_view name,
                             const Vec3& r, std::string_view description) {
  const Frame f = frame_port(b, name, description);
  const std::string n(name);
  equal(b, f.r_0, Vec3(a.r_0 + a.R.transpose() * r), n + "'s origin");
  // The orientation is written once, in the direction the model's orientation graph carries it.
  if (b.rooted(a_name)) {
    equal(b, f.R, a.R, n + " is parallel to " + std::string(a_name));
    equal(b, f.w, a.w, n + " turns with " + std::string(a_name));
  } else {
    equal(b, a.R, f.R, n + " is parallel to " + std::string(a_name));
    equal(b, a.w, f.w, n + " turns with " + std::string(a_name));
  }
  return f;
}

void no_load(ComponentBuilder& b, const Frame& frame, std::string_view name) {
  equal(b, frame.f, zero_vector(), "no force at " + std::string(name));
  equal(b, frame.t, zero_vector(), "no torque at " + std::string(name));
}

Vec3 der(const Vec3& v) {
  Vec3 out;
  for (Eigen::Index i = 0; i < 3; ++i) out(i) = acausal::der(v(i));
  return out;
}

void equal(ComponentBuilder& b, const Vec3& lhs, const Vec3& rhs, std::string_view description) {
  for (Eigen::Index i = 0; i < 3; ++i) b.equation(lhs(i) - rhs(i), description);
}

void equal(ComponentBuilder& b, const Mat3& lhs, const Mat3& rhs, std::string_view description) {
  for (Eigen::Index i = 0; i < 3; ++i)
    for (Eigen::Index j = 0; j < 3; ++j) b.equation(lhs(i, j) - rhs(i, j), description);
}

Mat3 skew(const Vec3& v) {
  Mat3 s;
  s << Expr(0.0), -v(2), v(1),  //
      v(2), Expr(0.0), -v(0),   //
      -v(1), v(0), Expr(0.0);
  return s;
}

Mat3 planar_rotation(const Eigen::Vector3d& e, const Expr& angle) {
  const Eigen::Matrix3d eet = e * e.transpose();
  const Eigen::Matrix3d rest = Eigen::Matrix3d::Identity() - eet;
  Eigen::Matrix3d ex;
  ex << 0.0, -e(2), e(1), e(2), 0.0, -e(0), -e(1), e(0), 0.0;
  const Expr c = cos(angle), s = sin(angle);
  Mat3 out;
  for (Eigen::Index i = 0; i < 3; ++i)
    for (Eigen::Index j = 0; j < 3; ++j) out(i, j) = eet(i, j) + rest(i, j) * c - ex(i, j) * s;
  return out;
}

Vec3 constant(const Eigen::Vector3d& v) { return v.cast<Expr>(); }
Mat3 constant(const Eigen::Matrix3d& m) { return m.cast<Expr>(); }
Vec3 zero_vector() { return constant(Eigen::Vector3d(Eigen::Vector3d::Zero())); }
Mat3 identity_matrix() { return constant(Eigen::Matrix3d(Eigen::Matrix3d::Identity())); }

}  // namespace acausal::multibody_components
