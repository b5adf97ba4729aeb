#include "components/multibody/body_shape.hpp"

#include "components/multibody/shaped_body.hpp"

namespace acausal::multibody_components {

std::string_view BodyShape::details() const {
  return R"(A Body at frame_a (mass `m`, center of mass `r_CM`, inertia tensor `I_11` … `I_32` about the
center of mass; all as for multibody.Body, resolved in frame_a) and a massless FixedTranslation by
`r` from frame_a to frame_b, rigidly joined. frame_b is parallel to frame_a:

    r_0,b = r_0,a + Rᵀ·r,   R_b = R_a,   w_b = w_a

and the body takes the cut forces and torques of both frames, frame_b's moved to frame_a's origin
(F = f_a + f_b, T = t_a + t_b + r × f_b, frame_a coordinates):

    F = m·(R·(a − g) + z × r_CM + w × (w × r_CM))
    T = I·z + w × (I·w) + r_CM × F

The mass properties are not derived from the shape: multibody.BodyBox and multibody.BodyCylinder
do that. Variables, stored energy and free bodies as for multibody.Body (r_0, v_0, a_0 of frame_a
in world coordinates; w_a, z_a in frame_a; a body that nothing orients carries the quaternion
`Q[1..4]` of frame_a, started at the Cardan angles `phi_start`). The orientation passes through
the body either way, frame_a to frame_b or back. MSL's visualization parameters are accepted and
stored.)";
}

void BodyShape::declare_frames(FrameDeclaration& d) const { declare_body_shape_frames(d); }

void BodyShape::define(ComponentBuilder& b) const {
  const Vec3 r = vector_parameter(b, "r", "m", {0.0, 0.0, 0.0}, "Vector from frame_a to frame_b, in frame_a");
  const MassProperties p = read_mass_properties(b);
  for (const char* name : {"animation", "shape_type", "r_shape", "length_direction", "width_direction", "length",
                           "width", "height", "extra", "color", "sphere_diameter"})
    b.annotation(name, "Visualization (MSL): stored, not used");
  define_body_shape(b, p, r);
}

}  // namespace acausal::multibody_components
