#include "solver/consistency.hpp"

#include <cmath>
#include <limits>
#include <span>

#include "solver/solver_error.hpp"

namespace acausal {

namespace {

/// The matrix of both solves: column j is ∂F/∂y'_j for a differential unknown, ∂F/∂y_j for an
/// algebraic one. `parts` holds ∂F/∂y (first nnz) and ∂F/∂y' (next nnz) on the Jacobian's pattern.
std::vector<SparseEntry> mixed_matrix(const Program& p, std::span<const double> parts) {
  const std::size_t n = p.size();
  const std::vector<double>& id = p.id();
  const SparsityPattern& pat = p.jacobian().pattern();
  const std::size_t nnz = pat.nonzeros();
  std::vector<SparseEntry> entries;
  entries.reserve(nnz);
  for (std::size_t c = 0; c < n; ++c)
    for (auto k = static_cast<std::size_t>(pat.col_start[c]); k < static_cast<std::size_t>(pat.col_start[c + 1]); ++k) {
      // zeros kept: the same pattern at every call lets SparseLu reuse its ordering
      const double v = id[c] == 1.0 ? parts[nnz + k] : parts[k];
      entries.push_back({static_cast<int>(pat.row_index[k]), static_cast<int>(c), v});
    }
  return entries;
}

/// Solves A·x = b (b is overwritten with x). While `lu` holds the factorization of a nearby matrix
/// (the previous point of the same run), that serves as the preconditioner of iterative refinement,
/// x += LU⁻¹(b − A·x), until the componentwise backward error max_i |b − A·x|_i / (|A|·|x| + |b|)_i
/// is at rounding level — what a fresh factorization gives; A is factored anew only when the
/// refinement stops converging. Factoring is most of the energy ledger's cost in a large model.
/// Returns false when A is singular.
bool solve_near(SparseLu& lu, bool& fresh, std::size_t n, const std::vector<SparseEntry>& a, std::vector<double>& b) {
  constexpr double kRounding = 8.0 * 2.220446049250313e-16;
  constexpr int kMaxRefinements = 8;
  if (lu.factored(n) && !fresh) {
    std::vector<double> x = b, r(n), scale(n);
    lu.solve(x);
    double previous = std::numeric_limits<double>::infinity();
    for (int k = 0; k < kMaxRefinements; ++k) {
      for (std::size_t i = 0; i < n; ++i) r[i] = b[i], scale[i] = std::fabs(b[i]);
      for (const SparseEntry& e : a) {
        const auto row = static_cast<std::size_t>(e.row), col = static_cast<std::size_t>(e.col);
        r[row] -= e.value * x[col];
        scale[row] += std::fabs(e.value * x[col]);
      }
      double error = 0.0;
      for (std::size_t i = 0; i < n; ++i)
        error = std::max(error, scale[i] > 0.0 ? std::fabs(r[i]) / scale[i] : (r[i] == 0.0 ? 0.0 : 1.0));
      if (error <= kRounding) {
        b = std::move(x);
        return true;
      }
      if (!(error < 0.5 * previous)) break;  // not converging: this matrix is too far from the factored one
      previous = error;
      lu.solve(r);
      for (std::size_t i = 0; i < n; ++i) x[i] += r[i];
    }
  }
  if (!lu.factor(n, a)) return false;
  fresh = true;
  lu.solve(b);
  return true;
}

}  // namespace

void make_consistent(Program& p, double t, std::vector<double>& y, std::vector<double>& yp,
                     const std::vector<double>& branch, SparseLu& lu) {
  const std::size_t n = p.size();
  const std::vector<double>& id = p.id();
  std::vector<double> f(n);
  // One matrix for the three Newton corrections: the start is within the integrator's tolerance,
  // where the matrix changes by as little as the corrections do.
  bool fresh = false;  // whether lu holds this point's matrix
  std::vector<SparseEntry> matrix;
  for (int iteration = 0; iteration < 3; ++iteration) {
    p.residual().evaluate(p.inputs(t, y.data(), yp.data()), f.data(), branch.data());
    double worst = 0.0;
    for (double v : f) worst = std::max(worst, std::fabs(v));
    if (worst == 0.0) break;
    if (matrix.empty()) matrix = mixed_matrix(p, p.jacobian().partials(p.inputs(t, y.data(), yp.data()), branch.data()));
    if (!solve_near(lu, fresh, n, matrix, f))  // f is now the correction
      throw SolverError(t, "consistent derivatives: the equations are singular here");
    for (std::size_t c = 0; c < n; ++c) (id[c] == 1.0 ? yp[c] : y[c]) -= f[c];
  }
  // y' of the algebraic unknowns: the right-hand side is F_t + Σ_differential ∂F/∂y_j·y'_j.
  bool any_algebraic = false;
  for (double d : id) any_algebraic = any_algebraic || d == 0.0;
  if (!any_algebraic) return;
  const auto parts = p.jacobian().partials(p.inputs(t, y.data(), yp.data()), branch.data());
  fresh = false;  // the matrix at the corrected point
  std::vector<double> rhs(n);
  p.time_partials().evaluate(p.inputs(t, y.data(), yp.data()), rhs.data(), branch.data());
  const SparsityPattern& pat = p.jacobian().pattern();
  for (std::size_t c = 0; c < n; ++c) {
    if (id[c] != 1.0) continue;
    for (auto k = static_cast<std::size_t>(pat.col_start[c]); k < static_cast<std::size_t>(pat.col_start[c + 1]); ++k)
      rhs[static_cast<std::size_t>(pat.row_index[k])] += parts[k] * yp[c];
  }
  for (double& v : rhs) v = -v;
  if (!solve_near(lu, fresh, n, mixed_matrix(p, parts), rhs))  // now the rates
    throw SolverError(t, "consistent derivatives: the equations are singular here");
  for (std::size_t c = 0; c < n; ++c)
    if (id[c] == 0.0) yp[c] = rhs[c];
}

}  // namespace acausal
