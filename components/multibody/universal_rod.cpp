#include "components/multibody/universal_rod.hpp"

#include <string>

#include "core/model/errors.hpp"

namespace acausal::multibody_components {

Eigen::Matrix3d line_axes_ia(ComponentBuilder& b, const Eigen::Vector3d& n1, const Eigen::Vector3d& e_axis_ia,
                             std::string_view axis_name) {
  const Eigen::Vector3d n2 = n1.cross(e_axis_ia);
  if (!(n2.norm() > 1e-10))
    b.fail(axis_name, std::string(axis_name) +
                          " must not be parallel to n1_a: the universal joint would be in its singular position");
  Eigen::Matrix3d E;
  E.col(0) = e_axis_ia;
  E.col(1) = n2.normalized();
  E.col(2) = e_axis_ia.cross(E.col(1));
  return E;
}

UniversalRod define_universal_rod(ComponentBuilder& b, const Frame& a, const Frame& fb, const Frame& ia,
                                  const Eigen::Vector3d& n1, const Eigen::Matrix3d& E_ia, const Expr& length) {
  if (!b.rooted("frame_a"))
    throw ModelError("/components/" + b.instance(),
                     "the orientation reaches frame_ia before frame_a; frame_ia's orientation follows from "
                     "frame_a's and the line between the origins, so connect frame_a to the World's side of the "
                     "model");
  UniversalRod rod;
  rod.n1 = n1;
  rod.length = length;
  const Vec3 r_0 = fb.r_0 - a.r_0;
  rod.r_a = a.R * r_0;
  rod.e_axis = rod.r_a / length;
  const Vec3 n2 = constant(n1).cross(rod.e_axis);
  const Expr n2_squared = n2.dot(n2);
  b.assertion(n2_squared - 1e-10, "the line from frame_a to frame_b turned parallel to n1_a, the universal joint's "
                                  "singular position");
  rod.n2_length = sqrt(n2_squared);
  rod.e2 = n2 / rod.n2_length;
  rod.e3 = rod.e_axis.cross(rod.e2);
  Mat3 E_a;  // columns: the line frame's axes in frame_a
  E_a.col(0) = rod.e_axis;
  E_a.col(1) = rod.e2;
  E_a.col(2) = rod.e3;
  const Mat3 E = constant(E_ia);
  rod.T = E * E_a.transpose();

  // The line frame's angular velocity relative to frame_a, in its own axes: the rate of e_axis
  // seen from frame_a is d − e_axis·(e_axis·d), and of e2 the part of n1 × that normal to e2.
  const Vec3 v_0 = fb.r_0.unaryExpr([](const Expr& x) { return der(x); }) -
                   a.r_0.unaryExpr([](const Expr& x) { return der(x); });
  const Vec3 d = (a.R * v_0 - a.w.cross(rod.r_a)) / length;
  Vec3 w_rel;
  w_rel << rod.e3.dot(constant(n1).cross(d)) / rod.n2_length, -rod.e3.dot(d), rod.e2.dot(d);

  equal(b, ia.r_0, a.r_0, "frame_ia's origin is frame_a's");
  equal(b, ia.R, Mat3(rod.T * a.R), "frame_ia turns with the line");
  equal(b, ia.w, Vec3(rod.T * a.w + E * w_rel), "frame_ia's angular velocity");
  return rod;
}

Vec3 line_end_force(const UniversalRod& rod, const Expr& axial, const Vec3& t_c) {
  return rod.e_axis * (-axial) - rod.e2 * (constant(rod.n1).dot(t_c) / (rod.length * rod.n2_length)) +
         rod.e3 * (rod.e2.dot(t_c) / rod.length);
}

void balance_at_frame_a(ComponentBuilder& b, const Frame& a, const UniversalRod& rod, const Vec3& f_end,
                        const Vec3& f_c, const Vec3& t_c) {
  equal(b, a.f, Vec3(-f_c - f_end), "force balance of the massless line");
  equal(b, a.t, Vec3(-t_c - rod.r_a.cross(f_end)), "torque balance of the massless line about frame_a's origin");
}

}  // namespace acausal::multibody_components
