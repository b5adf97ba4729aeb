// Our N_Vector operations (solver/fast_nvector.hpp) against the stock serial ones, operation by
// operation, and IDA with each on the same DAE.

#include "solver/fast_nvector.hpp"

#include <doctest/doctest.h>
#include <idas/idas.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

using namespace acausal;

namespace {

struct Context {
  SUNContext ctx = nullptr;
  Context() { REQUIRE(SUNContext_Create(nullptr, &ctx) == 0); }
  ~Context() { SUNContext_Free(&ctx); }
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;
};

const std::vector<std::size_t> kLengths{0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 100, 1001, 4099};

/// How the values of a pool vector are drawn.
enum class Fill {
  Values,       // uniform in [-2, 2], every seventh 0
  Constraints,  // 0, ±1, ±2 (N_VConstrMask's constraint codes)
  Mask,         // 1 or 0, with a few −1 and 0.5 (IDA's id vector holds 1 and 0)
  Positive,     // uniform in [0.5, 3] (weights)
};

/// Vectors of one length in two copies with the same values: stock serial ones, and ones with our
/// operations. An operation is applied to both copies of the vectors it names by index (the same
/// index twice is the same vector: aliasing), and then every vector is compared.
class Pool {
 public:
  Pool(SUNContext ctx, std::size_t n, const std::vector<Fill>& fills, unsigned seed) : n_(n) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> value(-2.0, 2.0), weight(0.5, 3.0);
    std::uniform_int_distribution<int> code(-2, 2), pick(0, 9);
    for (Fill f : fills) {
      N_Vector s = N_VNew_Serial(static_cast<sunindextype>(n), ctx);
      N_Vector q = N_VNew_Serial(static_cast<sunindextype>(n), ctx);
      use_fast_vector_ops(q);
      for (std::size_t i = 0; i < n; ++i) {
        double v = 0.0;
        switch (f) {
          case Fill::Values: v = i % 7 == 3 ? 0.0 : value(rng); break;
          case Fill::Constraints: v = code(rng); break;
          case Fill::Mask: {
            const int p = pick(rng);
            v = p < 6 ? 1.0 : p < 8 ? 0.0 : p < 9 ? -1.0 : 0.5;
            break;
          }
          case Fill::Positive: v = weight(rng); break;
        }
        N_VGetArrayPointer(s)[i] = v;
        N_VGetArrayPointer(q)[i] = v;
      }
      stock_.push_back(s);
      fast_.push_back(q);
    }
  }
  ~Pool() {
    for (N_Vector v : stock_) N_VDestroy(v);
    for (N_Vector v : fast_) N_VDestroy(v);
  }
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;

  std::size_t n() const { return n_; }
  N_Vector stock(std::size_t k) const { return stock_[k]; }
  N_Vector fast(std::size_t k) const { return fast_[k]; }
  std::vector<N_Vector> stock(const std::vector<std::size_t>& ks) const { return pick(stock_, ks); }
  std::vector<N_Vector> fast(const std::vector<std::size_t>& ks) const { return pick(fast_, ks); }

  /// Every element of every vector the same in both copies: same bits, or both NaN.
  void check_same(const std::string& what) const {
    for (std::size_t k = 0; k < stock_.size(); ++k)
      for (std::size_t i = 0; i < n_; ++i) {
        const double a = N_VGetArrayPointer(stock_[k])[i], b = N_VGetArrayPointer(fast_[k])[i];
        const bool same = (std::isnan(a) && std::isnan(b)) || (a == b && std::signbit(a) == std::signbit(b));
        if (!same) {
          FAIL_CHECK(what << ", n = " << n_ << ": vector " << k << "[" << i << "] stock " << a << ", ours " << b);
          return;
        }
      }
  }

 private:
  static std::vector<N_Vector> pick(const std::vector<N_Vector>& from, const std::vector<std::size_t>& ks) {
    std::vector<N_Vector> out;
    for (std::size_t k : ks) out.push_back(from[k]);
    return out;
  }
  std::size_t n_;
  std::vector<N_Vector> stock_, fast_;
};

constexpr double kEps = std::numeric_limits<double>::epsilon();

/// A sum of n terms added in another order: both are within (n − 1)·ε·Σ|terms| of the exact sum.
void check_sum(const std::string& what, std::size_t n, double stock, double ours, double abs_terms) {
  INFO(what << ", n = " << n << ": stock " << stock << ", ours " << ours);
  if (std::isnan(stock)) {
    CHECK(std::isnan(ours));
    return;
  }
  CHECK(std::fabs(stock - ours) <= 2.0 * static_cast<double>(n) * kEps * abs_terms);
}

