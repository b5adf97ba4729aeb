#include "solver/state_selection_check.hpp"

#include <Eigen/Dense>
#include <Eigen/SparseLU>
#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "core/analysis/column_pivoting.hpp"
#include "solver/solver_error.hpp"

namespace acausal {
namespace {

/// Choose anew below this quality; a solver failure mentions it. The Cartesian pendulum that
/// chooses anew at every bottom and turning point balanced its energy to 7.2e-5 over 6 s at
/// tolerance 1e-6 with 0.1 (1.0e-5 of it before its first choice, while the choice degraded), to
/// 1.4e-5 with 0.3, with the same ten choices; 0.5 gained nothing more.
constexpr double kSuspect = 0.3;
/// A re-choice that kept the block (its best is poor: a tier the netlist asks for) is tried again
/// only once the quality has halved since.
constexpr double kWorsened = 0.5;
/// A block with more candidates than this is judged by a sparse factorization of its selected
/// block alone: the quality is |det| against its largest value since the last choice. (The dense
/// eigenvalue problems of MSL's EngineV6, two blocks of about 390 candidates, cost twenty times
/// its steps.)
constexpr std::size_t kDenseColumns = 64;
/// Where the blocks have more candidates than this in all, wants_new_choice() looks at every
/// kStride-th step: a selection degrades over many steps (its quality falls continuously with the
/// motion), and even sparse factorizations of large blocks at every step cost more than the steps
/// (at every 8th, EngineV6 ran 1.8 times as long as without the check; at every 32nd, 1.2 times).
constexpr std::size_t kEveryStepColumns = 64;
constexpr long kStride = 32;
/// The same where every block is kept (PivotBlock::kept): only a crossing of a singular
/// configuration matters there, and the sign of the determinant stays changed after it. (At every
/// 32nd step, watching EngineV6's two kept blocks took 1.37 times as long as its steps.)
constexpr long kKeptStride = 128;

/// A block's entries (PivotBlock::entries' values) over all its candidates, dense.
Eigen::MatrixXd dense(const PivotBlock& block, const double* values) {
  Eigen::MatrixXd all = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(block.rows), static_cast<Eigen::Index>(block.cols));
  for (std::size_t e = 0; e < block.entries_size(); ++e) all(block.entry_rows[e], block.entry_cols[e]) = values[e];
  return all;
}

/// The smallest eigenvalue of a·aᵀ (the square of a's smallest singular value, a with full row rank).
double smallest_eigenvalue_of_gram(const Eigen::MatrixXd& a) {
  const Eigen::MatrixXd gram = a * a.transpose();
  return Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(gram, Eigen::EigenvaluesOnly).eigenvalues()(0);
}

/// The sign of det(selected block): it changes only where the selection is singular, so a change
/// between two looks means the motion went through a configuration the selection cannot follow,
/// however briefly (a solver with a fresh iteration matrix may step across it).
double determinant_sign(const Eigen::MatrixXd& selected) {
  // From the factors' signs, not their product: a block of 64 rows can overflow or underflow it.
  const Eigen::PartialPivLU<Eigen::MatrixXd> lu(selected);
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
double quality(const Eigen::MatrixXd& all, const Eigen::MatrixXd& selected) {
  const double constraints = smallest_eigenvalue_of_gram(all);
  if (!(constraints > 0.0)) return 0.0;
  return std::sqrt(std::max(smallest_eigenvalue_of_gram(selected), 0.0) / constraints);
}

}  // namespace

struct StateSelectionCheck::SparseJudge {
  Eigen::SparseLU<Eigen::SparseMatrix<double>> lu;
  bool analysed = false;
};

StateSelectionCheck::~StateSelectionCheck() = default;

StateSelectionCheck::StateSelectionCheck(ProgramState& state) : state_(state) {
  if (idle()) return;
  values_.resize(state_.program().selection().output_count());
  std::size_t columns = 0;
  for (const PivotBlock& b : state_.program().pivot_blocks()) columns += b.cols;
  const bool all_kept = std::all_of(state_.program().pivot_blocks().begin(), state_.program().pivot_blocks().end(),
                                    [](const PivotBlock& b) { return b.kept; });
  stride_ = columns <= kEveryStepColumns ? 1 : all_kept ? kKeptStride : kStride;
  chosen_at_.assign(state_.program().pivot_blocks().size(), std::numeric_limits<double>::infinity());
  peak_log_det_.assign(state_.program().pivot_blocks().size(), -std::numeric_limits<double>::infinity());
  for (const PivotBlock& b : state_.program().pivot_blocks())
    sparse_.push_back(b.cols > kDenseColumns ? std::make_unique<SparseJudge>() : nullptr);
}

bool StateSelectionCheck::selected(std::size_t b, std::size_t c) const {
  const PivotBlock& block = state_.program().pivot_blocks()[b];
  const auto it = std::lower_bound(block.free.begin(), block.free.end(), static_cast<std::uint32_t>(c));
  // Not free: never a state in a choice the run makes (selected at the start, as every candidate
  // of a tier below the states' is), or a kept choice's.
  if (it == block.free.end() || *it != c) return block.selected[c];
  const auto f = static_cast<std::size_t>(it - block.free.begin());
  for (std::size_t k = 0; k < block.slots(); ++k)
    if (state_.discrete[block.first_switch + k * block.free.size() + f] != 0.0) return false;
  return true;
}

const std::vector<double>& StateSelectionCheck::qualities(double t, const double* y, const double* yp) {
  state_.selection(t, y, yp, values_.data());
  qualities_.clear();
  signs_.clear();
  std::size_t offset = 0;
  const std::vector<PivotBlock>& blocks = state_.program().pivot_blocks();
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    const auto rows = static_cast<Eigen::Index>(blocks[b].rows);
    const auto cols = static_cast<Eigen::Index>(blocks[b].cols);
    const double* values = values_.data() + offset;
    offset += blocks[b].entries_size();
    if (blocks[b].cols > kDenseColumns) {
      judge_sparse(b, values);
      continue;
    }
    const Eigen::MatrixXd all = dense(blocks[b], values);
    Eigen::MatrixXd in_block(rows, rows);
    Eigen::Index k = 0;
    for (Eigen::Index c = 0; c < cols && k < rows; ++c)
      if (selected(b, static_cast<std::size_t>(c))) in_block.col(k++) = all.col(c);
    qualities_.push_back(k == rows ? quality(all, in_block) : 0.0);
    signs_.push_back(k == rows ? determinant_sign(in_block) : 0.0);
  }
  return qualities_;
}

