#pragma once
/// @file
/// The numbers behind signal.Filter (MSL 4.0.0's Modelica.Blocks.Continuous.Filter): the analog
/// prototype low pass with its cut-off at 1 rad/s, its transformation to a low, high, band pass or
/// band stop at the given frequencies, and the realization as first- and second-order sections in
/// series whose states are MSL's. Plain numbers, no expressions: the component builds its equations
/// from these.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace acausal::signal_components::filter {

enum class Analog { CriticalDamping, Bessel, Butterworth, ChebyshevI };
enum class Kind { LowPass, HighPass, BandPass, BandStop };

/// A problem with the filter's parameters (a band that cannot be realized): the message says why,
/// parameter() names the parameter to blame.
class FilterError : public std::invalid_argument {
 public:
  FilterError(const char* parameter, const std::string& message)
      : std::invalid_argument(message), parameter_(parameter) {}
  const char* parameter() const { return parameter_; }

 private:
  const char* parameter_;
};

/// A prototype low pass with unit DC gain, H(p) = 1 / (Π (d_i·p + 1) · Π (b2_k·p² + b1_k·p + 1)),
/// p in rad/s: the first-order factors' d and the second-order factors' (b2, b1), in MSL's order.
struct Prototype {
  struct Quadratic {
    double b2, b1;
  };
  std::vector<double> first;
  std::vector<Quadratic> second;
};

/// The largest order of a filter.
inline constexpr int kMaxOrder = 40;
/// The largest order of a Bessel filter: its poles, the roots of the Bessel polynomial, are found
/// to 1e-10 (relative) at order 20, to 4e-7 only at order 25.
inline constexpr int kMaxBesselOrder = 20;

/// The prototype of `order` (1..kMaxOrder):
/// - CriticalDamping: n factors d = α, α = √(10^(3/(10n)) − 1) if normalized (|H(j)| = 10^(−3/20)), else 1;
/// - Bessel: the roots of the reverse Bessel polynomial θ_n (unit group delay at DC), real factor
///   first, pairs by increasing imaginary part; normalized: p → α·p with |H(j)| = 10^(−3/20);
/// - Butterworth: pairs b2 = 1, b1 = 2·sin((2k − 1)π/(2n)), a factor d = 1 for odd n (|H(j)| = 1/√2
///   whether normalized or not, as in MSL, which leaves it unnormalized);
/// - ChebyshevI with pass band ripple `ripple_db` (ε = √(10^(ripple/10) − 1), φ = asinh(1/ε)/n):
///   d = 1/sinh φ for odd n; pair k with c = cos(kπ/n) (odd n) or cos((2k − 1)π/(2n)) (even n):
///   b2 = 1/(cosh²φ − c²), b1 = 2·b2·sinh φ·c; normalized: p → α·p with |H(j)| = 10^(−3/20).
/// @throws FilterError for a normalized ChebyshevI with ripple_db ≥ 3 (its −3 dB point is not
///         unique), a Bessel filter of an order above kMaxBesselOrder.
Prototype prototype(Analog analog, int order, double ripple_db, bool normalized);

/// The factor α > 0 with |H(j·α)| = 10^(−3/20) for the prototype H: replacing p by α·p normalizes it.
double normalization_factor(const Prototype& p);

/// One section of the realization, with input v (the previous section's output, u/u_nominal for
/// the first) and output w (the next one's input):
/// - first order: der(x) = r·(x − v),                          w = cx·x + dv·v
/// - second order: der(x1) = a·x1 − b·x2 + ku·v, der(x2) = b·x1 + a·x2,  w = k1·x1 + k2·x2 + dv·v
/// (eigenvalues r and a ± j·b; ku = (a² + b²)/b, so x2 = v in steady state).
struct Section {
  bool second_order = false;
  double r = 0.0;                     ///< first order: the eigenvalue
  double a = 0.0, b = 0.0, ku = 0.0;  ///< second order
  double k1 = 0.0, k2 = 0.0;          ///< second order: output gains; first order: k1 is cx
  double dv = 0.0;                    ///< feedthrough of the section's input

  /// The states' steady values for a constant input v = 1: {1} or {−a/b, 1}.
  std::vector<double> steady_states() const;
  /// The section's output for a constant input 1 in steady state (its DC gain).
  double dc_gain() const;
};

/// The sections of the filter, in MSL's order: LowPass and HighPass have one section per prototype
/// factor (first-order ones first), at ω = 2π·f_cut (LowPass p → s/ω, HighPass p → ω/s);
/// BandPass and BandStop two states per prototype order, band f_min..f_cut around
/// ω0 = 2π·√(f_min·f_cut) with relative width (f_cut − f_min)/√(f_min·f_cut): a first-order factor
/// becomes one second-order section, a second-order factor two (split with MSL's α).
/// @throws FilterError when f_min is not in (0, f_cut) for a band, or a band section has real poles.
std::vector<Section> sections(const Prototype& p, Kind kind, double f_cut, double f_min);

/// The number of states: order for LowPass and HighPass, 2·order for the bands.
std::size_t state_count(const std::vector<Section>& sections);

}  // namespace acausal::signal_components::filter
