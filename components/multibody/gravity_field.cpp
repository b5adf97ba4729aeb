#include "components/multibody/gravity_field.hpp"

namespace acausal::multibody_components {

GravityAtPoint gravity_at(const Gravity& field, const Vec3& r) {
  GravityAtPoint out{zero_vector(), Expr(0.0)};
  if (field.kind == Gravity::Kind::Uniform) {
    out.g = constant(Eigen::Vector3d(field.g[0], field.g[1], field.g[2]));
    out.potential = -out.g.dot(r);
  } else if (field.kind == Gravity::Kind::Point) {
    const Expr distance = sqrt(r.dot(r));
    out.g = -field.mu * r / pow(distance, 3);
    out.potential = -field.mu / distance;
  }
  return out;
}

}  // namespace acausal::multibody_components