/// Exactly the same double (or both NaN).
void check_exact(const std::string& what, double stock, double ours) {
  INFO(what << ": stock " << stock << ", ours " << ours);
  CHECK(((std::isnan(stock) && std::isnan(ours)) || stock == ours));
}

const std::vector<std::pair<double, double>> kCoefficients{
    {1.0, 1.0}, {1.0, -1.0}, {-1.0, 1.0}, {-1.0, -1.0}, {2.5, 1.0},  {1.0, -0.3}, {-1.0, 0.3},
    {0.7, -1.0}, {0.5, 0.5}, {0.5, -0.5}, {0.3, 0.3}, {-0.7, 0.7}, {-0.3, 0.7}, {0.0, 0.4},  {0.4, 0.0},  {0.0, 0.0}};

// (x, y, z) index triples: distinct, z = x, z = y, x = y, x = y = z.
const std::vector<std::array<std::size_t, 3>> kAliasing{{0, 1, 2}, {0, 1, 0}, {0, 1, 1}, {0, 0, 2}, {0, 0, 0}};

}  // namespace

TEST_CASE("fast N_Vector ops: the stock serial vector leaves the fused and array operations unset") {
  // The reference of the fused tests below is then SUNDIALS' generic fallback (N_VScale and
  // N_VLinearSum), which is what IDA runs with the stock vector.
  Context c;
  N_Vector v = N_VNew_Serial(4, c.ctx);
  CHECK_FALSE(static_cast<bool>(v->ops->nvlinearcombination));
  CHECK_FALSE(static_cast<bool>(v->ops->nvscaleaddmulti));
  CHECK_FALSE(static_cast<bool>(v->ops->nvscalevectorarray));
  CHECK_FALSE(static_cast<bool>(v->ops->nvlinearsumvectorarray));
  CHECK_FALSE(has_fast_vector_ops(v));
  use_fast_vector_ops(v);
  CHECK(has_fast_vector_ops(v));
  N_Vector w = N_VClone(v);  // IDA's work vectors are clones of the vectors it is given
  CHECK(has_fast_vector_ops(w));
  CHECK(N_VGetVectorID(w) == SUNDIALS_NVEC_SERIAL);
  CHECK(N_VGetLength(w) == 4);
  N_VDestroy(w);
  N_VDestroy(v);
}

TEST_CASE("fast N_Vector ops: element-wise operations give the stock results bit for bit") {
  Context c;
  for (std::size_t n : kLengths) {
    const std::vector<Fill> fills{Fill::Values, Fill::Values, Fill::Values};
    unsigned seed = 1;
    for (auto [a, b] : kCoefficients)
      for (const auto& xyz : kAliasing) {
        Pool p(c.ctx, n, fills, seed++);
        N_VLinearSum(a, p.stock(xyz[0]), b, p.stock(xyz[1]), p.stock(xyz[2]));
        N_VLinearSum(a, p.fast(xyz[0]), b, p.fast(xyz[1]), p.fast(xyz[2]));
        p.check_same("N_VLinearSum(" + std::to_string(a) + ", " + std::to_string(b) + ") aliasing " +
                     std::to_string(xyz[0]) + std::to_string(xyz[1]) + std::to_string(xyz[2]));
      }
    for (const auto& xyz : kAliasing) {
      Pool p(c.ctx, n, fills, seed++);
      N_VProd(p.stock(xyz[0]), p.stock(xyz[1]), p.stock(xyz[2]));
      N_VProd(p.fast(xyz[0]), p.fast(xyz[1]), p.fast(xyz[2]));
      N_VDiv(p.stock(xyz[1]), p.stock(xyz[0]), p.stock(xyz[2]));  // zeros in the divisor: ±inf, NaN
      N_VDiv(p.fast(xyz[1]), p.fast(xyz[0]), p.fast(xyz[2]));
      p.check_same("N_VProd, N_VDiv");
    }
    for (std::size_t z : {std::size_t{0}, std::size_t{1}}) {
      for (double k : {1.0, -1.0, 0.3, 0.0}) {
        Pool p(c.ctx, n, fills, seed++);
        N_VScale(k, p.stock(0), p.stock(z));
        N_VScale(k, p.fast(0), p.fast(z));
        p.check_same("N_VScale(" + std::to_string(k) + ")");
      }
      Pool p(c.ctx, n, fills, seed++);
      N_VAbs(p.stock(0), p.stock(z));
      N_VAbs(p.fast(0), p.fast(z));
      N_VInv(p.stock(1), p.stock(2 - z));
      N_VInv(p.fast(1), p.fast(2 - z));
      N_VAddConst(p.stock(2 - z), 0.25, p.stock(z));
      N_VAddConst(p.fast(2 - z), 0.25, p.fast(z));
      N_VCompare(0.5, p.stock(2), p.stock(z));
      N_VCompare(0.5, p.fast(2), p.fast(z));
      p.check_same("N_VAbs, N_VInv, N_VAddConst, N_VCompare");
    }
    Pool p(c.ctx, n, fills, seed++);
    N_VConst(-0.75, p.stock(1));
    N_VConst(-0.75, p.fast(1));
    p.check_same("N_VConst");
  }
}

