#include "components/signal/filter_coefficients.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <numbers>
#include <sstream>
#include <string>

#include <Eigen/Dense>

namespace acausal::signal_components::filter {

namespace {

constexpr double kPi = std::numbers::pi;

/// A number as a message shows it: 4, 1.6, 0.001.
std::string text(double v) {
  std::ostringstream out;
  out.precision(15);
  out << v;
  return out.str();
}

/// 1/|H(jω)|² of the prototype: Π (1 + d²ω²) · Π ((1 − b2·ω²)² + b1²·ω²).
double inverse_squared_gain(const Prototype& p, double w) {
  const double w2 = w * w;
  double product = 1.0;
  for (double d : p.first) product *= 1.0 + d * d * w2;
  for (const Prototype::Quadratic& q : p.second) product *= (1.0 - q.b2 * w2) * (1.0 - q.b2 * w2) + q.b1 * q.b1 * w2;
  return product;
}

/// The prototype with p replaced by α·p.
void scale(Prototype& p, double alpha) {
  for (double& d : p.first) d *= alpha;
  for (Prototype::Quadratic& q : p.second) {
    q.b2 *= alpha * alpha;
    q.b1 *= alpha;
  }
}

/// Bisection for the root of a function that is positive at `lo` and negative at `hi` (or the
/// reverse), to the last bit.
template <typename F>
double bisect(const F& f, double lo, double hi) {
  const bool lo_positive = f(lo) > 0.0;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (mid <= lo || mid >= hi) break;
    if ((f(mid) > 0.0) == lo_positive) lo = mid;
    else hi = mid;
  }
  return 0.5 * (lo + hi);
}

/// The roots of the reverse Bessel polynomial θ_n(s) = s^n·y_n(1/s), from those of the Bessel
/// polynomial y_n (y_0 = 1, y_1 = 1 + x, y_k = (2k − 1)·x·y_(k−1) + y_(k−2)). The recurrence gives
/// x·y_0 = y_1 − y_0 and x·y_k = (y_(k+1) − y_(k−1))/(2k + 1), so at a zero of y_n the vector
/// (y_0 … y_(n−1)) is an eigenvector of a tridiagonal matrix with eigenvalue x: its eigenvalues,
/// refined together by the Aberth–Ehrlich iteration on y_n evaluated by the recurrence in long
/// double (better conditioned than the powers of s, whose coefficients span 60 decades at n = 40).
std::vector<std::complex<double>> bessel_roots(int n) {
  using Complex = std::complex<long double>;
  const auto size = static_cast<std::size_t>(n);
  Eigen::MatrixXd t = Eigen::MatrixXd::Zero(n, n);
  t(0, 0) = -1.0;
  if (n > 1) t(0, 1) = 1.0;
  for (int k = 1; k < n; ++k) {
    t(k, k - 1) = -1.0 / (2 * k + 1);
    if (k + 1 < n) t(k, k + 1) = 1.0 / (2 * k + 1);
  }
  const Eigen::VectorXcd eigenvalues = Eigen::EigenSolver<Eigen::MatrixXd>(t, false).eigenvalues();
  std::vector<Complex> z(size);
  for (std::size_t i = 0; i < size; ++i)
    z[i] = Complex(static_cast<long double>(eigenvalues[static_cast<Eigen::Index>(i)].real()),
                   static_cast<long double>(eigenvalues[static_cast<Eigen::Index>(i)].imag()));
  // y_n and its derivative at x by the recurrence.
  const auto evaluate = [n](const Complex& x, Complex& value, Complex& slope) {
    Complex previous = 1.0L, previous_slope = 0.0L;
    value = 1.0L + x;
    slope = 1.0L;
    for (int k = 2; k <= n; ++k) {
      const long double f = static_cast<long double>(2 * k - 1);
      const Complex next = f * x * value + previous;
      const Complex next_slope = f * (value + x * slope) + previous_slope;
      previous = value;
      previous_slope = slope;
      value = next;
      slope = next_slope;
    }
  };
  for (int iteration = 0; iteration < 100; ++iteration) {
    long double largest_step = 0.0L;
    for (std::size_t i = 0; i < size; ++i) {
      Complex value, slope;
      evaluate(z[i], value, slope);
      if (value == Complex(0.0L)) continue;
      const Complex newton = value / slope;
      Complex repulsion = 0.0L;
      for (std::size_t j = 0; j < size; ++j)
        if (j != i) repulsion += 1.0L / (z[i] - z[j]);
      const Complex step = newton / (1.0L - newton * repulsion);
      z[i] -= step;
      largest_step = std::max(largest_step, std::abs(step) / std::abs(z[i]));
    }
    if (largest_step < 1e-18L) break;
  }
  std::vector<std::complex<double>> roots;
  for (const Complex& x : z) {
    const Complex s = 1.0L / x;
    roots.emplace_back(static_cast<double>(s.real()), static_cast<double>(s.imag()));
  }
  return roots;
}

Prototype bessel(int n) {
  Prototype p;
  std::vector<std::complex<double>> upper;
  for (const std::complex<double>& s : bessel_roots(n)) {
    if (std::abs(s.imag()) <= 1e-9 * std::abs(s)) p.first.push_back(-1.0 / s.real());
    else if (s.imag() > 0.0) upper.push_back(s);
  }
  std::sort(upper.begin(), upper.end(), [](const auto& x, const auto& y) { return x.imag() < y.imag(); });
  for (const std::complex<double>& s : upper) {
    const double m2 = std::norm(s);
    p.second.push_back({1.0 / m2, -2.0 * s.real() / m2});
  }
  return p;
}

/// z in (0, 1) with z² + (c1·w·z/(1 + z))² − (2 + c0·w²)·z + 1 = 0, and α = √z: the split of the
/// band transformation of s² + c1·s + c0 into two second-order factors with the eigenvalues'
/// magnitudes 1/α and α (f(0) = 1 > 0 and f(1) = (c1²/4 − c0)·w² < 0 for a complex pair).
double band_alpha(double c1, double c0, double w) {
  const auto f = [&](double z) {
    const double t = c1 * w * z / (1.0 + z);
    return z * z + t * t - (2.0 + c0 * w * w) * z + 1.0;
  };
  return std::sqrt(bisect(f, 0.0, 1.0));
}

/// A second-order section from its monic denominator s² + c1·s + c0.
Section second_order(double c1, double c0, const char* kind) {
  Section s;
  s.second_order = true;
  s.a = -c1 / 2.0;
  const double bb = c0 - s.a * s.a;
  if (!(bb > 0.0))
    throw FilterError("f_min", std::string("the ") + kind +
                      " is too wide for this prototype: a section would have real poles; bring f_min and f_cut "
                      "closer together or use another analog filter");
  s.b = std::sqrt(bb);
  s.ku = c0 / s.b;
  return s;
}

}  // namespace

