#include "components/multibody/body_cylinder.hpp"

#include "components/multibody/shaped_body.hpp"

namespace acausal::multibody_components {

std::string_view BodyCylinder::details() const {
  return R"(A cylinder of uniform `density` ρ: its axis starts at `r_shape` (frame_a coordinates) and extends
`length` L along `length_direction` (unit ê); its `diameter` is 2R, and a hollow one has a coaxial
bore of `inner_diameter` 2R_i. With m_o = ρ·π·L·R² and m_i = ρ·π·L·R_i², the mass properties are
(MSL Parts.BodyCylinder)

    m    = m_o − m_i
    r_CM = r_shape + ê·L/2
    I    = Tᵀ·diag((m_o·R² − m_i·R_i²)/2, I₂₂, I₂₂)·T,   I₂₂ = (m_o(L² + 3R²) − m_i(L² + 3R_i²))/12

about the center of mass in frame_a, T being axes whose first is ê (the other two do not matter:
the tensor is symmetric about the axis). The body then behaves as a multibody.BodyShape with these
mass properties and frame_b at `r` from frame_a. Defaults as MSL: r = [0.1, 0, 0],
length_direction = r − r_shape, length = |r − r_shape|, diameter = length/20 (MSL's
world.defaultWidthFraction), inner_diameter = 0, density 7700 kg/m³ (steel). As for
multibody.BodyBox, the inertia follows length_direction (MSL 4.0 uses the direction of r; the same
whenever the two are parallel).)";
}

void BodyCylinder::declare_frames(FrameDeclaration& d) const { declare_body_shape_frames(d); }

void BodyCylinder::define(ComponentBuilder& b) const {
  const ShapePlacement s = read_shape_placement(b, "cylinder");
  CylinderGeometry g;
  g.r_shape = s.r_shape;
  g.length_direction = s.length_direction;
  g.length = s.length;
  g.diameter = b.parameter_value("diameter", "m", g.length / kDefaultWidthFraction,
                                 "Outer diameter of the cylinder (default length/20)", positive());
  g.inner_diameter = b.parameter_value("inner_diameter", "m", 0.0,
                                       "Diameter of the bore (0 ≤ inner_diameter < diameter)", non_negative());
  if (!(g.inner_diameter < g.diameter))
    b.fail("inner_diameter", "inner_diameter must be smaller than diameter (" + number_text(g.diameter) +
                                 " m), got " + number_text(g.inner_diameter));
  g.density = b.parameter_value("density", "kg/m^3", kDefaultDensity,
                                "Density (steel 7700 … 7900, aluminium 2700, wood 400 … 800)", positive());
  accept_shape_annotations(b);
  define_body_shape(b, cylinder_mass_properties(g), constant(s.r));
}

}  // namespace acausal::multibody_components
