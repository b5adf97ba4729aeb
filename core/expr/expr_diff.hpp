#pragma once
/// @file
/// Symbolic differentiation.

#include "core/expr/expr.hpp"

namespace acausal {

/// Partial derivative ∂e/∂wrt, where `wrt` is a leaf: a Variable, a Derivative (der(x) is
/// independent of x here, as in ∂F/∂y'), a Parameter or Time. Branch-wise for sign, abs, min,
/// max and if_else (the derivative of the branch that is active); the derivative of a table is
/// its slope. @throws std::invalid_argument if `wrt` is not such a leaf.
Expr diff(const Expr& e, const Expr& wrt);

/// Total time derivative d e/dt: x ↦ der(x), der(x) ↦ der(der(x)) (a second derivative the caller
/// may name), parameters ↦ 0, time ↦ 1, chain rule through every operation.
Expr time_derivative(const Expr& e);

}  // namespace acausal
