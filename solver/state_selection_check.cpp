#include "solver/state_selection_check.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <sstream>

#include "solver/solver_error.hpp"

namespace acausal {
namespace {

constexpr double kDegraded = 1e-3;  // stop the run below this quality
constexpr double kSuspect = 0.1;    // mention the selection in a solver failure below this one
/// check() looks at every kStride-th step: a selection degrades over many steps (its quality
/// falls continuously with the motion), and a solver failure in between is diagnosed anyway. At
/// every step the blocks' eigenvalue problems took 35 % of the 10-link pendulum chain's run.
constexpr long kStride = 8;

/// The smallest eigenvalue of a·aᵀ (the square of a's smallest singular value, a with full row rank).
double smallest_eigenvalue_of_gram(const Eigen::MatrixXd& a) {
  const Eigen::MatrixXd gram = a * a.transpose();
  return Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(gram, Eigen::EigenvaluesOnly).eigenvalues()(0);
}

/// The sign of det(selected block): it changes only where the selection is singular, so a change
/// between two looks means the motion went through a configuration the selection cannot follow,
/// however briefly (a solver with a fresh iteration matrix may step across it).
double determinant_sign(const Eigen::MatrixXd& all) {
  // From the factors' signs, not their product: a block of 64 rows can overflow or underflow it.
  const Eigen::PartialPivLU<Eigen::MatrixXd> lu(all.leftCols(all.rows()));
  double sign = static_cast<double>(lu.permutationP().determinant());
  for (Eigen::Index i = 0; i < lu.matrixLU().rows(); ++i) {
    const double pivot = lu.matrixLU()(i, i);
    if (pivot == 0.0) return 0.0;
    if (pivot < 0.0) sign = -sign;
  }
  return sign;
}

/// σ_min(selected)/σ_min(all candidates): how much worse the selected block is than the
/// constraints themselves. Measured against σ_max instead, a block that is nonsingular by structure
/// (a chain of rotations with identities on its diagonal) reads worse the longer the chain, at any
/// motion. 0 where the constraints themselves lose rank.
double quality(const Eigen::MatrixXd& all) {
  const double constraints = smallest_eigenvalue_of_gram(all);
  if (!(constraints > 0.0)) return 0.0;
  const double selected = smallest_eigenvalue_of_gram(all.leftCols(all.rows()));
  return std::sqrt(std::max(selected, 0.0) / constraints);
}

}  // namespace

StateSelectionCheck::StateSelectionCheck(ProgramState& state) : state_(state) {
  if (!idle()) values_.resize(state_.program().selection().output_count());
}

const std::vector<double>& StateSelectionCheck::qualities(double t, const double* y, const double* yp) {
  state_.selection(t, y, yp, values_.data());
  qualities_.clear();
  signs_.clear();
  std::size_t offset = 0;
  for (const PivotBlock& block : state_.program().pivot_blocks()) {
    const auto rows = static_cast<Eigen::Index>(block.rows);
    const auto cols = static_cast<Eigen::Index>(block.cols);
    const Eigen::MatrixXd all = Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
        values_.data() + offset, rows, cols);
    offset += block.rows * block.cols;
    qualities_.push_back(quality(all));
    signs_.push_back(determinant_sign(all));
  }
  return qualities_;
}

std::optional<std::size_t> StateSelectionCheck::deepest_below(double threshold) const {
  for (std::size_t b = 0; b < qualities_.size(); ++b)
    if (qualities_[b] < threshold) return b;
  return std::nullopt;
}

std::string StateSelectionCheck::describe(std::size_t block, double quality, bool crossed) const {
  const PivotBlock& b = state_.program().pivot_blocks()[block];
  std::ostringstream os;
  os << "the state selection no longer fits the motion: ";
  for (std::size_t k = 0; k < b.rows; ++k) os << (k ? ", " : "") << b.variables[k];
  os << (b.rows == 1 ? " is" : " are") << " solved from the constraint" << (b.rows == 1 ? "" : "s");
  for (const std::string& c : b.constraints) os << "\n  " << c;
  os << "\nwhose Jacobian with respect to " << (b.rows == 1 ? "it" : "them");
  if (crossed)
    os << " has passed through singular (its determinant changed sign since the last look)";
  else
    os << " has become nearly singular (" << quality << " of the best choice)";
  os << "; states to choose from instead: ";
  for (std::size_t k = b.rows; k < b.cols; ++k) os << (k > b.rows ? ", " : "") << b.variables[k];
  os << " (this version selects states once, at the start)";
  return os.str();
}

void StateSelectionCheck::check(double t, const double* y, const double* yp) {
  if (idle() || calls_++ % kStride != 0) return;
  std::vector<double> previous_signs = std::move(signs_);
  const std::vector<double>& q = qualities(t, y, yp);
  for (std::size_t b = 0; b < previous_signs.size() && b < signs_.size(); ++b)
    if (previous_signs[b] * signs_[b] < 0.0) throw SolverError(t, describe(b, 0.0, true));
  if (!deepest_below(kDegraded)) return;
  const std::size_t root = *deepest_below(kSuspect);
  throw SolverError(t, describe(root, q[root], false));
}

std::optional<std::string> StateSelectionCheck::diagnose(double t, const double* y, const double* yp) {
  if (idle()) return std::nullopt;
  const std::vector<double>& q = qualities(t, y, yp);
  if (auto root = deepest_below(kSuspect)) return describe(*root, q[*root], false);
  return std::nullopt;
}

}  // namespace acausal
