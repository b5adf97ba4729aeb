#include "core/expr/table.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace acausal {
namespace {

/// Fritsch–Carlson slopes: harmonic-mean-like limiting keeps each cubic segment monotone
/// wherever the data are.
std::vector<double> monotone_slopes(const std::vector<double>& x, const std::vector<double>& y) {
  const std::size_t n = x.size();
  std::vector<double> secant(n - 1);
  for (std::size_t i = 0; i + 1 < n; ++i) secant[i] = (y[i + 1] - y[i]) / (x[i + 1] - x[i]);
  std::vector<double> m(n);
  m[0] = secant[0];
  m[n - 1] = secant[n - 2];
  for (std::size_t i = 1; i + 1 < n; ++i)
    m[i] = secant[i - 1] * secant[i] <= 0.0 ? 0.0 : 0.5 * (secant[i - 1] + secant[i]);
  for (std::size_t i = 0; i + 1 < n; ++i) {
    if (secant[i] == 0.0) {
      m[i] = 0.0;
      m[i + 1] = 0.0;
      continue;
    }
    double a = m[i] / secant[i];
    double b = m[i + 1] / secant[i];
    double r = a * a + b * b;
    if (r > 9.0) {  // outside the monotonicity region: scale both slopes back onto its circle
      double t = 3.0 / std::sqrt(r);
      m[i] = t * a * secant[i];
      m[i + 1] = t * b * secant[i];
    }
  }
  return m;
}

}  // namespace

Table1D::Table1D(std::string label, std::vector<double> x, std::vector<double> y,
                 Interpolation interpolation, Extrapolation extrapolation)
    : label_(std::move(label)), x_(std::move(x)), y_(std::move(y)),
      interpolation_(interpolation), extrapolation_(extrapolation) {
  auto fail = [&](const std::string& why) { throw std::invalid_argument("table " + label_ + ": " + why); };
  if (x_.size() != y_.size())
    fail("breakpoints and values differ in length (" + std::to_string(x_.size()) + " and " +
         std::to_string(y_.size()) + ")");
  if (x_.empty()) fail("needs at least one point");
  for (std::size_t i = 0; i < x_.size(); ++i) {
    if (!std::isfinite(x_[i]) || !std::isfinite(y_[i]))
      fail("point " + std::to_string(i) + " is not finite");
    if (i > 0 && !(x_[i] > x_[i - 1]))
      fail("breakpoints must be strictly increasing (point " + std::to_string(i) + ")");
  }
  given_points_ = x_.size();
  if (given_points_ == 1) {  // a constant: one flat segment, extrapolated flat either way
    x_.push_back(x_[0] + 1.0);
    y_.push_back(y_[0]);
  }
  if (interpolation_ == Interpolation::Smooth) {
    slope_ = monotone_slopes(x_, y_);
  } else if (interpolation_ == Interpolation::Constant) {
    slope_.assign(x_.size(), 0.0);
  } else {
    slope_.resize(x_.size());
    for (std::size_t i = 0; i + 1 < x_.size(); ++i) slope_[i] = (y_[i + 1] - y_[i]) / (x_[i + 1] - x_[i]);
    slope_.back() = slope_[x_.size() - 2];
  }
  find_kinks();
  integrate_breakpoints();
}

void Table1D::find_kinks() {
  const std::size_t n = x_.size();
  // Slopes computed from collinear data differ in the last bits; a relative 1e-9 is no kink.
  auto differ = [](double a, double b) { return std::fabs(a - b) > 1e-9 * std::max(std::fabs(a), std::fabs(b)); };
  if (interpolation_ == Interpolation::Constant) {  // a step wherever the value changes
    for (std::size_t i = 1; i < n; ++i)
      if (y_[i] != y_[i - 1]) kinks_.push_back(i);
    return;
  }
  if (differ(end_slope(0), inside(0, x_[0], 1))) kinks_.push_back(0);
  if (interpolation_ == Interpolation::Linear)
    for (std::size_t i = 1; i + 1 < n; ++i)
      if (differ(inside(i - 1, x_[i], 1), inside(i, x_[i], 1))) kinks_.push_back(i);
  if (differ(inside(n - 2, x_[n - 1], 1), end_slope(n - 1))) kinks_.push_back(n - 1);
}

std::pair<std::ptrdiff_t, std::ptrdiff_t> Table1D::pieces_between_kinks(std::size_t left) const {
  const auto last = static_cast<std::ptrdiff_t>(x_.size()) - 1;
  const std::ptrdiff_t low = left == 0 ? -1 : static_cast<std::ptrdiff_t>(kinks_[left - 1]);
  const std::ptrdiff_t high = left >= kinks_.size() ? last : static_cast<std::ptrdiff_t>(kinks_[left]) - 1;
  return {low, high};
}

int Table1D::max_nonzero_derivative_order(Interpolation interpolation) {
  switch (interpolation) {
    case Interpolation::Constant: return 0;
    case Interpolation::Linear: return 1;
    case Interpolation::Smooth: break;
  }
  return 3;
}

