#pragma once
/// @file
/// Unit strings of parameter values: "100 N/m", "30 deg", "3000 rpm", "5 ft*lbf/(rad/s)".
///
/// A unit expression is a product of unit symbols with optional SI prefixes, integer powers (`^`),
/// multiplication (`*` or `.`), division (`/`) and parentheses; `1` is the dimensionless unit.
/// Angles are dimensionless, as in SI (rad = 1, so "N*m/(rad/s)" is "N*m*s"), and a revolution is
/// 2π rad.

#include <array>
#include <string>
#include <string_view>

namespace acausal::units {

/// Exponents of the SI base dimensions m, kg, s, A, K, mol, cd.
struct Dimension {
  std::array<int, 7> exponent{};
  friend bool operator==(const Dimension&, const Dimension&) = default;
  /// e.g. "kg*m^2/s^2", "1" for dimensionless.
  std::string to_string() const;
};

/// A unit: its size in SI (value_in_SI = factor · value) and its dimension.
struct Unit {
  double factor = 1.0;
  Dimension dimension;
};

/// @throws std::invalid_argument naming the offending symbol or the position of a syntax error.
Unit parse_unit(std::string_view text);

/// Converts a quantity string "<number> <unit>" (the unit may be omitted: SI) to SI, checking its
/// dimension against `expected_unit`.
/// @throws std::invalid_argument: not a number, unknown unit, or wrong dimension — the message says
///         what was expected ("expected a value in N/m (kg/s^2), got '3 kg' (kg)").
double to_si(std::string_view quantity, std::string_view expected_unit);

}  // namespace acausal::units
