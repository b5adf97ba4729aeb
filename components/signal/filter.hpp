#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Continuous low pass, high pass, band pass or band stop filter (Modelica.Blocks.Continuous.Filter)
/// with a CriticalDamping, Bessel, Butterworth or ChebyshevI characteristic, realized as MSL realizes
/// it: first- and second-order sections in series, each with its eigenvalues as coefficients
/// (der(x) = r·(x − v); der(x1) = a·x1 − b·x2 + ku·v, der(x2) = b·x1 + a·x2), so that its states
/// x[1..nx] are MSL's. y = gain·u_nominal·(the last section's output), the first section's input
/// u/u_nominal. Coefficients: filter_coefficients.hpp.
/// Parameters: analog_filter ("CriticalDamping" default, "Bessel", "Butterworth", "ChebyshevI"),
/// filter_type ("LowPass" default, "HighPass", "BandPass", "BandStop"), order (an integer from 1 to
/// 40, default 2), f_cut [Hz] > 0 (default 1), gain [1] (default 1), A_ripple [1, in dB] > 0
/// (default 0.5; ChebyshevI only), f_min [Hz] ≥ 0 (default 0; the band's lower edge, 0 < f_min <
/// f_cut for a band), normalized (default true: −3 dB at f_cut), init ("steady_state" default,
/// "initial_state"), u_nominal [1] > 0 (default 1). Input u [1], output y [1], states x[1..nx] [1]
/// with nx = order (LowPass, HighPass) or 2·order (bands).
/// @throws ModelError at …/params/<name> for an order outside 1..40, f_cut ≤ 0, A_ripple ≤ 0 (or
///         ≥ 3 for a normalized ChebyshevI), u_nominal ≤ 0, a band with f_min outside (0, f_cut) or too wide
///         for the prototype (a section with real poles).
class Filter final : public Component {
 public:
  std::string_view type() const override { return "signal.Filter"; }
  std::string_view summary() const override {
    return "Low/high/band pass or band stop filter (CriticalDamping, Bessel, Butterworth, ChebyshevI) in MSL's "
           "state-space form";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
