#pragma once
/// @file
/// Pantelides' algorithm (1988), structural part: which equations of a DAE must be differentiated,
/// and how often, so that the highest derivatives can be matched one to one with the equations —
/// the first step of index reduction (dummy derivatives and state selection build on it).
///
/// Input is purely structural: for each equation, the base variables it contains and the highest
/// derivative order of each there (0: the variable itself, 1: der(x), ...).

#include <cstddef>
#include <vector>

namespace acausal {

struct Incidence {
  std::size_t variable;  ///< base variable
  int order;             ///< highest derivative order of it in the equation
};

struct PantelidesResult {
  std::vector<int> equation_differentiations;  ///< per original equation: how often to differentiate it
  std::vector<int> variable_order;             ///< per base variable: highest order after reduction
  /// 1 + the largest number of differentiations of any equation (1: no index reduction needed).
  int index = 1;
};

/// @throws std::invalid_argument if the system is structurally singular (some equation can never be
///         matched, however often it is differentiated).
PantelidesResult pantelides(const std::vector<std::vector<Incidence>>& equations, std::size_t variables);

}  // namespace acausal
