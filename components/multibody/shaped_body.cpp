#include "components/multibody/shaped_body.hpp"


#include <cmath>
#include <numbers>
#include <sstream>
#include <string>

namespace acausal::multibody_components {

Eigen::Matrix3d shape_axes(const Eigen::Vector3d& length_direction, const Eigen::Vector3d& width_direction) {
  const Eigen::Vector3d e_x = length_direction.normalized();
  Eigen::Vector3d n_y = width_direction;
  if (e_x.cross(n_y).squaredNorm() <= 1e-6)
    n_y = std::abs(e_x(0)) > 1e-6 ? Eigen::Vector3d::UnitY() : Eigen::Vector3d::UnitX();
  const Eigen::Vector3d e_z = e_x.cross(n_y).normalized();
  Eigen::Matrix3d T;
  T.row(0) = e_x.transpose();
  T.row(1) = e_z.cross(e_x).transpose();
  T.row(2) = e_z.transpose();
  return T;
}

namespace {

/// Mass properties from the mass, the center of mass on the shape's axis and the principal moments
/// in the shape's axes T.
MassProperties on_axis(double m, const Eigen::Vector3d& r_shape, const Eigen::Vector3d& length_direction,
                       double length, const Eigen::Matrix3d& T, const Eigen::Vector3d& principal) {
  MassProperties p;
  p.m = m;
  p.r_CM = r_shape + length_direction.normalized() * (length / 2.0);
  p.I = T.transpose() * principal.asDiagonal() * T;
  p.I = 0.5 * (p.I + p.I.transpose());  // exactly symmetric
  return p;
}

}  // namespace

MassProperties box_mass_properties(const BoxGeometry& g) {
  const double L = g.length, w = g.width, h = g.height, wi = g.inner_width, hi = g.inner_height;
  const double mo = g.density * L * w * h;
  const double mi = g.density * L * wi * hi;
  const Eigen::Vector3d principal(mo * (w * w + h * h) - mi * (wi * wi + hi * hi),
                                  mo * (L * L + h * h) - mi * (L * L + hi * hi),
                                  mo * (L * L + w * w) - mi * (L * L + wi * wi));
  return on_axis(mo - mi, g.r_shape, g.length_direction, L, shape_axes(g.length_direction, g.width_direction),
                 principal / 12.0);
}

MassProperties cylinder_mass_properties(const CylinderGeometry& g) {
  const double L = g.length, R = g.diameter / 2.0, Ri = g.inner_diameter / 2.0;
  const double mo = g.density * std::numbers::pi * L * R * R;
  const double mi = g.density * std::numbers::pi * L * Ri * Ri;
  const double I22 = (mo * (L * L + 3.0 * R * R) - mi * (L * L + 3.0 * Ri * Ri)) / 12.0;
  const Eigen::Vector3d principal((mo * R * R - mi * Ri * Ri) / 2.0, I22, I22);
  return on_axis(mo - mi, g.r_shape, g.length_direction, L,
                 shape_axes(g.length_direction, Eigen::Vector3d::UnitY()), principal);
}

namespace {

Eigen::Vector3d to_vector(const std::array<double, 3>& v) { return {v[0], v[1], v[2]}; }

}  // namespace

ShapePlacement read_shape_placement(ComponentBuilder& b, std::string_view shape) {
  const std::string s(shape);
  ShapePlacement p;
  p.r = to_vector(vector_values(b, "r", "m", {0.1, 0.0, 0.0}, "Vector from frame_a to frame_b, in frame_a"));
  p.r_shape = to_vector(vector_values(b, "r_shape", "m", {0.0, 0.0, 0.0},
                                      "Vector from frame_a to the start of the " + s + "'s axis, in frame_a"));
  const Eigen::Vector3d along = p.r - p.r_shape;
  p.length_direction = to_vector(vector_values(b, "length_direction", "1", {along(0), along(1), along(2)},
                                               "Direction of the " + s + "'s axis, in frame_a (default r − r_shape)"));
  if (!(p.length_direction.norm() > 1e-12)) {
    if (b.is_given("length_direction")) b.fail("length_direction", "length_direction must not be a zero-length vector");
    b.fail("length_direction",
           "length_direction defaults to r − r_shape, which is zero: give length_direction (and length)");
  }
  p.length = b.parameter_value("length", "m", along.norm(), "Length of the " + s + " (default |r − r_shape|)",
                               positive());
  return p;
}

std::string number_text(double value) {
  std::ostringstream os;
  os << value;
  return os.str();
}

void accept_shape_annotations(ComponentBuilder& b) {
  b.annotation("animation", "Visualization (MSL): show the shape; stored, not used");
  b.annotation("color", "Visualization (MSL): color of the shape; stored, not used");
}

void declare_body_shape_frames(FrameDeclaration& d) {
  d.potential_root("frame_a");
  d.branch("frame_a", "frame_b");
}

void define_body_shape(ComponentBuilder& b, const MassProperties& p, const Vec3& r) {
  const Frame a = frame_port(b, "frame_a", "Frame fixed in the body; r, r_CM and the inertia are resolved in it");
  const Frame fb =
      rigidly_attached_frame(b, a, "frame_a", "frame_b", r, "Frame fixed in the body at r from frame_a, parallel to frame_a");
  // The body takes the cut forces and torques of both frames, frame_b's moved to frame_a's origin.
  Frame body = a;
  body.f = a.f + fb.f;
  body.t = a.t + fb.t + r.cross(fb.f);
  define_rigid_body(b, body, p);
}

}  // namespace acausal::multibody_components