void StateSelectionCheck::judge_sparse(std::size_t b, const double* values) {
  const PivotBlock& block = state_.program().pivot_blocks()[b];
  std::vector<int> position(block.cols, -1);  // in the selected block
  int k = 0;
  for (std::size_t c = 0; c < block.cols; ++c)
    if (selected(b, c)) position[c] = k++;
  std::vector<Eigen::Triplet<double>> entries;
  for (std::size_t e = 0; e < block.entries_size(); ++e)
    if (const int p = position[block.entry_cols[e]]; p >= 0)  // zeros too: the same pattern at every look
      entries.emplace_back(static_cast<int>(block.entry_rows[e]), p, values[e]);
  const auto rows = static_cast<int>(block.rows);
  if (k != rows) {
    qualities_.push_back(0.0);
    signs_.push_back(0.0);
    return;
  }
  Eigen::SparseMatrix<double> selected_block(rows, rows);
  selected_block.setFromTriplets(entries.begin(), entries.end());
  SparseJudge& judge = *sparse_[b];
  Eigen::SparseLU<Eigen::SparseMatrix<double>>& lu = judge.lu;
  if (!judge.analysed) lu.analyzePattern(selected_block);
  judge.analysed = true;
  lu.factorize(selected_block);
  if (lu.info() != Eigen::Success) {
    qualities_.push_back(0.0);
    signs_.push_back(0.0);
    return;
  }
  const double log_det = lu.logAbsDeterminant();
  peak_log_det_[b] = std::max(peak_log_det_[b], log_det);
  qualities_.push_back(std::exp(log_det - peak_log_det_[b]));
  signs_.push_back(lu.signDeterminant());
}

bool StateSelectionCheck::wants_new_choice(double t, const double* y, const double* yp) {
  if (idle() || calls_++ % stride_ != 0) return false;
  const std::vector<double> previous_signs = std::move(signs_);
  const std::vector<double>& q = qualities(t, y, yp);
  const std::vector<PivotBlock>& blocks = state_.program().pivot_blocks();
  bool wanted = false;
  for (std::size_t b = 0; b < q.size(); ++b) {
    const bool crossed = b < previous_signs.size() && previous_signs[b] * signs_[b] < 0.0;
    // A kept choice may be poor against another (the netlist asked for it); singular, it ends the run.
    if (blocks[b].kept) {
      if (crossed) throw SolverError(t, kept_singular(b));
      continue;
    }
    wanted = wanted || crossed || (q[b] < kSuspect && q[b] < kWorsened * chosen_at_[b]);
  }
  return wanted;
}

