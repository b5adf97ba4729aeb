// Micro-benchmark: compiled Tape / JacobianTape against hand-written C++ for the implicit DAE
// residual of a translational mass-spring-damper chain (see bench/README.md).
//
// Chain of N masses, mass 0 attached to a fixed wall at position 0, mass N-1 free. Unknowns
// y = [x_0, v_0, ..., x_{N-1}, v_{N-1}], parameters p = [c, d, L, m_0, ..., m_{N-1}]. With
// x_{-1} = v_{-1} = 0 (the wall) and, for the last mass, no right-hand element:
//   F_{2i}   = der(x_i) - v_i
//   F_{2i+1} = m_i*der(v_i) - (c*(x_{i+1} - x_i - L) - c*(x_i - x_{i-1} - L)
//                              + d*(v_{i+1} - v_i) - d*(v_i - v_{i-1}))

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/expr/expr.hpp"
#include "core/expr/jacobian_tape.hpp"
#include "core/expr/tape.hpp"

namespace {

using acausal::Expr;
using acausal::InputKind;
using acausal::InputSlot;
using Clock = std::chrono::steady_clock;

constexpr std::size_t kMasses = 5000;
constexpr std::size_t kEquations = 2 * kMasses;
constexpr std::size_t kParameters = 3 + kMasses;  // c, d, L, m_0 .. m_{N-1}
constexpr int kRounds = 7;
constexpr int kSlices = 10;  // alternations per round
constexpr double kSecondsPerRound = 0.2;  // per variant and round

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// ---------------------------------------------------------------------------------------------
// Symbolic model

struct SymbolicChain {
  std::vector<Expr> residuals;
  std::unordered_map<Expr, InputSlot, acausal::ExprHash> slots;
};

SymbolicChain build_symbolic(std::size_t n) {
  SymbolicChain s;
  auto input = [&s](const Expr& e, InputKind kind, std::size_t index) {
    s.slots.emplace(e, InputSlot{kind, static_cast<std::uint32_t>(index)});
  };
  std::vector<Expr> x(n), v(n), m(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::string name = "mass" + std::to_string(i + 1);
    x[i] = Expr::variable(name + ".x");
    v[i] = Expr::variable(name + ".v");
    m[i] = Expr::parameter(name + ".m");
    input(x[i], InputKind::Y, 2 * i);
    input(v[i], InputKind::Y, 2 * i + 1);
    input(acausal::der(x[i]), InputKind::YP, 2 * i);
    input(acausal::der(v[i]), InputKind::YP, 2 * i + 1);
    input(m[i], InputKind::P, 3 + i);
  }
  const Expr c = Expr::parameter("c");
  const Expr d = Expr::parameter("d");
  const Expr L = Expr::parameter("L");
  input(c, InputKind::P, 0);
  input(d, InputKind::P, 1);
  input(L, InputKind::P, 2);

  s.residuals.reserve(2 * n);
  for (std::size_t i = 0; i < n; ++i) {
    const Expr x_left = i == 0 ? Expr(0.0) : x[i - 1];  // the wall
    const Expr v_left = i == 0 ? Expr(0.0) : v[i - 1];
    Expr force = -c * (x[i] - x_left - L) - d * (v[i] - v_left);
    if (i + 1 < n) force = c * (x[i + 1] - x[i] - L) - c * (x[i] - x_left - L) +
                           d * (v[i + 1] - v[i]) - d * (v[i] - v_left);
    s.residuals.push_back(acausal::der(x[i]) - v[i]);
    s.residuals.push_back(m[i] * acausal::der(v[i]) - force);
  }
  return s;
}

// ---------------------------------------------------------------------------------------------
// Hand-written baselines (noinline, like the out-of-line Tape::evaluate, so neither can be folded
// into the timing loop)

[[gnu::noinline]] void hand_residual(std::size_t n, const double* y, const double* yp, const double* p,
                                     double* out) {
  const double c = p[0];
  const double d = p[1];
  const double L = p[2];
  const double* m = p + 3;
  // Force of the element to the left of mass i on mass i: c*(x_i - x_{i-1} - L) + d*(v_i - v_{i-1}).
  double left = c * (y[0] - L) + d * y[1];
  for (std::size_t i = 0; i < n; ++i) {
    const double xi = y[2 * i];
    const double vi = y[2 * i + 1];
    double right = 0.0;
    if (i + 1 < n) right = c * (y[2 * i + 2] - xi - L) + d * (y[2 * i + 3] - vi);
    out[2 * i] = yp[2 * i] - vi;
    out[2 * i + 1] = m[i] * yp[2 * i + 1] - (right - left);
    left = right;
  }
}

acausal::SparsityPattern hand_pattern(std::size_t n) {
  acausal::SparsityPattern pat;
  pat.rows = 2 * n;
  pat.cols = 2 * n;
  pat.col_start.push_back(0);
  auto row = [&pat](std::size_t r) { pat.row_index.push_back(static_cast<std::int64_t>(r)); };
  for (std::size_t k = 0; k < n; ++k) {
    for (int column = 0; column < 2; ++column) {  // x_k, then v_k: the same rows
      if (k > 0) row(2 * k - 1);                  // mass k-1 (its right element)
      row(2 * k);                                 // der(x_k) - v_k
      row(2 * k + 1);                             // mass k
      if (k + 1 < n) row(2 * k + 3);              // mass k+1 (its left element)
      pat.col_start.push_back(static_cast<std::int64_t>(pat.row_index.size()));
    }
  }
  return pat;
}

/// Values of dF/dy + cj*dF/dyp in the order of hand_pattern().
[[gnu::noinline]] void hand_jacobian(std::size_t n, const double* p, double cj, double* values) {
  const double c = p[0];
  const double d = p[1];
  const double* m = p + 3;
  double* o = values;
  for (std::size_t k = 0; k < n; ++k) {
    const bool first = k == 0;
    const bool last = k + 1 == n;
    // column x_k
    if (!first) *o++ = -c;
    *o++ = cj;
    *o++ = last ? c : 2.0 * c;
    if (!last) *o++ = -c;
    // column v_k
    if (!first) *o++ = -d;
    *o++ = -1.0;
    *o++ = (last ? d : 2.0 * d) + cj * m[k];
    if (!last) *o++ = -d;
  }
}

// ---------------------------------------------------------------------------------------------
// Timing

/// Seconds per call of f(rep) over `reps` calls.
template <class F>
double time_reps(F& f, std::size_t reps) {
  const Clock::time_point start = Clock::now();
  for (std::size_t r = 0; r < reps; ++r) f(r);
  return seconds_since(start) / static_cast<double>(reps);
}

/// Number of calls that take about kSecondsPerRound.
template <class F>
std::size_t calibrate(F& f) {
  std::size_t reps = 1;
  for (;;) {
    const Clock::time_point start = Clock::now();
    for (std::size_t r = 0; r < reps; ++r) f(r);
    const double elapsed = seconds_since(start);
    if (elapsed > 0.02) {
      const double per_call = elapsed / static_cast<double>(reps);
      return std::max<std::size_t>(1, static_cast<std::size_t>(kSecondsPerRound / per_call));
    }
    reps *= 4;
  }
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t h = v.size() / 2;
  return v.size() % 2 ? v[h] : 0.5 * (v[h - 1] + v[h]);
}

struct Comparison {
  double tape = 0.0;   // median seconds per evaluation
  double hand = 0.0;
  double ratio = 0.0;  // median over rounds of tape/hand
  double spread_lo = 0.0, spread_hi = 0.0;  // min and max round ratio
};

/// Interleaved rounds: each round alternates kSlices short blocks of each variant (which one goes
/// first alternates too), so slow drifts of the shared machine hit both alike. Reports the median
/// per-evaluation times and the median of the per-round ratios.
template <class T, class H>
Comparison compare(T& tape, H& hand) {
  const std::size_t tape_reps = std::max<std::size_t>(1, calibrate(tape) / kSlices);
  const std::size_t hand_reps = std::max<std::size_t>(1, calibrate(hand) / kSlices);
  std::vector<double> t, h, ratio;
  for (int round = 0; round < kRounds; ++round) {
    double tt = 0.0;
    double th = 0.0;
    for (int slice = 0; slice < kSlices; ++slice) {
      if ((round + slice) % 2 == 0) {
        tt += time_reps(tape, tape_reps);
        th += time_reps(hand, hand_reps);
      } else {
        th += time_reps(hand, hand_reps);
        tt += time_reps(tape, tape_reps);
      }
    }
    t.push_back(tt / kSlices);
    h.push_back(th / kSlices);
    ratio.push_back(tt / th);
  }
  Comparison c;
  c.tape = median(t);
  c.hand = median(h);
  c.ratio = median(ratio);
  c.spread_lo = *std::min_element(ratio.begin(), ratio.end());
  c.spread_hi = *std::max_element(ratio.begin(), ratio.end());
  return c;
}

}  // namespace

