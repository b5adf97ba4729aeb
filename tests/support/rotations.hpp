#pragma once
/// @file
/// Rotations for the multibody tests, written with Eigen independently of the components' own.

#include <Eigen/Dense>
#include <Eigen/Geometry>
#include <string>

namespace acausal::testing {

/// [w×], the matrix of the cross product: skew(w)·u = w × u.
inline Eigen::Matrix3d skew(const Eigen::Vector3d& w) {
  Eigen::Matrix3d s;
  s << 0.0, -w(2), w(1), w(2), 0.0, -w(0), -w(1), w(0), 0.0;
  return s;
}

/// The active rotation by `angle` about `axis` (normalized): its columns are the turned frame's axes.
inline Eigen::Matrix3d turn(double angle, const Eigen::Vector3d& axis) {
  return Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix();
}

/// The rotation world → frame of a frame turned by `angle` about `axis` (R = turnᵀ, R as a frame
/// port carries it).
inline Eigen::Matrix3d turned(double angle, const Eigen::Vector3d& axis) { return turn(angle, axis).transpose(); }

/// "[i+1]": the name suffix of element i of a vector variable.
inline std::string at(int i) { return "[" + std::to_string(i + 1) + "]"; }

}  // namespace acausal::testing