TEST_CASE("fast N_Vector ops: tests, masks and quotients give the stock results") {
  Context c;
  unsigned seed = 100;
  for (std::size_t n : kLengths) {
    // 0: values with zeros, 1: constraint codes, 2: output, 3: values with zeros
    Pool p(c.ctx, n, {Fill::Values, Fill::Constraints, Fill::Values, Fill::Values}, seed++);
    CHECK(N_VInvTest(p.stock(0), p.stock(2)) == N_VInvTest(p.fast(0), p.fast(2)));
    p.check_same("N_VInvTest");
    CHECK(N_VConstrMask(p.stock(1), p.stock(0), p.stock(2)) == N_VConstrMask(p.fast(1), p.fast(0), p.fast(2)));
    p.check_same("N_VConstrMask");
    check_exact("N_VMinQuotient", N_VMinQuotient(p.stock(3), p.stock(0)), N_VMinQuotient(p.fast(3), p.fast(0)));
    check_exact("N_VMaxNorm", N_VMaxNorm(p.stock(0)), N_VMaxNorm(p.fast(0)));
    if (n > 0) check_exact("N_VMin", N_VMin(p.stock(3)), N_VMin(p.fast(3)));  // stock reads x[0] of nothing
    // Every denominator zero: the largest double; no violated constraint: true.
    N_VConst(0.0, p.stock(2));
    N_VConst(0.0, p.fast(2));
    check_exact("N_VMinQuotient by zeros", N_VMinQuotient(p.stock(3), p.stock(2)), N_VMinQuotient(p.fast(3), p.fast(2)));
    CHECK(N_VMinQuotient(p.fast(3), p.fast(2)) == SUN_BIG_REAL);
    N_VAbs(p.stock(0), p.stock(3));
    N_VAbs(p.fast(0), p.fast(3));
    N_VAddConst(p.stock(3), 1.0, p.stock(3));
    N_VAddConst(p.fast(3), 1.0, p.fast(3));
    N_VAbs(p.stock(1), p.stock(0));
    N_VAbs(p.fast(1), p.fast(0));
    CHECK(N_VConstrMask(p.stock(0), p.stock(3), p.stock(2)) == N_VConstrMask(p.fast(0), p.fast(3), p.fast(2)));
    CHECK(N_VConstrMask(p.fast(0), p.fast(3), p.fast(2)) == SUNTRUE);
    CHECK(N_VInvTest(p.stock(3), p.stock(2)) == N_VInvTest(p.fast(3), p.fast(2)));
    p.check_same("N_VConstrMask, N_VInvTest without violations or zeros");
    // The local variants are the same loops.
    CHECK(N_VInvTestLocal(p.stock(1), p.stock(2)) == N_VInvTestLocal(p.fast(1), p.fast(2)));
    CHECK(N_VConstrMaskLocal(p.stock(1), p.stock(3), p.stock(2)) == N_VConstrMaskLocal(p.fast(1), p.fast(3), p.fast(2)));
    check_exact("N_VMinQuotientLocal", N_VMinQuotientLocal(p.stock(1), p.stock(3)), N_VMinQuotientLocal(p.fast(1), p.fast(3)));
    check_exact("N_VMaxNormLocal", N_VMaxNormLocal(p.stock(1)), N_VMaxNormLocal(p.fast(1)));
    if (n > 0) check_exact("N_VMinLocal", N_VMinLocal(p.stock(1)), N_VMinLocal(p.fast(1)));
    p.check_same("the local tests");
  }
}