double normalization_factor(const Prototype& p) {
  const double target = std::pow(10.0, 0.3);  // 1/|H|² at −3 dB
  const auto f = [&](double alpha) { return target - inverse_squared_gain(p, alpha); };
  double lo = 0.0, hi = 1.0;
  while (f(hi) > 0.0) {
    lo = hi;
    hi *= 1.1;
  }
  return bisect(f, lo, hi);
}

Prototype prototype(Analog analog, int order, double ripple_db, bool normalized) {
  const int n = order;
  Prototype p;
  switch (analog) {
    case Analog::CriticalDamping: {
      const double alpha = normalized ? std::sqrt(std::pow(10.0, 3.0 / (10.0 * n)) - 1.0) : 1.0;
      p.first.assign(static_cast<std::size_t>(n), alpha);
      return p;
    }
    case Analog::Bessel:
      if (n > kMaxBesselOrder)
        throw FilterError("order", "order must be at most " + std::to_string(kMaxBesselOrder) +
                                       " for a Bessel filter, got " + std::to_string(n));
      p = bessel(n);
      break;
    case Analog::Butterworth:
      if (n % 2 == 1) p.first.push_back(1.0);
      for (int k = 1; k <= n / 2; ++k) p.second.push_back({1.0, 2.0 * std::sin((2 * k - 1) * kPi / (2.0 * n))});
      return p;
    case Analog::ChebyshevI: {
      if (normalized && ripple_db >= 3.0)
        throw FilterError("A_ripple", "A_ripple must be below 3 dB for a normalized ChebyshevI filter (its pass band would dip "
                          "below -3 dB), got " + text(ripple_db));
      const double epsilon = std::sqrt(std::pow(10.0, ripple_db / 10.0) - 1.0);
      const double phi = std::asinh(1.0 / epsilon) / n;
      if (n % 2 == 1) p.first.push_back(1.0 / std::sinh(phi));
      for (int k = 1; k <= n / 2; ++k) {
        const double c = n % 2 == 1 ? std::cos(k * kPi / n) : std::cos((2 * k - 1) * kPi / (2.0 * n));
        const double b2 = 1.0 / (std::cosh(phi) * std::cosh(phi) - c * c);
        p.second.push_back({b2, 2.0 * b2 * std::sinh(phi) * c});
      }
      break;
    }
  }
  if (normalized) scale(p, normalization_factor(p));
  return p;
}

