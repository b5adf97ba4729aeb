#include "solver/consistency.hpp"

#include <Eigen/SparseCore>
#include <Eigen/SparseLU>
#include <cmath>

#include "solver/solver_error.hpp"

namespace acausal {

void make_consistent(Program& p, double t, std::vector<double>& y, std::vector<double>& yp,
                     const std::vector<double>& branch) {
  const std::size_t n = p.size();
  const std::vector<double>& id = p.id();
  const SparsityPattern& pat = p.jacobian().pattern();
  const std::size_t nnz = pat.nonzeros();
  std::vector<double> f(n);
  for (int iteration = 0; iteration < 3; ++iteration) {
    p.residual().evaluate({t, y.data(), yp.data(), nullptr}, f.data(), branch.data());
    double worst = 0.0;
    for (double v : f) worst = std::max(worst, std::fabs(v));
    if (worst == 0.0) return;
    // Column j of the Newton matrix: ∂F/∂y'_j for a differential unknown, ∂F/∂y_j for an algebraic one.
    auto parts = p.jacobian().partials({t, y.data(), yp.data(), nullptr}, branch.data());
    std::vector<Eigen::Triplet<double>> triplets;
    triplets.reserve(nnz);
    for (std::size_t c = 0; c < n; ++c)
      for (auto k = static_cast<std::size_t>(pat.col_start[c]); k < static_cast<std::size_t>(pat.col_start[c + 1]); ++k) {
        const double v = id[c] == 1.0 ? parts[nnz + k] : parts[k];
        if (v != 0.0) triplets.emplace_back(static_cast<int>(pat.row_index[k]), static_cast<int>(c), v);
      }
    Eigen::SparseMatrix<double> J(static_cast<int>(n), static_cast<int>(n));
    J.setFromTriplets(triplets.begin(), triplets.end());
    Eigen::SparseLU<Eigen::SparseMatrix<double>> lu(J);
    if (lu.info() != Eigen::Success) throw SolverError(t, "consistent derivatives: the equations are singular here");
    Eigen::VectorXd delta = lu.solve(Eigen::Map<Eigen::VectorXd>(f.data(), static_cast<Eigen::Index>(n)));
    for (std::size_t c = 0; c < n; ++c) (id[c] == 1.0 ? yp[c] : y[c]) -= delta[static_cast<Eigen::Index>(c)];
  }
}

}  // namespace acausal
