#include "components/multibody/free_orientation.hpp"

#include <cmath>

namespace acausal::multibody_components {

namespace {

Eigen::Matrix3d planar(const Eigen::Vector3d& e, double angle) {
  Eigen::Matrix3d ex;
  ex << 0.0, -e(2), e(1), e(2), 0.0, -e(0), -e(1), e(0), 0.0;
  const Eigen::Matrix3d eet = e * e.transpose();
  return eet + (Eigen::Matrix3d::Identity() - eet) * std::cos(angle) - ex * std::sin(angle);
}

}  // namespace

Eigen::Matrix3d cardan_123(const std::array<double, 3>& phi) {
  return planar(Eigen::Vector3d::UnitZ(), phi[2]) * planar(Eigen::Vector3d::UnitY(), phi[1]) *
         planar(Eigen::Vector3d::UnitX(), phi[0]);
}

Eigen::Vector4d quaternion_of(const Eigen::Matrix3d& T) {
  // T = (2q4² − 1)I + 2qqᵀ − 2q4[q×]: the diagonal gives each |qᵢ|, the skew part q4·q, the
  // symmetric part qᵢqⱼ. Start from the largest for accuracy (Shepperd).
  const double trace = T.trace();
  Eigen::Vector4d q;
  const double d[4] = {T(0, 0), T(1, 1), T(2, 2), trace};
  int k = 3;
  for (int i = 0; i < 3; ++i)
    if (d[i] > d[k]) k = i;
  if (k == 3) {
    q(3) = 0.5 * std::sqrt(1.0 + trace);
    q(0) = (T(1, 2) - T(2, 1)) / (4.0 * q(3));
    q(1) = (T(2, 0) - T(0, 2)) / (4.0 * q(3));
    q(2) = (T(0, 1) - T(1, 0)) / (4.0 * q(3));
  } else {
    const int i = k, j = (k + 1) % 3, l = (k + 2) % 3;
    q(i) = 0.5 * std::sqrt(1.0 + 2.0 * T(i, i) - trace);
    q(j) = (T(i, j) + T(j, i)) / (4.0 * q(i));
    q(l) = (T(i, l) + T(l, i)) / (4.0 * q(i));
    q(3) = (T(j, l) - T(l, j)) / (4.0 * q(i));
  }
  return q(3) < 0.0 ? Eigen::Vector4d(-q) : q;
}

Mat3 quaternion_rotation(ComponentBuilder& b, const Vec3& w, const Eigen::Matrix3d& R_start,
                         std::string_view description) {
  const Eigen::Vector4d q0 = quaternion_of(R_start);
  Eigen::Matrix<Expr, 4, 1> Q;
  for (Eigen::Index i = 0; i < 4; ++i)
    Q(i) = b.variable("Q[" + std::to_string(i + 1) + "]", "1", description,
                      {.start = q0(i), .priority = StatePriority::Always});
  const Expr &q1 = Q(0), &q2 = Q(1), &q3 = Q(2), &q4 = Q(3);
  Eigen::Matrix<Expr, 3, 4> W;
  W << q4, q3, -q2, -q1,  //
      -q3, q4, q1, -q2,   //
      q2, -q1, q4, -q3;
  const Eigen::Matrix<Expr, 4, 1> rate = 0.5 * (W.transpose() * w);
  for (Eigen::Index i = 0; i < 4; ++i) b.equation(der(Q(i)) - rate(i), "quaternion kinematics");
  const Vec3 q(q1, q2, q3);
  const Expr norm2 = Q.dot(Q);
  const Mat3 T = (q4 * q4 - q.dot(q)) * identity_matrix() + 2.0 * (q * q.transpose()) - 2.0 * q4 * skew(q);
  return T / norm2;
}

void define_free_orientation(ComponentBuilder& b, const Frame& frame, const Vec3& w, const Eigen::Matrix3d& R_start) {
  const Mat3 R = quaternion_rotation(b, w, R_start, "Orientation quaternion (scalar part last) of the free frame");
  equal(b, frame.R, R, "orientation from the quaternion");
}

}  // namespace acausal::multibody_components