TEST_CASE("fast N_Vector ops: norms and dot products agree with the stock ones to rounding") {
  Context c;
  unsigned seed = 200;
  for (std::size_t n : kLengths) {
    // 0, 1: values, 2: weights, 3: mask
    Pool p(c.ctx, n, {Fill::Values, Fill::Values, Fill::Positive, Fill::Mask}, seed++);
    const double* x = N_VGetArrayPointer(p.stock(0));
    const double* y = N_VGetArrayPointer(p.stock(1));
    const double* w = N_VGetArrayPointer(p.stock(2));
    const double* id = N_VGetArrayPointer(p.stock(3));
    double squares = 0.0, masked = 0.0, products = 0.0, absolute = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
      squares += x[i] * w[i] * x[i] * w[i];
      masked += id[i] > 0.0 ? x[i] * w[i] * x[i] * w[i] : 0.0;
      products += std::fabs(x[i] * y[i]);
      absolute += std::fabs(x[i]);
    }
    const double dn = std::max<double>(1.0, static_cast<double>(n));
    // A relative error δ in the mean square is δ/2 in its root.
    check_sum("N_VWrmsNorm²", n, std::pow(N_VWrmsNorm(p.stock(0), p.stock(2)), 2),
              std::pow(N_VWrmsNorm(p.fast(0), p.fast(2)), 2), squares / dn + 4 * kEps);
    check_sum("N_VWrmsNormMask²", n, std::pow(N_VWrmsNormMask(p.stock(0), p.stock(2), p.stock(3)), 2),
              std::pow(N_VWrmsNormMask(p.fast(0), p.fast(2), p.fast(3)), 2), masked / dn + 4 * kEps);
    check_sum("N_VWL2Norm²", n, std::pow(N_VWL2Norm(p.stock(0), p.stock(2)), 2),
              std::pow(N_VWL2Norm(p.fast(0), p.fast(2)), 2), squares + 4 * kEps);
    check_sum("N_VDotProd", n, N_VDotProd(p.stock(0), p.stock(1)), N_VDotProd(p.fast(0), p.fast(1)), products);
    check_sum("N_VL1Norm", n, N_VL1Norm(p.stock(0)), N_VL1Norm(p.fast(0)), absolute);
    check_sum("N_VWSqrSumLocal", n, N_VWSqrSumLocal(p.stock(0), p.stock(2)), N_VWSqrSumLocal(p.fast(0), p.fast(2)),
              squares);
    check_sum("N_VWSqrSumMaskLocal", n, N_VWSqrSumMaskLocal(p.stock(0), p.stock(2), p.stock(3)),
              N_VWSqrSumMaskLocal(p.fast(0), p.fast(2), p.fast(3)), masked);
    check_sum("N_VDotProdLocal", n, N_VDotProdLocal(p.stock(0), p.stock(1)), N_VDotProdLocal(p.fast(0), p.fast(1)),
              products);
    check_sum("N_VL1NormLocal", n, N_VL1NormLocal(p.stock(0)), N_VL1NormLocal(p.fast(0)), absolute);
    // The mask is honoured: entries with id ≤ 0 do not count, however large.
    if (n > 0) {
      std::vector<double> big(n, 0.0);
      for (std::size_t i = 0; i < n; ++i) big[i] = id[i] > 0.0 ? 0.0 : 1e6;
      N_Vector b = N_VMake_Serial(static_cast<sunindextype>(n), big.data(), c.ctx);
      use_fast_vector_ops(b);
      CHECK(N_VWrmsNormMask(b, p.fast(2), p.fast(3)) == 0.0);
      N_VDestroy(b);
    }
    // Empty vectors: the same NaN (0/0) as the stock norm.
    if (n == 0) CHECK(std::isnan(N_VWrmsNorm(p.fast(0), p.fast(2))));
    // The multi and array forms are the single operations repeated.
    std::vector<N_Vector> ys = p.stock({0, 1, 2}), yf = p.fast({0, 1, 2});
    double ds[3], df[3];
    REQUIRE(N_VDotProdMulti(3, p.stock(1), ys.data(), ds) == 0);
    REQUIRE(N_VDotProdMulti(3, p.fast(1), yf.data(), df) == 0);
    for (int k = 0; k < 3; ++k) check_exact("N_VDotProdMulti", N_VDotProd(p.fast(1), yf[std::size_t(k)]), df[k]);
    for (std::size_t k = 0; k < 3; ++k) {
      const double* yk = N_VGetArrayPointer(ys[k]);
      double terms = 0.0;
      for (std::size_t i = 0; i < n; ++i) terms += std::fabs(y[i] * yk[i]);
      check_sum("N_VDotProdMulti against stock", n, ds[k], df[k], terms);
    }
    std::vector<N_Vector> xs = p.stock({0, 1}), ws = p.stock({2, 2}), xf = p.fast({0, 1}), wf = p.fast({2, 2});
    double ns[2], nf[2];
    REQUIRE(N_VWrmsNormVectorArray(2, xs.data(), ws.data(), ns) == 0);
    REQUIRE(N_VWrmsNormVectorArray(2, xf.data(), wf.data(), nf) == 0);
    for (int k = 0; k < 2; ++k) {
      check_exact("N_VWrmsNormVectorArray", N_VWrmsNorm(xf[std::size_t(k)], wf[std::size_t(k)]), nf[k]);
      if (n > 0) CHECK(std::fabs(ns[k] - nf[k]) <= 2.0 * static_cast<double>(n) * kEps * ns[k] + 1e-300);
    }
    REQUIRE(N_VWrmsNormMaskVectorArray(2, xs.data(), ws.data(), p.stock(3), ns) == 0);
    REQUIRE(N_VWrmsNormMaskVectorArray(2, xf.data(), wf.data(), p.fast(3), nf) == 0);
    for (int k = 0; k < 2; ++k) {
      check_exact("N_VWrmsNormMaskVectorArray", N_VWrmsNormMask(xf[std::size_t(k)], wf[std::size_t(k)], p.fast(3)),
                  nf[k]);
      if (n > 0) CHECK(std::fabs(ns[k] - nf[k]) <= 2.0 * static_cast<double>(n) * kEps * ns[k] + 1e-300);
    }
  }
}

