#pragma once
/// @file
/// One-dimensional lookup tables: y(x) through breakpoints, with linear or smooth interpolation,
/// their derivatives and their exact antiderivative.

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace acausal {

enum class Interpolation {
  Linear,  ///< piecewise linear
  Smooth,  ///< monotone piecewise-cubic Hermite (Fritsch–Carlson): C¹, no overshoot between points
  Constant,  ///< y_i from x_i up to x_{i+1} (a step at each point); held beyond either end
};

enum class Extrapolation {
  Linear,   ///< continue with the slope at the end point
  Nearest,  ///< hold the end value
};

/// y(x) through the breakpoints (x_i, y_i), x strictly increasing. One point is a constant, as a
/// Modelica table of one row is (CombiTable1D, and the friction tables MSL's Clutch and
/// BearingFriction read with one row by default: mu_pos = [0, 0.5]).
class Table1D {
 public:
  /// @throws std::invalid_argument (naming `label`) for no points, sizes that differ, non-finite
  ///         values, or x not strictly increasing.
  Table1D(std::string label, std::vector<double> x, std::vector<double> y,
          Interpolation interpolation = Interpolation::Linear,
          Extrapolation extrapolation = Extrapolation::Linear);

  /// The value (order 0), the derivative d^order y / dx^order (order ≥ 1) or the antiderivative
  /// ∫₀ˣ y (order −1) at x. Piecewise: at a breakpoint the derivatives are those of the segment to
  /// its right (the last segment at the last point). The antiderivative is exact: each piece is a
  /// polynomial (linear or cubic inside, linear or constant outside) integrated in closed form.
  double evaluate(double x, int order = 0) const;

  /// The same as evaluate(), on a given piece: −1 is the extrapolation below x_0, i in [0, n−2] the
  /// segment [x_i, x_{i+1}], n − 1 the extrapolation above x_{n−1}. Used between events, where the
  /// piece is frozen while x may stray slightly past a breakpoint.
  double evaluate_piece(std::ptrdiff_t piece, double x, int order) const;

  /// The piece holding x, for evaluate_piece().
  std::ptrdiff_t piece(double x) const;

  /// The breakpoints (indices into x()) where the interpolant's slope jumps: the places where the
  /// table switches, and so the only ones that need an event. Linear interpolation: every interior
  /// point whose two segments have different slopes (collinear points do not switch). Smooth
  /// interpolation: no interior point (it is C¹). At an end, nearest extrapolation switches unless
  /// the end slope is zero; linear extrapolation continues the end slope and does not switch.
  /// Constant interpolation: every point after the first where the value changes (it jumps there).
  const std::vector<std::size_t>& kinks() const { return kinks_; }

  /// The same table followed through its kinks without events (no kinks): Modelica's tables inside
  /// functions (a friction characteristic) switch no branch; the integrator steps over the kinks.
  Table1D without_kink_events() const {
    Table1D t = *this;
    t.kinks_.clear();
    return t;
  }

  /// The pieces (as for evaluate_piece) that lie between two consecutive kinks: `left` is the
  /// number of kinks left of x. Between kinks the interpolant is one C¹ function, so a caller that
  /// holds the kinks' sides (between events) may pick the piece live within this range.
  std::pair<std::ptrdiff_t, std::ptrdiff_t> pieces_between_kinks(std::size_t left) const;

  /// Derivatives above this order vanish everywhere (0 for constant, 1 for linear, 3 for cubic segments).
  static int max_nonzero_derivative_order(Interpolation interpolation);

  const std::string& label() const { return label_; }
  /// The breakpoints (a constant given as one point has two: x_0 and x_0 + 1, of equal value).
  const std::vector<double>& x() const { return x_; }
  /// How many points the table was given (1 for a constant).
  std::size_t given_points() const { return given_points_; }
  const std::vector<double>& y() const { return y_; }
  Interpolation interpolation() const { return interpolation_; }
  Extrapolation extrapolation() const { return extrapolation_; }

 private:
  std::size_t segment(double x) const;
  double inside(std::size_t i, double x, int order) const;
  /// ∫ from x_i to x of segment i's polynomial.
  double inside_integral(std::size_t i, double x) const;
  /// ∫ from the piece's first point (x_0 below the range, x_{n−1} above it) to x of its polynomial.
  double piece_integral(std::ptrdiff_t piece, double x) const;
  /// The slope of the extrapolation below x_0 (end 0) or above x_{n−1} (end n−1).
  double end_slope(std::size_t end) const;
  void find_kinks();
  void integrate_breakpoints();

  std::string label_;
  std::vector<double> x_;
  std::vector<double> y_;
  std::vector<double> slope_;  // dy/dx at each breakpoint (Hermite data; secants for linear)
  std::vector<double> integral_;  // ∫₀^{x_i} y at each breakpoint
  std::vector<std::size_t> kinks_;
  std::size_t given_points_ = 0;
  Interpolation interpolation_;
  Extrapolation extrapolation_;
};

}  // namespace acausal
