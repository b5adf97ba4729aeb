#include "solver/consistency.hpp"

#include <cmath>
#include <span>

#include "solver/solver_error.hpp"

namespace acausal {

namespace {

/// The matrix of both solves: column j is ∂F/∂y'_j for a differential unknown (by the run's `id`), ∂F/∂y_j for an
/// algebraic one. `parts` holds ∂F/∂y (first nnz) and ∂F/∂y' (next nnz) on the Jacobian's pattern.
std::vector<SparseEntry> mixed_matrix(const Program& p, const std::vector<double>& id, std::span<const double> parts) {
  const std::size_t n = p.size();
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

/// Factors `entries`; where they are singular (two friction elements stuck on one shaft leave the
/// split of their holding torques free) with the diagonal shifted by 1e-13 of each column's largest
/// entry, as IDA's iteration matrix is then (IdaSession::IterationPattern): the solves keep the free
/// part as it was. @throws SolverError if even that is singular.
void factor(SparseLu& lu, std::size_t n, std::vector<SparseEntry> entries, double t) {
  if (lu.factor(n, entries)) return;
  std::vector<double> largest(n, 0.0);
  for (const SparseEntry& e : entries)
    largest[static_cast<std::size_t>(e.col)] = std::max(largest[static_cast<std::size_t>(e.col)], std::fabs(e.value));
  for (std::size_t c = 0; c < n; ++c)
    entries.push_back({static_cast<int>(c), static_cast<int>(c), 1e-13 * largest[c]});
  if (!lu.factor(n, entries)) throw SolverError(t, "consistent derivatives: the equations are singular here");
}

}  // namespace

void make_consistent(ProgramState& state, double t, std::vector<double>& y, std::vector<double>& yp, SparseLu& lu) {
  const Program& p = state.program();
  const std::size_t n = p.size();
  const std::vector<double>& id = state.id;  // the run's states
  std::vector<double> f(n);
  // One factorization for the three Newton corrections: the start is within the integrator's
  // tolerance, where the matrix changes by as little as the corrections do.
  bool factored = false;
  for (int iteration = 0; iteration < 3; ++iteration) {
    state.residual(t, y.data(), yp.data(), f.data());
    double worst = 0.0;
    for (double v : f) worst = std::max(worst, std::fabs(v));
    if (worst == 0.0) break;
    if (!factored) factor(lu, n, mixed_matrix(p, id, state.jacobian_partials(t, y.data(), yp.data())), t);
    factored = true;
    lu.solve(f);  // now the correction
    for (std::size_t c = 0; c < n; ++c) (id[c] == 1.0 ? yp[c] : y[c]) -= f[c];
  }
  // y' of the algebraic unknowns: the right-hand side is F_t + Σ_differential ∂F/∂y_j·y'_j.
  bool any_algebraic = false;
  for (double d : id) any_algebraic = any_algebraic || d == 0.0;
  if (!any_algebraic) return;
  const auto parts = state.jacobian_partials(t, y.data(), yp.data());
  factor(lu, n, mixed_matrix(p, id, parts), t);
  std::vector<double> rhs(n);
  state.time_partials(t, y.data(), yp.data(), rhs.data());
  const SparsityPattern& pat = p.jacobian().pattern();
  for (std::size_t c = 0; c < n; ++c) {
    if (id[c] != 1.0) continue;
    for (auto k = static_cast<std::size_t>(pat.col_start[c]); k < static_cast<std::size_t>(pat.col_start[c + 1]); ++k)
      rhs[static_cast<std::size_t>(pat.row_index[k])] += parts[k] * yp[c];
  }
  for (double& v : rhs) v = -v;
  lu.solve(rhs);  // now the rates
  for (std::size_t c = 0; c < n; ++c)
    if (id[c] == 0.0) yp[c] = rhs[c];
}

}  // namespace acausal