bool StateSelectionCheck::choose(double t, const double* y, const double* yp) {
  if (idle()) return false;
  state_.selection(t, y, yp, values_.data());
  const std::vector<PivotBlock>& blocks = state_.program().pivot_blocks();
  std::vector<std::vector<bool>> choice(blocks.size());
  bool changed = false;
  std::size_t offset = 0;
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    const PivotBlock& block = blocks[b];
    if (block.kept) {
      choice[b] = block.selected;
      offset += block.entries_size();
      continue;
    }
    const Eigen::MatrixXd all = dense(block, values_.data() + offset);
    offset += block.entries_size();
    // Forced: what the level below solves for, and the candidates that are never states.
    std::vector<int> tiers(block.cols, -1);
    for (std::uint32_t c : block.free) tiers[c] = block.tiers[c];
    for (std::size_t c = 0; c < block.cols; ++c) {
      const std::int32_t below = block.below_block[c];
      if (below == PivotBlock::kForced || (below >= 0 && choice[static_cast<std::size_t>(below)][block.below_position[c]]))
        tiers[c] = -1;
    }
    const std::vector<std::size_t> pivots = pivot_columns(all, tiers);
    const bool complete = pivots.size() == block.rows;
    choice[b].assign(block.cols, false);
    for (std::size_t c : pivots) choice[b][c] = true;
    for (std::size_t c = 0; c < block.cols; ++c) {
      if (!complete) choice[b][c] = selected(b, c);  // the candidates lost rank: nothing better to take
      changed = changed || choice[b][c] != selected(b, c);
    }
  }
  if (changed) {
    // Slot k of a block takes its k-th state, in both the values and pre() (no event to report).
    const std::size_t m = state_.program().discretes().size();
    for (std::size_t b = 0; b < blocks.size(); ++b) {
      const PivotBlock& block = blocks[b];
      std::size_t slot = 0;  // of the next state
      for (std::size_t f = 0; f < block.free.size(); ++f) {
        const bool state = !choice[b][block.free[f]];
        for (std::size_t s = 0; s < block.slots(); ++s) {
          const std::size_t k = block.first_switch + s * block.free.size() + f;
          state_.discrete[k] = state_.discrete[m + k] = state && s == slot ? 1.0 : 0.0;
        }
        if (state) ++slot;
        state_.id[block.columns[f]] = state ? 1.0 : 0.0;
      }
    }
    ++changes_;
  }
  // A large block's quality is measured from here on against its determinant under this choice,
  // whose selected block has a pattern of its own.
  std::fill(peak_log_det_.begin(), peak_log_det_.end(), -std::numeric_limits<double>::infinity());
  if (changed)
    for (const std::unique_ptr<SparseJudge>& judge : sparse_)
      if (judge) judge->analysed = false;
  chosen_at_ = qualities(t, y, yp);
  return changed;
}

std::optional<std::size_t> StateSelectionCheck::deepest_below(double threshold) const {
  for (std::size_t b = 0; b < qualities_.size(); ++b)
    if (qualities_[b] < threshold) return b;
  return std::nullopt;
}

StateSelectionCheck::Roles StateSelectionCheck::roles(std::size_t block) const {
  const PivotBlock& b = state_.program().pivot_blocks()[block];
  Roles out;
  for (std::size_t c = 0; c < b.cols; ++c) {
    const bool fixed = selected(block, c);
    std::string& list = fixed ? out.fixed : out.states;
    list += (list.empty() ? "" : ", ") + b.variables[c];
    if (fixed) ++out.fixed_count;
  }
  return out;
}

std::string StateSelectionCheck::describe(std::size_t block, double quality) const {
  const PivotBlock& b = state_.program().pivot_blocks()[block];
  const Roles r = roles(block);
  std::ostringstream os;
  os << "the state selection does not fit the motion here: " << r.fixed << (r.fixed_count == 1 ? " is" : " are")
     << " solved from the constraint" << (b.rows == 1 ? "" : "s");
  for (const std::string& c : b.constraints) os << "\n  " << c;
  os << "\nwhose Jacobian with respect to " << (r.fixed_count == 1 ? "it" : "them") << " is nearly singular (" << quality
     << " of the best choice); the other candidates: " << r.states;
  if (b.kept) os << " (wanted 'always'; write \"prefer\" in place of \"always\" to let the run choose other states here)";
  return os.str();
}

std::string StateSelectionCheck::kept_singular(std::size_t block) const {
  const PivotBlock& b = state_.program().pivot_blocks()[block];
  const Roles r = roles(block);
  std::ostringstream os;
  os << "the states wanted 'always' (" << r.states
     << ") cannot stay states: the motion went through a configuration where the constraint" << (b.rows == 1 ? "" : "s");
  for (const std::string& c : b.constraints) os << "\n  " << c;
  os << "\ncannot be solved for " << r.fixed << " (" << (b.rows == 1 ? "its" : "their") << " Jacobian with respect to " << r.fixed
     << " changed sign since the last step); write \"prefer\" in place of \"always\" to let the run choose other states there";
  return os.str();
}

std::optional<std::string> StateSelectionCheck::diagnose(double t, const double* y, const double* yp) {
  if (idle()) return std::nullopt;
  const std::vector<double>& q = qualities(t, y, yp);
  if (auto root = deepest_below(kSuspect)) return describe(*root, q[*root]);
  return std::nullopt;
}

}  // namespace acausal