int main(int argc, char** argv) {
  // Optional: `profile-residual` or `profile-jacobian` evaluates only that tape, about 3 s long,
  // for perf / callgrind.
  const std::string mode = argc > 1 ? argv[1] : "";
  const std::size_t n = kMasses;
  std::printf("tape_chain_bench: mass-spring-damper chain, N = %zu masses, %zu equations\n\n", n, kEquations);

  // --- setup -------------------------------------------------------------------------------
  Clock::time_point start = Clock::now();
  SymbolicChain chain = build_symbolic(n);
  const double t_build = seconds_since(start);
  const acausal::InputMap inputs = [&chain](const Expr& leaf) -> std::optional<InputSlot> {
    auto it = chain.slots.find(leaf);
    if (it == chain.slots.end()) return std::nullopt;
    return it->second;
  };

  start = Clock::now();
  acausal::Tape tape(chain.residuals, inputs);
  const double t_tape = seconds_since(start);

  start = Clock::now();
  acausal::JacobianTape jac(chain.residuals, inputs, kEquations);
  const double t_jac = seconds_since(start);

  // The JacobianTape's inner tape is private; an identical one tells its instruction count.
  const std::size_t nnz = jac.pattern().nonzeros();
  std::vector<Expr> partials;
  partials.reserve(2 * nnz);
  for (std::size_t k = 0; k < nnz; ++k) partials.push_back(jac.dy(k));
  for (std::size_t k = 0; k < nnz; ++k) partials.push_back(jac.dyp(k));
  const acausal::Tape partials_tape(partials, inputs);

  // --- random point ------------------------------------------------------------------------
  std::mt19937_64 rng(20261121);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::vector<double> p(kParameters);
  p[0] = 150.0;  // c
  p[1] = 0.7;    // d
  p[2] = 0.1;    // L
  for (std::size_t i = 0; i < n; ++i) p[3 + i] = 1.5 + 0.5 * unit(rng);
  std::vector<double> y(kEquations), yp(kEquations);
  for (std::size_t i = 0; i < n; ++i) {
    y[2 * i] = static_cast<double>(i + 1) * p[2] + 0.01 * unit(rng);
    y[2 * i + 1] = unit(rng);
    yp[2 * i] = unit(rng);
    yp[2 * i + 1] = 10.0 * unit(rng);
  }
  const double cj = 123.456;
  acausal::TapeInputs in;
  in.y = y.data();
  in.yp = yp.data();
  in.p = p.data();

  // --- correctness -------------------------------------------------------------------------
  std::vector<double> f_tape(kEquations), f_hand(kEquations);
  tape.evaluate(in, f_tape.data());
  hand_residual(n, y.data(), yp.data(), p.data(), f_hand.data());
  double res_diff = 0.0;
  double res_scale = 0.0;
  for (std::size_t k = 0; k < kEquations; ++k) {
    res_diff = std::max(res_diff, std::fabs(f_tape[k] - f_hand[k]));
    res_scale = std::max(res_scale, std::fabs(f_hand[k]));
  }

  const acausal::SparsityPattern pat = hand_pattern(n);
  const bool same_pattern = pat.rows == jac.pattern().rows && pat.cols == jac.pattern().cols &&
                            pat.col_start == jac.pattern().col_start &&
                            pat.row_index == jac.pattern().row_index;
  std::vector<double> j_tape(nnz), j_hand(pat.nonzeros());
  jac.evaluate(in, cj, j_tape.data());
  hand_jacobian(n, p.data(), cj, j_hand.data());
  double jac_diff = 0.0;
  if (same_pattern)
    for (std::size_t k = 0; k < nnz; ++k) jac_diff = std::max(jac_diff, std::fabs(j_tape[k] - j_hand[k]));

  std::printf("check\n");
  std::printf("  residual   max |tape - hand| = %.3g   (max |F| = %.3g)\n", res_diff, res_scale);
  std::printf("  jacobian   pattern %s (nnz %zu), max |tape - hand| = %.3g\n",
              same_pattern ? "identical" : "DIFFERENT", nnz, jac_diff);
  if (res_diff > 1e-9 * std::max(1.0, res_scale) || !same_pattern || jac_diff > 1e-9) {
    std::printf("MISMATCH: not timing\n");
    return 1;
  }

  // --- timing ------------------------------------------------------------------------------
  // Each call adds one output to a checksum, so neither loop can be dropped.
  double checksum = 0.0;
  acausal::Tape::Workspace tape_work = tape.workspace();
  acausal::JacobianTape::Workspace jac_work = jac.workspace();
  if (mode == "profile-residual" || mode == "profile-jacobian") {
    const std::size_t reps = mode == "profile-residual" ? 20000 : 40000;
    for (std::size_t r = 0; r < reps; ++r) {
      if (mode == "profile-residual") {
        tape.evaluate(in, f_tape.data(), nullptr, tape_work);
        checksum += f_tape[r % kEquations];
      } else {
        jac.evaluate(in, cj, j_tape.data(), nullptr, jac_work);
        checksum += j_tape[r % nnz];
      }
    }
    std::printf("\n%s: %zu evaluations, checksum %.17g\n", mode.c_str(), reps, checksum);
    return 0;
  }
  auto tape_res = [&](std::size_t r) {
    tape.evaluate(in, f_tape.data(), nullptr, tape_work);
    checksum += f_tape[r % kEquations];
  };
  auto hand_res = [&](std::size_t r) {
    hand_residual(n, y.data(), yp.data(), p.data(), f_hand.data());
    checksum += f_hand[r % kEquations];
  };
  auto tape_jac = [&](std::size_t r) {
    jac.evaluate(in, cj, j_tape.data(), nullptr, jac_work);
    checksum += j_tape[r % nnz];
  };
  auto hand_jac = [&](std::size_t r) {
    hand_jacobian(n, p.data(), cj, j_hand.data());
    checksum += j_hand[r % nnz];
  };
  const Comparison res = compare(tape_res, hand_res);
  const Comparison jc = compare(tape_jac, hand_jac);

  std::printf("\nsetup\n");
  std::printf("  build symbolic residual   %9.2f ms\n", 1e3 * t_build);
  std::printf("  compile Tape              %9.2f ms   %zu instructions\n", 1e3 * t_tape,
              tape.instruction_count());
  std::printf("  compile JacobianTape      %9.2f ms   %zu instructions, %zu nonzeros\n", 1e3 * t_jac,
              partials_tape.instruction_count(), nnz);

  std::printf("\nper evaluation (median of %d interleaved rounds, ~%.1f s per variant and round)\n", kRounds,
              kSecondsPerRound);
  std::printf("              tape [us]   hand [us]   tape/hand   (round min..max)\n");
  std::printf("  residual   %9.2f   %9.2f   %9.2f   (%.2f..%.2f)\n", 1e6 * res.tape, 1e6 * res.hand,
              res.ratio, res.spread_lo, res.spread_hi);
  std::printf("  jacobian   %9.2f   %9.2f   %9.2f   (%.2f..%.2f)\n", 1e6 * jc.tape, 1e6 * jc.hand, jc.ratio,
              jc.spread_lo, jc.spread_hi);
  std::printf("  tape residual: %.2f ns per instruction; tape jacobian: %.2f ns per nonzero\n",
              1e9 * res.tape / static_cast<double>(tape.instruction_count()),
              1e9 * jc.tape / static_cast<double>(nnz));
  std::printf("\nchecksum %.17g\n", checksum);
  return 0;
}
