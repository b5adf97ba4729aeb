#include "core/analysis/column_pivoting.hpp"

#include <algorithm>

namespace acausal {

std::vector<std::size_t> pivot_columns(Eigen::MatrixXd a, const std::vector<int>& tiers) {
  const Eigen::Index m = a.rows(), n = a.cols();
  std::vector<std::size_t> chosen;
  const double scale = n > 0 ? a.cwiseAbs().maxCoeff() : 0.0;
  if (!(scale > 0.0)) return chosen;
  std::vector<bool> taken(static_cast<std::size_t>(n), false);
  std::vector<int> order = tiers;
  std::sort(order.begin(), order.end());
  order.erase(std::unique(order.begin(), order.end()), order.end());
  for (int t : order)
    while (static_cast<Eigen::Index>(chosen.size()) < m) {
      Eigen::Index best = -1;
      double best_norm = kPivotTolerance * scale;
      for (Eigen::Index c = 0; c < n; ++c)
        if (!taken[static_cast<std::size_t>(c)] && tiers[static_cast<std::size_t>(c)] == t && a.col(c).norm() > best_norm) {
          best = c;
          best_norm = a.col(c).norm();
        }
      if (best < 0) break;
      taken[static_cast<std::size_t>(best)] = true;
      chosen.push_back(static_cast<std::size_t>(best));
      const Eigen::VectorXd q = a.col(best) / best_norm;
      for (Eigen::Index c = 0; c < n; ++c)
        if (!taken[static_cast<std::size_t>(c)]) a.col(c) -= q * q.dot(a.col(c));
    }
  return chosen;
}

}  // namespace acausal
