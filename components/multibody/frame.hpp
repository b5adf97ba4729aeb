#pragma once
/// @file
/// The vector math of the multibody components: a frame port's variables as Eigen vectors of Expr,
/// 3-vector parameters and variables, rotation matrices, and element-wise equations.
///
/// Installed with acausal/component.hpp, as namespace acausal::multibody (docs/extending.md,
/// "A 3D component").
///
/// Conventions (Modelica MultiBody): r_0 is the frame's origin in world coordinates; R maps world
/// coordinates to frame coordinates (v_frame = R·v_world, der(R) = −[w×]·R); w is the frame's
/// angular velocity resolved in the frame; f and t are the cut force and torque acting on the
/// component at the frame's origin, resolved in the frame (positive into the component, as every
/// through quantity): a component pushing a body with force F (world coordinates) writes f = −R·F.
/// Power into the component through a frame: f·(R·der(r_0)) + t·w.

#include <Eigen/Core>
#include <array>
#include <string_view>

#include "core/expr/expr_eigen.hpp"
#include "core/model/component.hpp"

namespace acausal::multibody_components {

using Vec3 = Eigen::Matrix<Expr, 3, 1>;
using Mat3 = Eigen::Matrix<Expr, 3, 3>;

/// A frame port with its variables.
struct Frame {
  Port port;
  Vec3 r_0;  ///< origin, world coordinates [m]
  Mat3 R;    ///< world → frame
  Vec3 w;    ///< angular velocity, frame coordinates [rad/s]
  Vec3 f;    ///< cut force on the component, frame coordinates [N]
  Vec3 t;    ///< cut torque on the component about the origin, frame coordinates [N·m]
};

/// Declares a frame port.
Frame frame_port(ComponentBuilder& b, std::string_view name, std::string_view description);

/// A 3-vector parameter (an array of 3 numbers or unit strings) as constants; symbolic
/// `name[i]` parameters when describing the type.
Vec3 vector_parameter(ComponentBuilder& b, std::string_view name, std::string_view unit,
                      const std::array<double, 3>& default_value, std::string_view description);
/// The same, as numbers (for values that must be known while the equations are written).
std::array<double, 3> vector_values(ComponentBuilder& b, std::string_view name, std::string_view unit,
                                    const std::array<double, 3>& default_value, std::string_view description);
/// A unit axis from the parameter `name`. @throws ModelError naming it for a zero-length axis.
Eigen::Vector3d axis_parameter(ComponentBuilder& b, std::string_view name, const std::array<double, 3>& default_value,
                               std::string_view description);

/// Signal inputs `name[1]`, `name[2]`, `name[3]` (a 3-vector signal: three ports).
Vec3 vector_input(ComponentBuilder& b, std::string_view name, std::string_view unit, std::string_view description);
/// Signal outputs `name[1]`, `name[2]`, `name[3]`.
Vec3 vector_output(ComponentBuilder& b, std::string_view name, std::string_view unit, std::string_view description);

/// Variables `name[1]`, `name[2]`, `name[3]`.
Vec3 vector_variable(ComponentBuilder& b, std::string_view name, std::string_view unit, std::string_view description,
                     const VariableOptions& options = {});

/// Declares the port `name`: a frame fixed to frame `a` (port `a_name`) at r (in a's coordinates)
/// and parallel to it, with its kinematics written in the direction the orientation graph carries
/// orientation through this rigid connection (`a_name`–`name` must be a declared branch).
Frame rigidly_attached_frame(ComponentBuilder& b, const Frame& a, std::string_view a_name, std::string_view name,
                             const Vec3& r, std::string_view description);

/// A frame the component loads with nothing (a sensor's): f = 0, t = 0.
void no_load(ComponentBuilder& b, const Frame& frame, std::string_view name);

/// der() element by element: the velocity der(r_0) of a frame's origin, in world coordinates.
Vec3 der(const Vec3& v);

/// lhs = rhs element by element.
void equal(ComponentBuilder& b, const Vec3& lhs, const Vec3& rhs, std::string_view description);
void equal(ComponentBuilder& b, const Mat3& lhs, const Mat3& rhs, std::string_view description);

/// [v×], the matrix of the cross product: skew(v)·u = v × u.
Mat3 skew(const Vec3& v);
/// The rotation of a frame turned by `angle` about the unit axis `e` (right-hand rule), mapping
/// coordinates in the first frame to coordinates in the turned one:
/// e·eᵀ + (I − e·eᵀ)·cos(angle) − [e×]·sin(angle).
Mat3 planar_rotation(const Eigen::Vector3d& e, const Expr& angle);
/// A constant vector or matrix as Expr.
Vec3 constant(const Eigen::Vector3d& v);
Mat3 constant(const Eigen::Matrix3d& m);
Vec3 zero_vector();
Mat3 identity_matrix();

}  // namespace acausal::multibody_components
