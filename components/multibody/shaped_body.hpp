#pragma once
/// @file
/// What BodyShape, BodyBox and BodyCylinder share (Modelica MultiBody.Parts): the composition of a
/// rigid body at frame_a with a fixed translation to frame_b, the axes of a shape, and the mass
/// properties of a (hollow) box and a (hollow) cylinder, as MSL derives them from geometry and
/// density. The mass-property functions are pure (numbers in, numbers out).

#include <Eigen/Core>
#include <string>
#include <string_view>

#include "components/multibody/frame.hpp"
#include "components/multibody/rigid_body.hpp"

namespace acausal::multibody_components {

/// MSL's default ratio length / width (or length / diameter): world.defaultWidthFraction.
inline constexpr double kDefaultWidthFraction = 20.0;
/// MSL's default density of the shaped bodies (steel) [kg/m³].
inline constexpr double kDefaultDensity = 7700.0;

/// The axes of a shape (MSL Frames.from_nxy(length_direction, width_direction)): the rotation T
/// whose rows are the shape's axes resolved in frame_a, so v_shape = T·v_a. x = length_direction
/// normalized; y = the part of width_direction orthogonal to x; z = x × y. When width_direction is
/// (nearly) parallel to x (|x × width_direction|² ≤ 1e-6), y is taken from (0, 1, 0) instead, or
/// from (1, 0, 0) when x has no first component (|x₁| ≤ 1e-6), as MSL does.
/// Precondition: length_direction ≠ 0.
Eigen::Matrix3d shape_axes(const Eigen::Vector3d& length_direction, const Eigen::Vector3d& width_direction);

/// A box (MSL Parts.BodyBox): it starts at r_shape and extends `length` along length_direction;
/// its cross-section (width along the axes' y, height along z) is centered on that line. A hollow
/// box has an inner box of inner_width × inner_height along its whole length.
struct BoxGeometry {
  Eigen::Vector3d r_shape = Eigen::Vector3d::Zero();            ///< [m], in frame_a
  Eigen::Vector3d length_direction = Eigen::Vector3d::UnitX();  ///< any length > 0, in frame_a
  Eigen::Vector3d width_direction = Eigen::Vector3d::UnitY();   ///< in frame_a
  double length = 0.1, width = 0.005, height = 0.005;           ///< [m], > 0
  double inner_width = 0.0, inner_height = 0.0;                 ///< [m], 0 ≤ inner ≤ outer, not both equal
  double density = kDefaultDensity;                             ///< [kg/m³], > 0
};

/// Mass, center of mass and inertia tensor (about the center of mass, in frame_a) of a box:
/// m = ρ·L·(w·h − w_i·h_i), r_CM = r_shape + ê·L/2 (ê = length_direction normalized), and in the
/// box axes with m_o = ρ·L·w·h, m_i = ρ·L·w_i·h_i
///     I = diag(m_o(w² + h²) − m_i(w_i² + h_i²), m_o(L² + h²) − m_i(L² + h_i²), m_o(L² + w²) − m_i(L² + w_i²)) / 12,
/// resolved in frame_a as Tᵀ·I·T with T = shape_axes(length_direction, width_direction). (MSL 4.0
/// takes T from the direction of r instead: the same whenever length_direction is parallel to r, as
/// with r_shape = 0 and the default length_direction; here the inertia follows the box.)
/// Precondition: the geometry is valid (see BoxGeometry).
MassProperties box_mass_properties(const BoxGeometry& box);

/// A cylinder (MSL Parts.BodyCylinder): it starts at r_shape and extends `length` along
/// length_direction; a hollow one has a coaxial bore of inner_diameter.
struct CylinderGeometry {
  Eigen::Vector3d r_shape = Eigen::Vector3d::Zero();            ///< [m], in frame_a
  Eigen::Vector3d length_direction = Eigen::Vector3d::UnitX();  ///< any length > 0, in frame_a
  double length = 0.1, diameter = 0.005;                        ///< [m], > 0
  double inner_diameter = 0.0;                                  ///< [m], 0 ≤ inner_diameter < diameter
  double density = kDefaultDensity;                             ///< [kg/m³], > 0
};

/// Mass, center of mass and inertia tensor of a cylinder: with R = diameter/2, R_i = inner_diameter/2,
/// m_o = ρ·π·L·R², m_i = ρ·π·L·R_i²: m = m_o − m_i, r_CM = r_shape + ê·L/2, and in the cylinder's
/// axes (x along its axis)
///     I = diag((m_o·R² − m_i·R_i²)/2, I₂₂, I₂₂),  I₂₂ = (m_o(L² + 3R²) − m_i(L² + 3R_i²))/12,
/// resolved in frame_a as Tᵀ·I·T with T = shape_axes(length_direction, (0, 1, 0)).
/// Precondition: the geometry is valid (see CylinderGeometry).
MassProperties cylinder_mass_properties(const CylinderGeometry& cylinder);

/// The placement of a box or cylinder, read from the parameters `r`, `r_shape`, `length_direction`
/// and `length` (MSL's names and defaults: r = [0.1, 0, 0], r_shape = 0, length_direction =
/// r − r_shape, length = |r − r_shape|).
struct ShapePlacement {
  Eigen::Vector3d r;                 ///< frame_a → frame_b [m]
  Eigen::Vector3d r_shape;           ///< [m]
  Eigen::Vector3d length_direction;  ///< as given (not normalized), ≠ 0
  double length = 0.0;               ///< [m], > 0
};
/// `shape` ("box", "cylinder") names it in the descriptions.
/// @throws ModelError naming the parameter: a zero-length length_direction (or r = r_shape without
///         a length_direction), a length that is not positive.
ShapePlacement read_shape_placement(ComponentBuilder& b, std::string_view shape);

/// A number for a message, as parameter messages print it (6 significant digits).
std::string number_text(double value);

/// Accepts MSL's visualization parameters `animation` and `color` (stored, not used).
void accept_shape_annotations(ComponentBuilder& b);

/// Declares frame_a and frame_b and writes the equations of a rigid body (mass properties `p` in
/// frame_a) rigidly joined to frame_b at r from frame_a (resolved in frame_a, same orientation):
/// frame_b's kinematics are those of a FixedTranslation, and the body takes the forces and torques
/// of both frames, frame_b's moved to frame_a (f_a + f_b, t_a + t_b + r × f_b); a free one carries
/// a quaternion (define_rigid_body).
/// The component declares frame_a a potential root and frame_a–frame_b a branch
/// (declare_body_shape_frames).
void define_body_shape(ComponentBuilder& b, const MassProperties& p, const Vec3& r);
/// The frame roles of a body with two frames: frame_a a potential root (a free body), frame_a–frame_b
/// a branch (Modelica: the inner Body and FixedTranslation of Parts.BodyShape).
void declare_body_shape_frames(FrameDeclaration& d);

}  // namespace acausal::multibody_components
