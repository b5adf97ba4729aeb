#include "components/signal/filter.hpp"

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "components/signal/control_state.hpp"
#include "components/signal/filter_coefficients.hpp"

namespace acausal::signal_components {

std::string_view Filter::details() const {
  return R"(MSL 4.0.0's Continuous.Filter. A prototype low pass with its cut-off at 1 rad/s,

    H(p) = 1 / (Π (d·p + 1) · Π (b2·p² + b1·p + 1)),

is chosen by `analog_filter` (CriticalDamping: n equal real poles; Bessel: the roots of the reverse
Bessel polynomial; Butterworth: poles on the unit circle; ChebyshevI: equal ripple `A_ripple` dB in
the pass band) and, if `normalized`, scaled so that |H| is −3 dB (10^(−3/20)) at 1 rad/s (MSL
leaves Butterworth as it is: it is −3.01 dB there). `filter_type` transforms it: LowPass p = s/ω,
HighPass p = ω/s (ω = 2π·f_cut); BandPass p = (s/ω0 + ω0/s)/width and BandStop its inverse, with
ω0 = 2π·√(f_min·f_cut) and width = (f_cut − f_min)/√(f_min·f_cut), a prototype pair being split
into two second-order sections as MSL splits it.

The result is a series of sections, each with the previous one's output v as its input (the first
one's is u/u_nominal), first-order ones first:

    first order:   der(x) = r·(x − v)                            w = x (LowPass), v − x (HighPass)
    second order:  der(x1) = a·x1 − b·x2 + ku·v,  der(x2) = b·x1 + a·x2,   ku = (a² + b²)/b
                   w = x2 (LowPass), k1·x1 + k2·x2 + v (HighPass, BandStop), k1·x1 + k2·x2 (BandPass)
    y = gain·u_nominal·w(last section)

so that r and a ± j·b are the eigenvalues and every state is of the order of u/u_nominal. The states
x[1..nx] are numbered as MSL numbers them (nx = order, or 2·order for a band). One deliberate
difference: in a band stop every section's zeros are at ω0 (w = (s² + ω0²)/(s² + c1·s + c0)·v),
so the stop band's notch is at ω0; MSL 4.0.0 puts the zeros of the two sections split from a
prototype pair at ω0/α and ω0·α instead. The states up to the first section split from a pair are
MSL's; with a prototype of real poles only (CriticalDamping) every state and the output are.

Initialization (`init`): `"steady_state"` (default, as in MSL: der(x) = 0): the states start at the
steady state for the input at the start time (x = v for a first-order section, x1 = −(a/b)·v and
x2 = v for a second-order one); each state is integrated as `x_dev[i]` = x[i] − its steady start,
with `u_start` the input at the start time (a parameter fixed at initialization).
`"initial_state"` (MSL's InitialState with x_start = 0): every x[i] starts at the netlist's
`"initial"` value, 0 without one. `"initial_output"` (MSL's InitialOutput): y starts at `y_start`
(default 0) and der(x[i]) = 0 for every state but the last; each state is then integrated as
`x_dev[i]` = x[i] − `x_t0[i]`, with `x_t0[i]` a parameter fixed at initialization by those
conditions. A signal block: no energy terms.)";
}

void Filter::define(ComponentBuilder& b) const {
  using namespace filter;
  const std::string analog_name = b.choice("analog_filter", {"CriticalDamping", "Bessel", "Butterworth", "ChebyshevI"},
                                           "CriticalDamping", "Analog characteristic of the prototype low pass");
  const std::string kind_name = b.choice("filter_type", {"LowPass", "HighPass", "BandPass", "BandStop"}, "LowPass",
                                         "Type of filter");
  const ParameterCheck integer_order = [](double v) -> std::optional<std::string> {
    if (v >= 1.0 && v == std::floor(v) && v <= kMaxOrder) return std::nullopt;
    return "must be an integer from 1 to " + std::to_string(kMaxOrder);
  };
  const int order = static_cast<int>(b.parameter_value("order", "1", 2.0, "Order of the filter", integer_order));
  const double f_cut = b.parameter_value("f_cut", "Hz", 1.0, "Cut-off frequency (a band's upper edge)", positive());
  const Expr gain = b.parameter("gain", "1", 1.0, "Gain (the amplitude of the pass band)");
  const double ripple = b.parameter_value("A_ripple", "1", 0.5, "Pass band ripple of a ChebyshevI filter in dB", positive());
  const double f_min = b.parameter_value("f_min", "Hz", 0.0, "Lower edge of the band of a band pass or band stop",
                                         non_negative());
  const bool normalized = b.flag("normalized", true, "true: the amplitude at f_cut is -3 dB; false: the unmodified prototype");
  const std::string init =
      b.choice("init", {"steady_state", "initial_state", "initial_output"}, "steady_state",
               "How the states start: steady_state (der(x) = 0), initial_state (the netlist's initial values, else 0) "
               "or initial_output (y = y_start, der(x[1..nx-1]) = 0)");
  const Expr y_start = b.parameter("y_start", "1", 0.0, "Output at the start time (initial_output)");
  const Expr u_nominal = b.parameter("u_nominal", "1", 1.0, "Nominal value of the input (the states are u/u_nominal)",
                                     positive());
  const Expr u = b.input("u", "1", "Input signal");
  const Expr y = b.output("y", "1", "Output signal");

  const Analog analog = analog_name == "Bessel"        ? Analog::Bessel
                        : analog_name == "Butterworth" ? Analog::Butterworth
                        : analog_name == "ChebyshevI"  ? Analog::ChebyshevI
                                                       : Analog::CriticalDamping;
  const Kind kind = kind_name == "HighPass"   ? Kind::HighPass
                    : kind_name == "BandPass" ? Kind::BandPass
                    : kind_name == "BandStop" ? Kind::BandStop
                                              : Kind::LowPass;
  std::vector<Section> parts;
  try {
    const Prototype p = prototype(analog, order, ripple, normalized);
    parts = sections(p, kind, f_cut, f_min);
  } catch (const FilterError& e) {
    b.fail(e.parameter(), e.what());
  }

  const bool steady = init == "steady_state";
  const bool from_output = init == "initial_output";
  std::size_t nx = 0;
  for (const Section& s : parts) nx += s.second_order ? 2 : 1;
  std::optional<Expr> v_start;  // the first section's input at the start time
  if (steady) v_start = b.initial_parameter("u_start", "1", "Input at the start time", u) / u_nominal;
  std::size_t index = 0;
  // A new state x[index]: its variable, and what der() applies to (its deviation from the steady
  // start for steady_state). `steady_value` is its steady value per unit of the section's input.
  const auto state = [&](double steady_value, const Expr& input_start) -> std::pair<Expr, Expr> {
    ++index;
    const std::string name = "[" + std::to_string(index) + "]";
    const Expr x = b.variable("x" + name, "1", "Filter state " + std::to_string(index));
    if (!steady) return {x, x};
    const Expr dev = b.variable("x_dev" + name, "1", "x" + name + " − its steady start: the state, 0 at the start");
    b.equation(x - (steady_value * input_start + dev), "state from its deviation from the steady start");
    return {x, dev};
  };

  // What der() applies to for state x[i] whose rate is `rate`: for initial_output, its deviation
  // from a start fixed by der(x[i]) = 0, or for the last state by y = y_start.
  const auto integrated = [&](const Expr& x, const Expr& d, const Expr& rate, std::size_t i) -> Expr {
    if (!from_output) return d;
    return conditioned_state(b, x, "x", "1", i == nx ? y - y_start : rate, "[" + std::to_string(i) + "]");
  };
  Expr v = u / u_nominal;
  Expr v_at_start = steady ? *v_start : Expr(0.0);
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const Section& s = parts[k];
    const std::string section = " (section " + std::to_string(k + 1) + ")";
    const std::vector<double> steady_states = s.steady_states();
    if (!s.second_order) {
      const auto [x, d] = state(steady_states[0], v_at_start);
      const Expr rate = s.r * (x - v);
      b.equation(der(integrated(x, d, rate, index)) - rate, "first-order section" + section);
      v = s.k1 * x + s.dv * v;
    } else {
      const auto [x1, d1] = state(steady_states[0], v_at_start);
      const auto [x2, d2] = state(steady_states[1], v_at_start);
      const Expr rate1 = s.a * x1 - s.b * x2 + s.ku * v, rate2 = s.b * x1 + s.a * x2;
      b.equation(der(integrated(x1, d1, rate1, index - 1)) - rate1, "second-order section, first state" + section);
      b.equation(der(integrated(x2, d2, rate2, index)) - rate2, "second-order section, second state" + section);
      v = s.k1 * x1 + s.k2 * x2 + s.dv * v;
    }
    v_at_start = s.dc_gain() * v_at_start;
  }
  b.equation(y - gain * u_nominal * v, "output");
}

}  // namespace acausal::signal_components