TEST_CASE("fast N_Vector ops: a large sum of squares is as accurate as the stock one") {
  // Against a sum in long double: ours (eight partial sums) is no less accurate than left to right.
  Context c;
  const std::size_t n = 200000;
  Pool p(c.ctx, n, {Fill::Values, Fill::Positive}, 7);
  const double* x = N_VGetArrayPointer(p.stock(0));
  const double* w = N_VGetArrayPointer(p.stock(1));
  long double exact = 0.0L;
  for (std::size_t i = 0; i < n; ++i) exact += static_cast<long double>(x[i] * w[i]) * (x[i] * w[i]);
  const double stock = N_VWSqrSumLocal(p.stock(0), p.stock(1));
  const double ours = N_VWSqrSumLocal(p.fast(0), p.fast(1));
  const double e = static_cast<double>(exact);
  INFO("exact " << e << ", stock error " << (stock - e) / e << ", ours " << (ours - e) / e);
  CHECK(std::fabs(ours - e) <= std::fabs(stock - e) + 4 * kEps * e);
  CHECK(std::fabs(ours - e) <= 1e-12 * e);
}

TEST_CASE("fast N_Vector ops: fused and vector-array operations give the stock results bit for bit") {
  Context c;
  unsigned seed = 300;
  const double coefficients[] = {1.0, -0.5, 0.25, -1.0, 2.0, 0.75, 1.5};
  for (std::size_t n : kLengths) {
    const std::vector<Fill> fills(8, Fill::Values);
    // N_VLinearCombination: z distinct from the terms, z the first term (c_0 = 1 and not), z a later term.
    for (int nvec = 1; nvec <= 6; ++nvec)
      for (int z_case = 0; z_case < 4; ++z_case) {
        Pool p(c.ctx, n, fills, seed++);
        std::vector<std::size_t> terms;
        for (int k = 0; k < nvec; ++k) terms.push_back(std::size_t(k));
        std::size_t z = 7;
        std::vector<double> cs(coefficients, coefficients + nvec);
        if (z_case == 1) z = 0, cs[0] = 1.0;
        if (z_case == 2) z = 0, cs[0] = 0.5;
        if (z_case == 3) z = std::size_t(nvec - 1);
        std::vector<N_Vector> xs = p.stock(terms), xf = p.fast(terms);
        REQUIRE(N_VLinearCombination(nvec, cs.data(), xs.data(), p.stock(z)) == 0);
        REQUIRE(N_VLinearCombination(nvec, cs.data(), xf.data(), p.fast(z)) == 0);
        p.check_same("N_VLinearCombination of " + std::to_string(nvec) + ", case " + std::to_string(z_case));
      }
    // N_VScaleAddMulti: Z = Y, and Z distinct.
    for (int nvec = 1; nvec <= 3; ++nvec)
      for (bool in_place : {true, false}) {
        Pool p(c.ctx, n, fills, seed++);
        std::vector<std::size_t> y_idx, z_idx;
        for (int k = 0; k < nvec; ++k) {
          y_idx.push_back(std::size_t(1 + k));
          z_idx.push_back(in_place ? std::size_t(1 + k) : std::size_t(4 + k));
        }
        std::vector<N_Vector> ys = p.stock(y_idx), zs = p.stock(z_idx), yf = p.fast(y_idx), zf = p.fast(z_idx);
        std::vector<double> as(coefficients, coefficients + nvec);
        REQUIRE(N_VScaleAddMulti(nvec, as.data(), p.stock(0), ys.data(), in_place ? ys.data() : zs.data()) == 0);
        REQUIRE(N_VScaleAddMulti(nvec, as.data(), p.fast(0), yf.data(), in_place ? yf.data() : zf.data()) == 0);
        p.check_same("N_VScaleAddMulti of " + std::to_string(nvec));
      }
    // The vector-array operations.
    for (auto [a, b] : kCoefficients) {
      Pool p(c.ctx, n, fills, seed++);
      std::vector<N_Vector> xs = p.stock({0, 1}), ys = p.stock({2, 3}), zs = p.stock({4, 3});
      std::vector<N_Vector> xf = p.fast({0, 1}), yf = p.fast({2, 3}), zf = p.fast({4, 3});
      REQUIRE(N_VLinearSumVectorArray(2, a, xs.data(), b, ys.data(), zs.data()) == 0);
      REQUIRE(N_VLinearSumVectorArray(2, a, xf.data(), b, yf.data(), zf.data()) == 0);
      p.check_same("N_VLinearSumVectorArray(" + std::to_string(a) + ", " + std::to_string(b) + ")");
    }
    {
      Pool p(c.ctx, n, fills, seed++);
      double cs[] = {0.3, -1.0, 1.0};
      std::vector<N_Vector> xs = p.stock({0, 1, 2}), zs = p.stock({5, 1, 6});
      std::vector<N_Vector> xf = p.fast({0, 1, 2}), zf = p.fast({5, 1, 6});
      REQUIRE(N_VScaleVectorArray(3, cs, xs.data(), zs.data()) == 0);
      REQUIRE(N_VScaleVectorArray(3, cs, xf.data(), zf.data()) == 0);
      REQUIRE(N_VScaleVectorArray(3, cs, xs.data(), xs.data()) == 0);
      REQUIRE(N_VScaleVectorArray(3, cs, xf.data(), xf.data()) == 0);
      REQUIRE(N_VConstVectorArray(2, 4.5, zs.data()) == 0);
      REQUIRE(N_VConstVectorArray(2, 4.5, zf.data()) == 0);
      p.check_same("N_VScaleVectorArray, N_VConstVectorArray");
    }
    for (int nsum = 1; nsum <= 3; ++nsum) {
      // N_VScaleAddMultiVectorArray: 2 vectors X[i], nsum sums; then in place (Y = Z).
      Pool p(c.ctx, n, fills, seed++);
      double as[] = {0.5, -1.0, 1.0};
      N_Vector xs[2] = {p.stock(0), p.stock(1)}, xf[2] = {p.fast(0), p.fast(1)};
      std::vector<N_Vector> ys[3], zs[3], yf[3], zf[3];
      N_Vector* yps[3];
      N_Vector* zps[3];
      N_Vector* ypf[3];
      N_Vector* zpf[3];
      for (int j = 0; j < nsum; ++j) {
        ys[j] = p.stock({2, 3});
        zs[j] = p.stock({std::size_t(4 + j), 7});
        yf[j] = p.fast({2, 3});
        zf[j] = p.fast({std::size_t(4 + j), 7});
        yps[j] = ys[j].data(), zps[j] = zs[j].data(), ypf[j] = yf[j].data(), zpf[j] = zf[j].data();
      }
      REQUIRE(N_VScaleAddMultiVectorArray(2, nsum, as, xs, yps, zps) == 0);
      REQUIRE(N_VScaleAddMultiVectorArray(2, nsum, as, xf, ypf, zpf) == 0);
      p.check_same("N_VScaleAddMultiVectorArray of " + std::to_string(nsum));
      REQUIRE(N_VScaleAddMultiVectorArray(2, nsum, as, xs, zps, zps) == 0);
      REQUIRE(N_VScaleAddMultiVectorArray(2, nsum, as, xf, zpf, zpf) == 0);
      p.check_same("N_VScaleAddMultiVectorArray in place, of " + std::to_string(nsum));
      // N_VLinearCombinationVectorArray: Z[i] = Σ_j c_j X_j[i], Z[1] = X_0[1].
      double cs[] = {0.5, 1.0, -0.25};
      std::vector<N_Vector> cols[3], colf[3];
      N_Vector* cps[3];
      N_Vector* cpf[3];
      for (int j = 0; j < nsum; ++j) {
        cols[j] = p.stock({std::size_t(j), std::size_t(3 + j)});
        colf[j] = p.fast({std::size_t(j), std::size_t(3 + j)});
        cps[j] = cols[j].data(), cpf[j] = colf[j].data();
      }
      N_Vector outs[2] = {p.stock(7), p.stock(3)}, outf[2] = {p.fast(7), p.fast(3)};
      REQUIRE(N_VLinearCombinationVectorArray(2, nsum, cs, cps, outs) == 0);
      REQUIRE(N_VLinearCombinationVectorArray(2, nsum, cs, cpf, outf) == 0);
      p.check_same("N_VLinearCombinationVectorArray of " + std::to_string(nsum));
    }
  }
}