std::vector<double> Section::steady_states() const {
  if (!second_order) return {1.0};
  return {-a / b, 1.0};
}

double Section::dc_gain() const {
  if (!second_order) return k1 + dv;
  return k1 * (-a / b) + k2 + dv;
}

std::vector<Section> sections(const Prototype& p, Kind kind, double f_cut, double f_min) {
  std::vector<Section> out;
  if (kind == Kind::LowPass || kind == Kind::HighPass) {
    const double w = 2.0 * kPi * f_cut;
    const bool low = kind == Kind::LowPass;
    for (double d : p.first) {
      Section s;
      s.r = low ? -w / d : -w * d;
      s.k1 = low ? 1.0 : -1.0;
      s.dv = low ? 0.0 : 1.0;
      out.push_back(s);
    }
    for (const Prototype::Quadratic& q : p.second) {
      // Monic prototype s² + (b1/b2)·s + 1/b2; low pass: s → s/ω; high pass: s → ω/s.
      Section s = low ? second_order(w * q.b1 / q.b2, w * w / q.b2, "low pass")
                      : second_order(w * q.b1, w * w * q.b2, "high pass");
      if (low) {
        s.k2 = 1.0;
      } else {
        s.k1 = 2.0 * s.a / s.ku;
        s.k2 = (s.a * s.a - s.b * s.b) / (s.a * s.a + s.b * s.b);
        s.dv = 1.0;
      }
      out.push_back(s);
    }
    return out;
  }

  const bool pass = kind == Kind::BandPass;
  const char* name = pass ? "band pass" : "band stop";
  if (!(f_min > 0.0 && f_min < f_cut))
    throw FilterError("f_min", std::string("the ") + name + " needs 0 < f_min < f_cut, got f_min = " + text(f_min) +
                      " Hz and f_cut = " + text(f_cut) + " Hz");
  const double f0 = std::sqrt(f_min * f_cut);
  const double w0 = 2.0 * kPi * f0;
  const double width = (f_cut - f_min) / f0;
  // Denominators s² + c1·s + c0 of the band sections, before the outputs are set.
  std::vector<std::pair<double, double>> denominators;
  for (double d : p.first) denominators.emplace_back(pass ? w0 * width / d : w0 * width * d, w0 * w0);
  for (const Prototype::Quadratic& q : p.second) {
    const double c1 = q.b1 / q.b2, c0 = 1.0 / q.b2;
    const double w = pass ? width : width / c0;
    const double alpha = band_alpha(c1, c0, w);
    const double c = c1 * w / (alpha + 1.0 / alpha);
    denominators.emplace_back(w0 * c / alpha, w0 * w0 / (alpha * alpha));
    denominators.emplace_back(w0 * c * alpha, w0 * w0 * alpha * alpha);
  }
  for (const auto& [c1, c0] : denominators) {
    Section s = second_order(c1, c0, name);
    if (pass) {
      // w = (ω0·width)·s/(s² + c1·s + c0)·v
      const double cn = width * w0;
      s.k1 = cn / s.ku;
      s.k2 = cn * s.a / (s.b * s.ku);
    } else {
      // w = (s² + ω0²)/(s² + c1·s + c0)·v: every section has its zeros at the band's centre ω0.
      s.k1 = 2.0 * s.a / s.ku;
      s.k2 = (w0 * w0 + s.a * s.a - s.b * s.b) / (s.b * s.ku);
      s.dv = 1.0;
    }
    out.push_back(s);
  }
  return out;
}

std::size_t state_count(const std::vector<Section>& sections) {
  std::size_t n = 0;
  for (const Section& s : sections) n += s.second_order ? 2 : 1;
  return n;
}

}  // namespace acausal::signal_components::filter