std::size_t Table1D::segment(double x) const {
  // index i of the segment [x_i, x_{i+1}) holding x; the last segment includes its right end
  auto it = std::upper_bound(x_.begin(), x_.end(), x);
  std::size_t i = static_cast<std::size_t>(std::max<std::ptrdiff_t>(it - x_.begin() - 1, 0));
  return std::min(i, x_.size() - 2);
}

double Table1D::inside(std::size_t i, double x, int order) const {
  if (interpolation_ == Interpolation::Constant) return order == 0 ? y_[i] : 0.0;
  const double h = x_[i + 1] - x_[i];
  if (interpolation_ == Interpolation::Linear) {
    const double s = (y_[i + 1] - y_[i]) / h;
    if (order == 0) return y_[i] + s * (x - x_[i]);
    return order == 1 ? s : 0.0;
  }
  // Cubic Hermite on [x_i, x_{i+1}] written as a polynomial in d = x - x_i.
  const double d = x - x_[i];
  const double s = (y_[i + 1] - y_[i]) / h;
  const double c0 = y_[i];
  const double c1 = slope_[i];
  const double c2 = (3.0 * s - 2.0 * slope_[i] - slope_[i + 1]) / h;
  const double c3 = (slope_[i] + slope_[i + 1] - 2.0 * s) / (h * h);
  switch (order) {
    case 0: return c0 + d * (c1 + d * (c2 + d * c3));
    case 1: return c1 + d * (2.0 * c2 + d * 3.0 * c3);
    case 2: return 2.0 * c2 + 6.0 * c3 * d;
    case 3: return 6.0 * c3;
    default: return 0.0;
  }
}

std::ptrdiff_t Table1D::piece(double x) const {
  const auto last = static_cast<std::ptrdiff_t>(x_.size()) - 1;
  if (x < x_[0]) return -1;
  if (x > x_.back()) return last;
  return static_cast<std::ptrdiff_t>(segment(x));
}

double Table1D::end_slope(std::size_t end) const {
  if (extrapolation_ == Extrapolation::Nearest) return 0.0;
  // Linear extrapolation continues with the slope the interpolant has at the end point.
  return end == 0 ? inside(0, x_[0], 1) : inside(x_.size() - 2, x_.back(), 1);
}

double Table1D::inside_integral(std::size_t i, double x) const {
  const double h = x_[i + 1] - x_[i];
  const double d = x - x_[i];
  const double s = (y_[i + 1] - y_[i]) / h;
  if (interpolation_ == Interpolation::Constant) return d * y_[i];
  if (interpolation_ == Interpolation::Linear) return d * (y_[i] + 0.5 * s * d);
  const double c0 = y_[i];
  const double c1 = slope_[i];
  const double c2 = (3.0 * s - 2.0 * slope_[i] - slope_[i + 1]) / h;
  const double c3 = (slope_[i] + slope_[i + 1] - 2.0 * s) / (h * h);
  return d * (c0 + d * (c1 / 2.0 + d * (c2 / 3.0 + d * c3 / 4.0)));
}

namespace {

/// The breakpoint a piece is integrated from: x_0 below the range, x_i for segment i, x_{n−1} above.
std::size_t anchor(std::ptrdiff_t piece) { return piece < 0 ? 0 : static_cast<std::size_t>(piece); }

}  // namespace

void Table1D::integrate_breakpoints() {
  // ∫₀^{x_i} y, outward from the piece that holds 0 (where the integral is zero), one exact
  // piece integral at a time.
  const std::size_t n = x_.size();
  integral_.assign(n, 0.0);
  const std::ptrdiff_t zero_piece = piece(0.0);
  const std::size_t a = anchor(zero_piece);
  integral_[a] = -piece_integral(zero_piece, 0.0);
  for (std::size_t i = a; i + 1 < n; ++i) integral_[i + 1] = integral_[i] + inside_integral(i, x_[i + 1]);
  for (std::size_t i = a; i-- > 0;) integral_[i] = integral_[i + 1] - inside_integral(i, x_[i + 1]);
}

double Table1D::piece_integral(std::ptrdiff_t piece, double x) const {
  const std::size_t last = x_.size() - 1;
  if (piece >= 0 && static_cast<std::size_t>(piece) < last) return inside_integral(static_cast<std::size_t>(piece), x);
  const std::size_t end = piece < 0 ? 0 : last;
  const double d = x - x_[end];
  return d * (y_[end] + 0.5 * end_slope(end) * d);
}

double Table1D::evaluate_piece(std::ptrdiff_t piece, double x, int order) const {
  if (order < -1) throw std::invalid_argument("table " + label_ + ": derivative order below -1 (the antiderivative)");
  if (order == -1) return integral_[anchor(piece)] + piece_integral(piece, x);
  const std::size_t last = x_.size() - 1;
  if (piece >= 0 && static_cast<std::size_t>(piece) < last) return inside(static_cast<std::size_t>(piece), x, order);
  const std::size_t end = piece < 0 ? 0 : last;
  const double slope = end_slope(end);
  if (order == 0) return y_[end] + slope * (x - x_[end]);
  return order == 1 ? slope : 0.0;
}

double Table1D::evaluate(double x, int order) const { return evaluate_piece(piece(x), x, order); }

}  // namespace acausal