namespace {

// A semi-explicit index-1 DAE for IDA: a chain of k masses joined by nonlinear spring-dampers,
// the spring forces algebraic. y = [s_1, v_1, f_1, …, s_k, v_k, f_k]:
//   s_i' − v_i = 0
//   m v_i' − (f_{i+1} − f_i) = 0           (f_{k+1} = 0)
//   f_i − (c·(u + u³) + d·(v_i − v_{i−1})) = 0,  u = s_i − s_{i−1}   (s_0 = v_0 = 0)
struct ChainDae {
  std::size_t k = 20;
  double m = 1.0, c = 40.0, d = 0.05;
};

int chain_residual(sunrealtype, N_Vector yv, N_Vector ypv, N_Vector rv, void* user) {
  const ChainDae& ch = *static_cast<const ChainDae*>(user);
  const double* y = N_VGetArrayPointer(yv);
  const double* yp = N_VGetArrayPointer(ypv);
  double* r = N_VGetArrayPointer(rv);
  for (std::size_t i = 0; i < ch.k; ++i) {
    const double s = y[3 * i], v = y[3 * i + 1], f = y[3 * i + 2];
    const double s_left = i > 0 ? y[3 * i - 3] : 0.0, v_left = i > 0 ? y[3 * i - 2] : 0.0;
    const double f_right = i + 1 < ch.k ? y[3 * i + 5] : 0.0;
    const double u = s - s_left;
    r[3 * i] = yp[3 * i] - v;
    r[3 * i + 1] = ch.m * yp[3 * i + 1] - (f_right - f);
    r[3 * i + 2] = f - (ch.c * (u + u * u * u) + ch.d * (v - v_left));
  }
  return 0;
}

struct Trajectory {
  long steps = 0, residuals = 0, newton = 0, error_fails = 0;
  std::vector<double> times, states;  // after each step
};

/// IDA (dense, difference-quotient Jacobian, suppressAlg, the settings of IdaSession) to t = 3.
Trajectory integrate_chain(bool fast) {
  Context c;
  ChainDae ch;
  const auto n = static_cast<sunindextype>(3 * ch.k);
  N_Vector y = N_VNew_Serial(n, c.ctx), yp = N_VNew_Serial(n, c.ctx), id = N_VNew_Serial(n, c.ctx);
  if (fast)
    for (N_Vector v : {y, yp, id}) use_fast_vector_ops(v);
  N_VConst(0.0, y);
  N_VConst(0.0, yp);
  double* y0 = N_VGetArrayPointer(y);
  double* yp0 = N_VGetArrayPointer(yp);
  double* idd = N_VGetArrayPointer(id);
  for (std::size_t i = 0; i < ch.k; ++i) idd[3 * i] = idd[3 * i + 1] = 1.0, idd[3 * i + 2] = 0.0;
  // Mass 1 displaced by 0.2, at rest: f_1 = c(u + u³) with u = 0.2, f_2 = −f_1, the rest 0.
  const double u = 0.2, f1 = ch.c * (u + u * u * u);
  y0[0] = u;
  y0[2] = f1;
  y0[5] = -f1;
  yp0[1] = (y0[5] - y0[2]) / ch.m;
  yp0[4] = (0.0 - y0[5]) / ch.m;
  void* ida = IDACreate(c.ctx);
  REQUIRE(ida != nullptr);
  REQUIRE(IDAInit(ida, chain_residual, 0.0, y, yp) == IDA_SUCCESS);
  REQUIRE(IDASetUserData(ida, &ch) == IDA_SUCCESS);
  REQUIRE(IDASStolerances(ida, 1e-8, 1e-8) == IDA_SUCCESS);
  REQUIRE(IDASetId(ida, id) == IDA_SUCCESS);
  REQUIRE(IDASetSuppressAlg(ida, SUNTRUE) == IDA_SUCCESS);
  REQUIRE(IDASetStopTime(ida, 3.0) == IDA_SUCCESS);
  SUNMatrix J = SUNDenseMatrix(n, n, c.ctx);
  SUNLinearSolver ls = SUNLinSol_Dense(y, J, c.ctx);
  REQUIRE(IDASetLinearSolver(ida, ls, J) == IDA_SUCCESS);
  Trajectory t;
  for (;;) {
    sunrealtype tret = 0.0;
    const int flag = IDASolve(ida, 3.0, &tret, y, yp, IDA_ONE_STEP);
    REQUIRE(flag >= 0);
    t.times.push_back(tret);
    t.states.insert(t.states.end(), N_VGetArrayPointer(y), N_VGetArrayPointer(y) + n);
    if (flag == IDA_TSTOP_RETURN) break;
  }
  // IDA's work vectors are clones of y: they carry the same operations.
  N_Vector ewt = N_VClone(y);
  REQUIRE(IDAGetErrWeights(ida, ewt) == IDA_SUCCESS);
  CHECK(has_fast_vector_ops(ewt) == fast);
  N_VDestroy(ewt);
  IDAGetNumSteps(ida, &t.steps);
  IDAGetNumResEvals(ida, &t.residuals);
  IDAGetNumNonlinSolvIters(ida, &t.newton);
  IDAGetNumErrTestFails(ida, &t.error_fails);
  IDAFree(&ida);
  SUNLinSolFree(ls);
  SUNMatDestroy(J);
  for (N_Vector v : {y, yp, id}) N_VDestroy(v);
  return t;
}

}  // namespace

