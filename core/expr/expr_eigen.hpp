#pragma once
/// @file
/// Expr as an Eigen scalar, so that 3D laws read as vector math:
/// `Vec3 f = -k * (r.norm() - r0) * r / r.norm();`, `Mat3 R = A * B;`, `a.cross(b)`.

#include <Eigen/Core>
#include <Eigen/Geometry>  // cross()

#include "core/expr/expr.hpp"

namespace Eigen {

template <>
struct NumTraits<acausal::Expr> : GenericNumTraits<double> {
  using Real = acausal::Expr;
  using NonInteger = acausal::Expr;
  using Nested = acausal::Expr;
  using Literal = acausal::Expr;
  enum {
    IsComplex = 0,
    IsInteger = 0,
    IsSigned = 1,
    RequireInitialization = 1,
    ReadCost = 1,
    AddCost = 3,
    MulCost = 3,
  };
};

// Mixed products with plain numbers: Matrix<Expr> * double and double * Matrix<Expr>.
template <typename BinaryOp>
struct ScalarBinaryOpTraits<acausal::Expr, double, BinaryOp> {
  using ReturnType = acausal::Expr;
};
template <typename BinaryOp>
struct ScalarBinaryOpTraits<double, acausal::Expr, BinaryOp> {
  using ReturnType = acausal::Expr;
};

}  // namespace Eigen

namespace acausal {

using Vec3 = Eigen::Matrix<Expr, 3, 1>;
using Mat3 = Eigen::Matrix<Expr, 3, 3>;

/// Elementwise from a numeric vector.
inline Vec3 to_expr(const Eigen::Vector3d& v) { return v.cast<Expr>(); }

}  // namespace acausal
