#include "components/multibody/world.hpp"

#include "components/multibody/frame.hpp"

namespace acausal::multibody_components {

std::string_view World::details() const {
  return R"(frame_b is the world frame: r_0 = 0, R = I, w = 0; the forces and torques that hold the rest of
the model act on it. `gravity` chooses the field every body feels:

- `"uniform"` (default): acceleration g·n/|n|, `g` = 9.80665 m/s², `n` = [0, −1, 0];
- `"point"`: a point mass at the origin, acceleration −mu·r/|r|³ at position r (`mu` [m³/s²],
  default the Earth's 3.986004418e14);
- `"none"`.

Bodies also store the potential energy of the field: −m·g·r for uniform gravity, −m·mu/|r| for a
point mass.)";
}

void World::define(ComponentBuilder& b) const {
  const std::string kind = b.choice("gravity", {"uniform", "point", "none"}, "uniform", "gravity field");
  const double g = b.parameter_value("g", "m/s^2", 9.80665, "uniform gravity: magnitude", non_negative());
  const Eigen::Vector3d n = axis_parameter(b, "n", {0.0, -1.0, 0.0}, "uniform gravity: direction");
  const double mu = b.parameter_value("mu", "m^3/s^2", 3.986004418e14, "point gravity: field constant", positive());
  Gravity field;
  field.kind = kind == "uniform" ? Gravity::Kind::Uniform : (kind == "point" ? Gravity::Kind::Point : Gravity::Kind::None);
  field.g = {g * n(0), g * n(1), g * n(2)};
  field.mu = mu;
  b.provide_gravity(field);

  const Frame frame_b = frame_port(b, "frame_b", "The world frame");
  equal(b, frame_b.r_0, zero_vector(), "the world frame is at the origin");
  equal(b, frame_b.R, identity_matrix(), "the world frame is not rotated");
  equal(b, frame_b.w, zero_vector(), "the world frame does not turn");
}

}  // namespace acausal::multibody_components