TEST_CASE("fast N_Vector ops: IDA takes the same steps and follows the same trajectory with them") {
  const Trajectory stock = integrate_chain(false);
  const Trajectory fast = integrate_chain(true);
  REQUIRE(stock.steps > 100);
  CHECK(fast.steps == stock.steps);
  CHECK(fast.residuals == stock.residuals);
  CHECK(fast.newton == stock.newton);
  CHECK(fast.error_fails == stock.error_fails);
  REQUIRE(fast.times.size() == stock.times.size());
  double worst_t = 0.0, worst_y = 0.0;
  for (std::size_t i = 0; i < stock.times.size(); ++i) worst_t = std::max(worst_t, std::fabs(fast.times[i] - stock.times[i]));
  for (std::size_t i = 0; i < stock.states.size(); ++i)
    worst_y = std::max(worst_y, std::fabs(fast.states[i] - stock.states[i]));
  INFO("largest difference in t " << worst_t << ", in y " << worst_y);
  // The sums add in another order (last-bit differences in the norms), nothing else differs.
  CHECK(worst_t <= 1e-12);
  CHECK(worst_y <= 1e-9);
}

TEST_CASE("fast N_Vector ops: a vector that is not serial is refused") {
  Context c;
  N_Vector v = N_VNewEmpty(c.ctx);
  REQUIRE(v != nullptr);
  CHECK_THROWS_AS(use_fast_vector_ops(v), std::invalid_argument);
  N_VFreeEmpty(v);
  CHECK_THROWS_AS(use_fast_vector_ops(nullptr), std::invalid_argument);
}

