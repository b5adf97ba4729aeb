#include "solver/fast_nvector.hpp"

#include <nvector/nvector_serial.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>

// The loops below are written so that GCC vectorizes them at -O3 (solver/CMakeLists.txt): every
// element-wise operation is dispatched on its aliasing pattern to a loop whose pointers are
// __restrict, and every sum runs in kLanes independent partial sums.

namespace acausal {
namespace {

using Index = std::size_t;

double* data(N_Vector v) { return static_cast<N_VectorContent_Serial>(v->content)->data; }
Index length(N_Vector v) { return static_cast<Index>(static_cast<N_VectorContent_Serial>(v->content)->length); }

// ---- element-wise loops ------------------------------------------------------------------------

// z = f(x)
template <class F>
void loop1(double* __restrict z, const double* __restrict x, Index n, F f) {
  for (Index i = 0; i < n; ++i) z[i] = f(x[i]);
}
template <class F>
void loop1_in_place(double* __restrict z, Index n, F f) {
  for (Index i = 0; i < n; ++i) z[i] = f(z[i]);
}
template <class F>
void map1(N_Vector x, N_Vector z, F f) {
  const Index n = length(z);
  if (data(x) == data(z))
    loop1_in_place(data(z), n, f);
  else
    loop1(data(z), data(x), n, f);
}

// z = f(x, y)
template <class F>
void loop2(double* __restrict z, const double* __restrict x, const double* __restrict y, Index n, F f) {
  for (Index i = 0; i < n; ++i) z[i] = f(x[i], y[i]);
}
template <class F>
void loop2_z_is_x(double* __restrict z, const double* __restrict y, Index n, F f) {
  for (Index i = 0; i < n; ++i) z[i] = f(z[i], y[i]);
}
template <class F>
void loop2_z_is_y(double* __restrict z, const double* __restrict x, Index n, F f) {
  for (Index i = 0; i < n; ++i) z[i] = f(x[i], z[i]);
}
template <class F>
void map2(const double* x, const double* y, double* z, Index n, F f) {
  if (z == x && z == y)
    loop1_in_place(z, n, [&](double v) { return f(v, v); });
  else if (z == x)
    loop2_z_is_x(z, y, n, f);
  else if (z == y)
    loop2_z_is_y(z, x, n, f);
  else
    loop2(z, x, y, n, f);  // x == y is fine: neither is written
}
template <class F>
void map2(N_Vector x, N_Vector y, N_Vector z, F f) {
  map2(data(x), data(y), data(z), length(z), f);
}

// ---- sums --------------------------------------------------------------------------------------

constexpr Index kLanes = 8;

/// Σ term(i) over [0, n) in kLanes partial sums (lane k takes i ≡ k mod kLanes of the full blocks),
/// the rest left to right, combined pairwise. Deterministic: the order depends on n only.
template <class Term>
double lane_sum(Index n, Term term) {
  double acc[kLanes] = {};
  Index i = 0;
  for (; i + kLanes <= n; i += kLanes)
    for (Index k = 0; k < kLanes; ++k) acc[k] += term(i + k);
  double tail = 0.0;
  for (; i < n; ++i) tail += term(i);
  return (((acc[0] + acc[1]) + (acc[2] + acc[3])) + ((acc[4] + acc[5]) + (acc[6] + acc[7]))) + tail;
}

double weighted_square_sum(const double* __restrict x, const double* __restrict w, Index n) {
  return lane_sum(n, [&](Index i) {
    const double p = x[i] * w[i];
    return p * p;
  });
}

double weighted_square_sum_mask(const double* __restrict x, const double* __restrict w,
                                const double* __restrict id, Index n) {
  return lane_sum(n, [&](Index i) {
    const double p = x[i] * w[i];
    return id[i] > 0.0 ? p * p : 0.0;
  });
}

double dot(const double* __restrict x, const double* __restrict y, Index n) {
  return lane_sum(n, [&](Index i) { return x[i] * y[i]; });
}

// ---- the standard operations ------------------------------------------------------------------

/// z = a·x + b·y with the stock rounding: a·x + b·y when a or b is ±1 (the stock special cases
/// compute the same values), a·(x + y) when a = b, a·(x − y) when a = −b.
void linear_sum(double a, N_Vector x, double b, N_Vector y, N_Vector z) {
  const bool unit = a == 1.0 || a == -1.0 || b == 1.0 || b == -1.0;
  if (unit) {
    if (a == 1.0 && b == 1.0)
      map2(x, y, z, [](double u, double v) { return u + v; });
    else if (a == 1.0 && b == -1.0)
      map2(x, y, z, [](double u, double v) { return u - v; });
    else if (a == -1.0 && b == 1.0)
      map2(x, y, z, [](double u, double v) { return v - u; });
    else if (b == 1.0)
      map2(x, y, z, [a](double u, double v) { return a * u + v; });
    else if (a == 1.0)
      map2(x, y, z, [b](double u, double v) { return u + b * v; });
    else if (b == -1.0)
      map2(x, y, z, [a](double u, double v) { return a * u - v; });
    else  // a == -1
      map2(x, y, z, [b](double u, double v) { return b * v - u; });
  } else if (a == b) {
    map2(x, y, z, [a](double u, double v) { return a * (u + v); });
  } else if (a == -b) {
    map2(x, y, z, [a](double u, double v) { return a * (u - v); });
  } else {
    map2(x, y, z, [a, b](double u, double v) { return a * u + b * v; });
  }
}

void constant(double c, N_Vector z) {
  double* __restrict d = data(z);
  const Index n = length(z);
  for (Index i = 0; i < n; ++i) d[i] = c;
}

void prod(N_Vector x, N_Vector y, N_Vector z) {
  map2(x, y, z, [](double u, double v) { return u * v; });
}
void divide(N_Vector x, N_Vector y, N_Vector z) {
  map2(x, y, z, [](double u, double v) { return u / v; });
}
void scale(double c, N_Vector x, N_Vector z) {
  map1(x, z, [c](double u) { return c * u; });
}
void absolute(N_Vector x, N_Vector z) {
  map1(x, z, [](double u) { return std::fabs(u); });
}
void inv(N_Vector x, N_Vector z) {
  map1(x, z, [](double u) { return 1.0 / u; });
}
void add_const(N_Vector x, double b, N_Vector z) {
  map1(x, z, [b](double u) { return u + b; });
}

double dot_prod(N_Vector x, N_Vector y) { return dot(data(x), data(y), length(x)); }

/// max |x_i| (0 for an empty vector; NaNs skipped, as the stock loop's `>` does).
double max_norm(N_Vector x) {
  const double* __restrict d = data(x);
  const Index n = length(x);
  double m[kLanes] = {};
  Index i = 0;
  for (; i + kLanes <= n; i += kLanes)
    for (Index k = 0; k < kLanes; ++k) {
      const double a = std::fabs(d[i + k]);
      m[k] = a > m[k] ? a : m[k];
    }
  double r = 0.0;
  for (; i < n; ++i) r = std::fabs(d[i]) > r ? std::fabs(d[i]) : r;
  for (double v : m) r = v > r ? v : r;
  return r;
}

double wrms_norm(N_Vector x, N_Vector w) {
  const Index n = length(x);
  return std::sqrt(weighted_square_sum(data(x), data(w), n) / static_cast<double>(n));
}
double wrms_norm_mask(N_Vector x, N_Vector w, N_Vector id) {
  const Index n = length(x);
  return std::sqrt(weighted_square_sum_mask(data(x), data(w), data(id), n) / static_cast<double>(n));
}
double wsqr_sum(N_Vector x, N_Vector w) { return weighted_square_sum(data(x), data(w), length(x)); }
double wsqr_sum_mask(N_Vector x, N_Vector w, N_Vector id) {
  return weighted_square_sum_mask(data(x), data(w), data(id), length(x));
}

/// min x_i, starting from x_0 as the stock loop does (a NaN there stays; later NaNs are skipped).
/// The stock operation reads x_0 of an empty vector; ours returns the largest double.
double minimum(N_Vector x) {
  const double* __restrict d = data(x);
  const Index n = length(x);
  if (n == 0) return SUN_BIG_REAL;
  double m[kLanes];
  for (double& v : m) v = d[0];
  Index i = 1;
  for (; i + kLanes <= n; i += kLanes)
    for (Index k = 0; k < kLanes; ++k) m[k] = d[i + k] < m[k] ? d[i + k] : m[k];
  double r = d[0];
  for (; i < n; ++i) r = d[i] < r ? d[i] : r;
  for (double v : m) r = v < r ? v : r;
  return r;
}

double wl2_norm(N_Vector x, N_Vector w) { return std::sqrt(weighted_square_sum(data(x), data(w), length(x))); }

double l1_norm(N_Vector x) {
  const double* __restrict d = data(x);
  return lane_sum(length(x), [&](Index i) { return std::fabs(d[i]); });
}

void compare(double c, N_Vector x, N_Vector z) {
  map1(x, z, [c](double u) { return std::fabs(u) >= c ? 1.0 : 0.0; });
}

/// z_i = 1/x_i where x_i ≠ 0 (z_i left as it was where x_i = 0); false if some x_i = 0.
booleantype inv_test(N_Vector x, N_Vector z) {
  const double* xd = data(x);
  double* zd = data(z);
  const Index n = length(x);
  bool no_zero = true;
  for (Index i = 0; i < n; ++i) {
    if (xd[i] == 0.0)
      no_zero = false;
    else
      zd[i] = 1.0 / xd[i];
  }
  return no_zero ? SUNTRUE : SUNFALSE;
}

/// m_i = 1 where x_i violates constraint c_i (|c| = 2: x c > 0, |c| = 1: x c ≥ 0), else 0; false if
/// any is violated.
booleantype constr_mask(N_Vector c, N_Vector x, N_Vector m) {
  const double* cd = data(c);
  const double* xd = data(x);
  double* md = data(m);
  const Index n = length(x);
  bool violated = false;
  for (Index i = 0; i < n; ++i) {
    const double ci = cd[i];
    const double xc = xd[i] * ci;
    const bool bad = ci != 0.0 && ((std::fabs(ci) > 1.5 && xc <= 0.0) || (std::fabs(ci) > 0.5 && xc < 0.0));
    md[i] = bad ? 1.0 : 0.0;
    violated = violated || bad;
  }
  return violated ? SUNFALSE : SUNTRUE;
}

/// min num_i/denom_i over denom_i ≠ 0 (the largest double if there is none), the stock way: the
/// first quotient, then min(m, q) = m < q ? m : q.
double min_quotient(N_Vector num, N_Vector denom) {
  const double* nd = data(num);
  const double* dd = data(denom);
  const Index n = length(num);
  bool first = true;
  double m = SUN_BIG_REAL;
  for (Index i = 0; i < n; ++i) {
    if (dd[i] == 0.0) continue;
    const double q = nd[i] / dd[i];
    m = first ? q : (m < q ? m : q);
    first = false;
  }
  return m;
}

// ---- fused operations: the stock fallbacks' arithmetic, element for element -------------------

/// z = c_0 x_0, then z += c_i x_i for i = 1, … (N_VScale, then N_VLinearSum(c_i, x_i, 1, z, z)).
/// The vector whose linear combinations compute some components only (OnlyComponents), on this thread.
struct Selection {
  N_Vector vector = nullptr;
  std::span<const std::uint32_t> components;
};
thread_local Selection selection;

/// linear_combination below for the selected components of z alone: each one's value is the
/// full operation's, the same products added in the same order (a term that is z reads z's
/// component as the operation has left it so far).
void selected_linear_combination(int nvec, const realtype* c, const N_Vector* X, N_Vector z) {
  double* zd = data(z);
  for (const std::uint32_t i : selection.components) {
    double acc = X[0] == z && c[0] == 1.0 ? zd[i] : c[0] * (X[0] == z ? zd[i] : data(X[0])[i]);
    for (int j = 1; j < nvec; ++j) acc = acc + c[j] * (X[j] == z ? acc : data(X[j])[i]);
    zd[i] = acc;
  }
}

int linear_combination(int nvec, realtype* c, N_Vector* X, N_Vector z) {
  if (nvec < 1) return -1;
  if (z == selection.vector) {
    selected_linear_combination(nvec, c, X, z);
    return 0;
  }
  if (!(X[0] == z && c[0] == 1.0)) scale(c[0], X[0], z);  // z·1 is z
  double* zd = data(z);
  const Index n = length(z);
  int i = 1;
  // Two terms a pass while there are two: the same additions in the same order, half the passes.
  for (; i + 1 < nvec; i += 2) {
    const double a = c[i], b = c[i + 1];
    const double* x1 = data(X[i]);
    const double* x2 = data(X[i + 1]);
    if (x1 == zd || x2 == zd) {  // z among the terms: one at a time, each sees the z before it
      map2(x1, zd, zd, n, [a](double u, double v) { return v + a * u; });
      map2(x2, zd, zd, n, [b](double u, double v) { return v + b * u; });
    } else {
      // z = (z + a x1) + b x2
      auto two = [n, a, b](double* __restrict zz, const double* __restrict u, const double* __restrict v) {
        for (Index j = 0; j < n; ++j) zz[j] = (zz[j] + a * u[j]) + b * v[j];
      };
      two(zd, x1, x2);
    }
  }
  for (; i < nvec; ++i) {
    const double a = c[i];
    map2(data(X[i]), zd, zd, n, [a](double u, double v) { return v + a * u; });
  }
  return 0;
}

/// Z_i = a_i x + Y_i (N_VLinearSum(a_i, x, 1, Y_i, Z_i) for each i in turn).
int scale_add_multi(int nvec, realtype* a, N_Vector x, N_Vector* Y, N_Vector* Z) {
  if (nvec < 1) return -1;
  for (int i = 0; i < nvec; ++i) {
    const double ai = a[i];
    map2(x, Y[i], Z[i], [ai](double u, double v) { return ai * u + v; });
  }
  return 0;
}

int dot_prod_multi(int nvec, N_Vector x, N_Vector* Y, realtype* dots) {
  if (nvec < 1) return -1;
  for (int i = 0; i < nvec; ++i) dots[i] = dot_prod(x, Y[i]);
  return 0;
}

// ---- vector-array operations: the fallbacks, one vector at a time ------------------------------

int linear_sum_vector_array(int nvec, realtype a, N_Vector* X, realtype b, N_Vector* Y, N_Vector* Z) {
  if (nvec < 1) return -1;
  for (int i = 0; i < nvec; ++i) linear_sum(a, X[i], b, Y[i], Z[i]);
  return 0;
}

int scale_vector_array(int nvec, realtype* c, N_Vector* X, N_Vector* Z) {
  if (nvec < 1) return -1;
  for (int i = 0; i < nvec; ++i) scale(c[i], X[i], Z[i]);
  return 0;
}

int const_vector_array(int nvec, realtype c, N_Vector* Z) {
  if (nvec < 1) return -1;
  for (int i = 0; i < nvec; ++i) constant(c, Z[i]);
  return 0;
}

int wrms_norm_vector_array(int nvec, N_Vector* X, N_Vector* W, realtype* norms) {
  if (nvec < 1) return -1;
  for (int i = 0; i < nvec; ++i) norms[i] = wrms_norm(X[i], W[i]);
  return 0;
}

int wrms_norm_mask_vector_array(int nvec, N_Vector* X, N_Vector* W, N_Vector id, realtype* norms) {
  if (nvec < 1) return -1;
  for (int i = 0; i < nvec; ++i) norms[i] = wrms_norm_mask(X[i], W[i], id);
  return 0;
}

/// Z_j[i] = a_j X[i] + Y_j[i]: for each i, for each j.
int scale_add_multi_vector_array(int nvec, int nsum, realtype* a, N_Vector* X, N_Vector** Y, N_Vector** Z) {
  if (nvec < 1 || nsum < 1) return -1;
  for (int i = 0; i < nvec; ++i)
    for (int j = 0; j < nsum; ++j) {
      const double aj = a[j];
      map2(X[i], Y[j][i], Z[j][i], [aj](double u, double v) { return aj * u + v; });
    }
  return 0;
}

/// Z[i] = Σ_j c_j X_j[i], each as linear_combination.
int linear_combination_vector_array(int nvec, int nsum, realtype* c, N_Vector** X, N_Vector* Z) {
  if (nvec < 1 || nsum < 1) return -1;
  constexpr int kOnStack = 16;
  N_Vector column[kOnStack];
  for (int i = 0; i < nvec; ++i) {
    if (nsum <= kOnStack) {
      for (int j = 0; j < nsum; ++j) column[j] = X[j][i];
      linear_combination(nsum, c, column, Z[i]);
    } else {  // as the fallback does it, one term at a time
      scale(c[0], X[0][i], Z[i]);
      for (int j = 1; j < nsum; ++j) {
        const double cj = c[j];
        map2(X[j][i], Z[i], Z[i], [cj](double u, double v) { return v + cj * u; });
      }
    }
  }
  return 0;
}

}  // namespace

OnlyComponents::OnlyComponents(N_Vector v, std::span<const std::uint32_t> components) {
  if (selection.vector != nullptr) throw std::logic_error("OnlyComponents: a selection is active on this thread");
  for (const std::uint32_t i : components)
    if (static_cast<Index>(i) >= length(v)) throw std::out_of_range("OnlyComponents: a component beyond the vector");
  selection = {v, components};
}

OnlyComponents::~OnlyComponents() { selection = {}; }

void use_fast_vector_ops(N_Vector v) {
  if (!v || !v->ops || !v->content || v->ops->nvgetvectorid != N_VGetVectorID_Serial)
    throw std::invalid_argument("use_fast_vector_ops: not a serial N_Vector");
  N_Vector_Ops ops = v->ops;
  ops->nvlinearsum = linear_sum;
  ops->nvconst = constant;
  ops->nvprod = prod;
  ops->nvdiv = divide;
  ops->nvscale = scale;
  ops->nvabs = absolute;
  ops->nvinv = inv;
  ops->nvaddconst = add_const;
  ops->nvdotprod = dot_prod;
  ops->nvmaxnorm = max_norm;
  ops->nvwrmsnorm = wrms_norm;
  ops->nvwrmsnormmask = wrms_norm_mask;
  ops->nvmin = minimum;
  ops->nvwl2norm = wl2_norm;
  ops->nvl1norm = l1_norm;
  ops->nvcompare = compare;
  ops->nvinvtest = inv_test;
  ops->nvconstrmask = constr_mask;
  ops->nvminquotient = min_quotient;

  ops->nvlinearcombination = linear_combination;
  ops->nvscaleaddmulti = scale_add_multi;
  ops->nvdotprodmulti = dot_prod_multi;

  ops->nvlinearsumvectorarray = linear_sum_vector_array;
  ops->nvscalevectorarray = scale_vector_array;
  ops->nvconstvectorarray = const_vector_array;
  ops->nvwrmsnormvectorarray = wrms_norm_vector_array;
  ops->nvwrmsnormmaskvectorarray = wrms_norm_mask_vector_array;
  ops->nvscaleaddmultivectorarray = scale_add_multi_vector_array;
  ops->nvlinearcombinationvectorarray = linear_combination_vector_array;

  ops->nvdotprodlocal = dot_prod;
  ops->nvmaxnormlocal = max_norm;
  ops->nvminlocal = minimum;
  ops->nvl1normlocal = l1_norm;
  ops->nvinvtestlocal = inv_test;
  ops->nvconstrmasklocal = constr_mask;
  ops->nvminquotientlocal = min_quotient;
  ops->nvwsqrsumlocal = wsqr_sum;
  ops->nvwsqrsummasklocal = wsqr_sum_mask;
  ops->nvdotprodmultilocal = dot_prod_multi;
}

bool has_fast_vector_ops(N_Vector v) { return v && v->ops && v->ops->nvwrmsnorm == wrms_norm; }

}  // namespace acausal
