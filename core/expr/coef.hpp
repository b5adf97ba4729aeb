#pragma once
/// @file
/// A number of a model together with where it came from.
///
/// A model's numbers are folded while it is built: `c·d` of two parameters becomes one constant,
/// an alias elimination multiplies coefficients, a solved unknown divides by one. A tunable
/// parameter (one a compiled model may change without a rebuild) enters as a Coef that remembers
/// its step in the building context's parameter trace (parameter_trace.hpp); arithmetic on such
/// numbers records its own steps, so a run replays the trace with new parameter values and gets
/// every number the build computed from them. A literal (trace 0) costs what a double costs.
///
/// There is no conversion back to double: code reads `value` where it only computes with it, and
/// decides through Expr::constant_value() (which guards a traced constant to keep its value) or the
/// literal tests below (a traced number is never a structural 0 or 1); a division guards its divisor
/// to stay nonzero (parameter_trace.hpp).

#include <cstdint>

namespace acausal {

/// The operations of a parameter trace.
enum class TraceCode : std::uint8_t {
  Literal,
  Parameter,
  Add,
  Sub,
  Mul,
  Div,
  Neg,
  Pow,
  Sqrt,
  Exp,
  Log,
  Sin,
  Cos,
  Tan,
  Asin,
  Acos,
  Atan,
  Tanh,
  Abs,
  Sign,
  Atan2,
  Min,
  Max,
  Less,
  LessEqual,
  Greater,
  GreaterEqual,
};

/// What a guard asks of a traced value in every run.
enum class GuardKind : std::uint8_t {
  Exact,    ///< the value the build saw (the build read it as a number)
  Nonzero,  ///< not zero (the build divided by it)
};

struct Coef {
  double value = 0.0;
  std::uint32_t trace = 0;  ///< the step in the current context's parameter trace; 0: a literal

  Coef() = default;
  constexpr Coef(double v) : value(v) {}  // NOLINT(google-explicit-constructor): literals mix in
  constexpr Coef(double v, std::uint32_t step) : value(v), trace(step) {}

  bool traced() const { return trace != 0; }
  /// A literal zero (a traced value is never structurally zero: the run may change it).
  bool is_zero() const { return trace == 0 && value == 0.0; }
  /// A literal one.
  bool is_one() const { return trace == 0 && value == 1.0; }
};

namespace detail {
/// The traced result of `code` on a (and b): a new step of the current context's trace.
Coef traced_apply(TraceCode code, Coef a, Coef b, double value);
}

/// The value of `code` on a (and b for the binary ones); traced when an operand is.
Coef apply(TraceCode code, Coef a, Coef b = Coef());

inline Coef operator+(Coef a, Coef b) {
  if (a.trace == 0 && b.trace == 0) return Coef(a.value + b.value);
  if (b.is_zero()) return a;
  if (a.is_zero()) return b;
  return detail::traced_apply(TraceCode::Add, a, b, a.value + b.value);
}
inline Coef operator-(Coef a, Coef b) {
  if (a.trace == 0 && b.trace == 0) return Coef(a.value - b.value);
  if (b.is_zero()) return a;
  if (a.trace == b.trace) return Coef(0.0);  // one step minus itself
  return detail::traced_apply(TraceCode::Sub, a, b, a.value - b.value);
}
inline Coef operator*(Coef a, Coef b) {
  if (a.trace == 0 && b.trace == 0) return Coef(a.value * b.value);
  if (a.is_one()) return b;
  if (b.is_one()) return a;
  if (a.is_zero() || b.is_zero()) return Coef(0.0);
  return detail::traced_apply(TraceCode::Mul, a, b, a.value * b.value);
}
inline Coef operator/(Coef a, Coef b) {
  if (a.trace == 0 && b.trace == 0) return Coef(a.value / b.value);
  if (b.is_one()) return a;
  return detail::traced_apply(TraceCode::Div, a, b, a.value / b.value);
}
inline Coef operator-(Coef a) {
  if (a.trace == 0) return Coef(-a.value);
  return detail::traced_apply(TraceCode::Neg, a, Coef(), -a.value);
}
inline Coef& operator+=(Coef& a, Coef b) { return a = a + b; }
inline Coef& operator-=(Coef& a, Coef b) { return a = a - b; }
inline Coef& operator*=(Coef& a, Coef b) { return a = a * b; }
inline Coef& operator/=(Coef& a, Coef b) { return a = a / b; }

}  // namespace acausal
