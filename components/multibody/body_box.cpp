#include "components/multibody/body_box.hpp"

#include "components/multibody/shaped_body.hpp"

namespace acausal::multibody_components {

std::string_view BodyBox::details() const {
  return R"(A box of uniform `density` ρ: it starts at `r_shape` (frame_a coordinates) and extends `length` L
along `length_direction` (unit ê); its cross-section, `width` w along the part of `width_direction`
orthogonal to ê and `height` h along ê × that, is centered on the axis. A hollow box has an inner
box of `inner_width` × `inner_height` along its whole length. With m_o = ρ·L·w·h and
m_i = ρ·L·w_i·h_i, the mass properties are (MSL Parts.BodyBox)

    m    = m_o − m_i
    r_CM = r_shape + ê·L/2
    I    = Tᵀ·diag(m_o(w² + h²) − m_i(w_i² + h_i²),
                   m_o(L² + h²) − m_i(L² + h_i²),
                   m_o(L² + w²) − m_i(L² + w_i²))/12·T

about the center of mass in frame_a, T being the box's axes (rows ê, the width axis, the height
axis; when width_direction is parallel to ê, (0, 1, 0) gives the width axis instead, or (1, 0, 0)
when ê has no x component, as MSL's Frames.from_nxy). The body then behaves as a
multibody.BodyShape with these mass properties and frame_b at `r` from frame_a. Defaults as MSL:
r = [0.1, 0, 0], length_direction = r − r_shape, length = |r − r_shape|, width = length/20,
height = width, inner_height = inner_width, density 7700 kg/m³ (steel). MSL 4.0 turns the
inertia into frame_a with the axes of r rather than of length_direction; the two agree whenever
length_direction is parallel to r (r_shape = 0 and the default length_direction), and here the
inertia always follows the box.)";
}

void BodyBox::declare_frames(FrameDeclaration& d) const { declare_body_shape_frames(d); }

void BodyBox::define(ComponentBuilder& b) const {
  const ShapePlacement s = read_shape_placement(b, "box");
  BoxGeometry g;
  g.r_shape = s.r_shape;
  g.length_direction = s.length_direction;
  g.length = s.length;
  const std::array<double, 3> wd =
      vector_values(b, "width_direction", "1", {0.0, 1.0, 0.0},
                    "Direction of the box's width, in frame_a (its part orthogonal to length_direction)");
  g.width_direction = Eigen::Vector3d(wd[0], wd[1], wd[2]);
  if (!(g.width_direction.norm() > 1e-12))
    b.fail("width_direction", "width_direction must not be a zero-length vector");
  g.width = b.parameter_value("width", "m", g.length / kDefaultWidthFraction, "Width of the box (default length/20)",
                              positive());
  g.height = b.parameter_value("height", "m", g.width, "Height of the box (default width)", positive());
  g.inner_width = b.parameter_value("inner_width", "m", 0.0, "Width of the hollow inside (0 ≤ inner_width ≤ width)",
                                    non_negative());
  if (g.inner_width > g.width)
    b.fail("inner_width", "inner_width must not exceed width (" + number_text(g.width) + " m), got " +
                              number_text(g.inner_width));
  g.inner_height = b.parameter_value("inner_height", "m", g.inner_width,
                                     "Height of the hollow inside (default inner_width; 0 ≤ inner_height ≤ height)",
                                     non_negative());
  if (g.inner_height > g.height)
    b.fail("inner_height", "inner_height must not exceed height (" + number_text(g.height) + " m), got " +
                               number_text(g.inner_height));
  if (!(g.width * g.height - g.inner_width * g.inner_height > 0.0))
    b.fail("inner_width", "the box is all hole: inner_width = width and inner_height = height leave no mass");
  g.density = b.parameter_value("density", "kg/m^3", kDefaultDensity,
                                "Density (steel 7700 … 7900, aluminium 2700, wood 400 … 800)", positive());
  accept_shape_annotations(b);
  define_body_shape(b, box_mass_properties(g), constant(s.r));
}

}  // namespace acausal::multibody_components
