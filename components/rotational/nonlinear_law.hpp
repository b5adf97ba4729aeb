#pragma once
/// @file
/// The torque law shared by rotational.NonlinearSpring (seed 001, torque of the deflection θ) and
/// rotational.NonlinearDamper (seed 003, torque of the relative speed ω): a symmetric or two-sided
/// fifth-order polynomial of x, or a lookup table, with its exact integral ∫₀ˣ T dx.

#include <string_view>
#include <vector>

#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// How a component names its law's parameters.
struct NonlinearLawNames {
  std::string_view x;           ///< the law's variable, also the table's breakpoint column: "theta", "w"
  std::string_view x_unit;      ///< "rad", "rad/s"
  std::string_view x_power;     ///< the unit raised to the i-th power in a coefficient's unit: "rad", "(rad/s)"
  std::string_view coefficient; ///< the symmetric coefficients: "k", "b"
  std::string_view positive;    ///< the coefficients for x ≥ 0: "k_tension", "b_positive"
  std::string_view negative;    ///< the coefficients for x < 0: "k_compression", "b_negative"
  std::string_view what;        ///< "spring", "damping" (in descriptions)
  /// The polynomial for x < 0 alternates signs, c1x − c2x² + c3x³ − c4x⁴ + c5x⁵ (the spring's
  /// compression form); otherwise it is Σ cᵢxⁱ (the damper's, as its seed document writes it).
  bool alternating_negative = false;
  std::vector<double> default_coefficients;
};

struct NonlinearLaw {
  Expr torque;    ///< T(x)
  Expr integral;  ///< ∫₀ˣ T dx, exact for every parameterization (the spring's stored energy)
};

/// Reads `parameterization` ("symmetric", "two_sided", "table") and the parameters of the chosen
/// one, and builds T(x):
///   symmetric  T = c1x + sign(x)c2x² + c3x³ + sign(x)c4x⁴ + c5x⁵
///   two_sided  T = Σ pᵢxⁱ for x ≥ 0; Σ (±)nᵢxⁱ for x < 0 (see alternating_negative)
///   table      T = interpolation of the table, with the point (0, 0) added when it has no x = 0
/// Zero coefficients fold away, so an odd symmetric polynomial has no sign() and no events.
/// @throws ModelError naming the parameter: a parameter of another parameterization, a wrong
///         coefficient count, a missing or malformed table, an unknown word.
NonlinearLaw define_nonlinear_law(ComponentBuilder& b, const NonlinearLawNames& names, const Expr& x);

}  // namespace acausal::rotational_components