TEST_CASE("fast N_Vector ops: a linear combination of some components gives those of the whole one to the bit") {
  Context c;
  const std::size_t n = 1001;
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> value(-2.0, 2.0);
  auto random_vector = [&] {
    N_Vector v = N_VNew_Serial(static_cast<sunindextype>(n), c.ctx);
    use_fast_vector_ops(v);
    for (std::size_t i = 0; i < n; ++i) N_VGetArrayPointer(v)[i] = value(rng);
    return v;
  };
  std::vector<N_Vector> x;
  for (int k = 0; k < 5; ++k) x.push_back(random_vector());
  N_Vector whole = random_vector(), part = random_vector();
  const std::vector<std::uint32_t> only{0, 3, 4, 500, 999, 1000};
  // As IDAGetDky combines its history (five terms), then with z among the terms (first and later).
  std::array<double, 5> coefficients{1.0, -0.37, 2.5e-3, 1.0 / 3.0, -7.0};
  for (int variant = 0; variant < 3; ++variant) {
    std::vector<N_Vector> whole_terms = x, part_terms = x;
    if (variant == 1) whole_terms[0] = whole, part_terms[0] = part;
    if (variant == 2) whole_terms[3] = whole, part_terms[3] = part;
    std::copy_n(N_VGetArrayPointer(x[4]), n, N_VGetArrayPointer(whole));  // the same z where z is read
    std::copy_n(N_VGetArrayPointer(x[4]), n, N_VGetArrayPointer(part));
    N_VGetArrayPointer(part)[1] = 42.0;  // a component not selected
    REQUIRE(N_VLinearCombination(5, coefficients.data(), whole_terms.data(), whole) == 0);
    {
      const OnlyComponents selected(part, only);
      CHECK_THROWS_AS(OnlyComponents(whole, only), std::logic_error);  // one selection at a time
      REQUIRE(N_VLinearCombination(5, coefficients.data(), part_terms.data(), part) == 0);
    }
    for (std::uint32_t i : only) CHECK(N_VGetArrayPointer(part)[i] == N_VGetArrayPointer(whole)[i]);
    CHECK(N_VGetArrayPointer(part)[1] == 42.0);
  }
  // The selection ends with its guard: the whole vector is combined again.
  REQUIRE(N_VLinearCombination(5, coefficients.data(), x.data(), part) == 0);
  REQUIRE(N_VLinearCombination(5, coefficients.data(), x.data(), whole) == 0);
  CHECK(N_VGetArrayPointer(part)[1] == N_VGetArrayPointer(whole)[1]);
  CHECK_THROWS_AS(OnlyComponents(part, std::vector<std::uint32_t>{1001}), std::out_of_range);
  for (N_Vector v : x) N_VDestroy(v);
  N_VDestroy(whole);
  N_VDestroy(part);
}
