#pragma once
/// @file
/// Operating points of one component: values of its variables, their derivatives, time and its
/// discrete variables at which all its equations hold (its ports' other ends left free), found from
/// a random start. The equations' time derivatives hold there too. check_component() evaluates its energy audit, passivity and Jacobian there.

#include <optional>
#include <random>
#include <string>
#include <vector>

#include "acausal/testing.hpp"

namespace acausal::testing {

/// Everything a component's checks evaluate: its equations' residuals, its energy terms, the
/// power through each port and the rate of its stored energy.
struct ComponentTerms {
  std::vector<Expr> port_powers;
  Expr stored_rate;  ///< d(stored energy)/dt, by the chain rule over the variables it reads
  /// The leaves of all of these and of the equations: the names an evaluation needs.
  std::vector<Expr> leaves;
};
ComponentTerms component_terms(const Definition& d);

/// A point found by operating_point(), or why none was.
struct OperatingPoint {
  std::optional<Values> values;
  /// Where none was found, the best start's largest equation residual, relative to its row's
  /// scale (Σ |∂residual/∂x|·nominal(x)), and that equation (or the assertion that failed).
  double worst_residual = 0.0;
  std::string worst_equation;
};

/// Starts from random values — each variable and derivative uniform within ± its nominal (the
/// declared one, else max(|start|, 1)); a frame's R a random rotation; time in [0, 10] s; discrete
/// variables at their start, initial parameters at their guess — and moves to the nearest point
/// where the equations hold (Gauss–Newton with minimum-norm steps, a frame's R kept a rotation and
/// der(R) = −[w×]·R, and the relations `range` hold too); a point where one of its assertions
/// fails is outside its valid range and refused. Tries `attempts` starts, each within 0.7 times the
/// previous one's range.
OperatingPoint operating_point(const Definition& d, const ComponentTerms& terms, std::mt19937& random,
                               const std::vector<Expr>& range = {}, int attempts = 20);

}  // namespace acausal::testing
