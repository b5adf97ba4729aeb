#pragma once
/// @file
/// One-dimensional lookup tables: y(x) through breakpoints, with linear or smooth interpolation.

#include <string>
#include <vector>

namespace acausal {

enum class Interpolation {
  Linear,  ///< piecewise linear
  Smooth,  ///< monotone piecewise-cubic Hermite (Fritsch–Carlson): C¹, no overshoot between points
};

enum class Extrapolation {
  Linear,   ///< continue with the slope at the end point
  Nearest,  ///< hold the end value
};

/// y(x) through the breakpoints (x_i, y_i), x strictly increasing, at least two points.
class Table1D {
 public:
  /// @throws std::invalid_argument (naming `label`) for fewer than two points, sizes that differ,
  ///         non-finite values, or x not strictly increasing.
  Table1D(std::string label, std::vector<double> x, std::vector<double> y,
          Interpolation interpolation = Interpolation::Linear,
          Extrapolation extrapolation = Extrapolation::Linear);

  /// The value (order 0) or the derivative d^order y / dx^order at x. Piecewise: at a breakpoint
  /// the derivatives are those of the segment to its right (the last segment at the last point).
  double evaluate(double x, int order = 0) const;

  /// The same as evaluate(), on a given piece: −1 is the extrapolation below x_0, i in [0, n−2] the
  /// segment [x_i, x_{i+1}], n − 1 the extrapolation above x_{n−1}. Used between events, where the
  /// piece is frozen while x may stray slightly past a breakpoint.
  double evaluate_piece(std::ptrdiff_t piece, double x, int order) const;

  /// The piece holding x, for evaluate_piece().
  std::ptrdiff_t piece(double x) const;

  /// Derivatives above this order vanish everywhere (1 for linear, 3 for cubic segments).
  static int max_nonzero_derivative_order(Interpolation interpolation);

  const std::string& label() const { return label_; }
  const std::vector<double>& x() const { return x_; }
  const std::vector<double>& y() const { return y_; }
  Interpolation interpolation() const { return interpolation_; }
  Extrapolation extrapolation() const { return extrapolation_; }

 private:
  std::size_t segment(double x) const;
  double inside(std::size_t i, double x, int order) const;

  std::string label_;
  std::vector<double> x_;
  std::vector<double> y_;
  std::vector<double> slope_;  // dy/dx at each breakpoint (Hermite data; secants for linear)
  Interpolation interpolation_;
  Extrapolation extrapolation_;
};

}  // namespace acausal
