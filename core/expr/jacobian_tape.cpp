#include "core/expr/jacobian_tape.hpp"

#include <algorithm>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <string>

#include "core/expr/expr_diff.hpp"
#include "core/expr/expr_map.hpp"
#include "core/expr/expr_walk.hpp"

namespace acausal {
namespace {

struct Partials {
  Expr dy = 0.0;
  Expr dyp = 0.0;
};

/// A nonzero (column, row) of the Jacobian and its partials.
struct Entry {
  std::size_t column, row;
  Partials partials;
};
/// Entries in CSC order (by column, then row), each place once.
using EntryMap = std::vector<Entry>;

/// The coefficient of `leaf` in a term that is the leaf itself or a constant times it.
std::optional<double> linear_coefficient(const Expr& term, const Expr& leaf) {
  if (term == leaf) return 1.0;
  const auto a = term.args();
  if (term.op() == Op::Mul && a.size() == 2 && a[0].is_constant() && a[1] == leaf) return a[0].constant_value();
  return std::nullopt;
}

/// ∂residual/∂leaf for each of `leaf_list` (the residual's leaves), the same nodes diff() gives.
/// A residual is nearly always a sum of terms, most of them c·leaf: one pass over the terms reads
/// those coefficients and differentiates only the other terms, each for its own leaves, instead of
/// differentiating the whole residual once per leaf. diff()'s sum rule adds the terms' derivatives
/// in term order; so does this, and a sum of one derivative still goes through sum() (with a zero
/// term) so that it is simplified exactly as diff() simplifies it.
std::vector<Expr> partials_of(const Expr& residual, const std::vector<Expr>& leaf_list) {
  std::vector<Expr> out(leaf_list.size());
  if (residual.op() == Op::Add && is_linear_combination(residual)) {
    // Σ c·leaf + constant (the usual residual): the partials are the coefficients. A canonical sum
    // has each leaf in one term, so this is the constant diff() would give.
    for (const Expr& term : residual.args()) {
      if (term.is_constant()) continue;
      const bool bare = term.is_leaf();
      const Expr& leaf = bare ? term : term.args()[1];
      const auto k = static_cast<std::size_t>(std::find(leaf_list.begin(), leaf_list.end(), leaf) - leaf_list.begin());
      out[k] = Expr(bare ? 1.0 : term.args()[0].constant_value());
    }
    return out;
  }
  if (residual.op() != Op::Add) {
    for (std::size_t k = 0; k < leaf_list.size(); ++k) out[k] = diff(residual, leaf_list[k]);
    return out;
  }
  ExprMap<std::size_t> position;
  for (std::size_t k = 0; k < leaf_list.size(); ++k) position.emplace(leaf_list[k], k);
  std::vector<std::vector<Expr>> contributions(leaf_list.size(), std::vector<Expr>{Expr(0.0)});
  for (const Expr& term : residual.args()) {
    if (term.is_constant()) continue;
    if (term.is_leaf()) {
      contributions[*position.find(term)].push_back(Expr(1.0));
      continue;
    }
    for (const Expr& leaf : leaves(term)) {
      const std::optional<double> c = linear_coefficient(term, leaf);
      contributions[*position.find(leaf)].push_back(c ? Expr(*c) : diff(term, leaf));
    }
  }
  for (std::size_t k = 0; k < leaf_list.size(); ++k) out[k] = sum(contributions[k]);
  return out;
}

EntryMap symbolic_entries(std::span<const Expr> residuals, const InputMap& inputs, std::size_t unknowns) {
  EntryMap entries;
  for (std::size_t i = 0; i < residuals.size(); ++i) {
    const std::vector<Expr> leaf_list = leaves(residuals[i]);
    const std::vector<Expr> partials = partials_of(residuals[i], leaf_list);
    for (std::size_t k = 0; k < leaf_list.size(); ++k) {
      const Expr& leaf = leaf_list[k];
      std::optional<InputSlot> in = inputs(leaf);
      if (!in) throw std::invalid_argument("jacobian: no input for " + to_string(leaf));
      if (in->kind != InputKind::Y && in->kind != InputKind::YP) continue;
      if (in->index >= unknowns)
        throw std::invalid_argument("jacobian: " + to_string(leaf) + " maps to unknown " +
                                    std::to_string(in->index) + " of " + std::to_string(unknowns));
      const Expr& d = partials[k];
      if (d.is_constant() && d.constant_value() == 0.0) continue;
      Entry e{in->index, i, {}};
      (in->kind == InputKind::Y ? e.partials.dy : e.partials.dyp) = d;
      entries.push_back(std::move(e));
    }
  }
  // CSC order; x and der(x) of one unknown in one residual are one place.
  std::sort(entries.begin(), entries.end(),
            [](const Entry& a, const Entry& b) { return a.column != b.column ? a.column < b.column : a.row < b.row; });
  EntryMap merged;
  merged.reserve(entries.size());
  for (Entry& e : entries) {
    if (!merged.empty() && merged.back().column == e.column && merged.back().row == e.row) {
      merged.back().partials.dy += e.partials.dy;
      merged.back().partials.dyp += e.partials.dyp;
      continue;
    }
    merged.push_back(std::move(e));
  }
  return merged;
}

}  // namespace

JacobianTape::Structure JacobianTape::structure(std::span<const Expr> residuals, const InputMap& inputs,
                                                std::size_t unknowns) {
  Structure s;
  s.pattern.rows = residuals.size();
  s.pattern.cols = unknowns;
  s.pattern.col_start.assign(unknowns + 1, 0);
  for (const auto& [column, row, p] : symbolic_entries(residuals, inputs, unknowns)) {
    if (p.dy.is_constant() && p.dy.constant_value() == 0.0 && p.dyp.is_constant() &&
        p.dyp.constant_value() == 0.0)
      continue;  // the partials of several leaves cancelled
    ++s.pattern.col_start[column + 1];
    s.pattern.row_index.push_back(static_cast<std::int64_t>(row));
    s.dy.push_back(p.dy);
    s.dyp.push_back(p.dyp);
  }
  std::partial_sum(s.pattern.col_start.begin(), s.pattern.col_start.end(), s.pattern.col_start.begin());
  s.partials = s.dy;
  s.partials.insert(s.partials.end(), s.dyp.begin(), s.dyp.end());
  return s;
}

JacobianTape::JacobianTape(std::span<const Expr> residuals, const InputMap& inputs, std::size_t unknowns,
                           const IndicatorIndex* indicators, Tape::Unindexed unindexed)
    : JacobianTape(structure(residuals, inputs, unknowns), inputs, indicators, unindexed) {}

JacobianTape::JacobianTape(Structure s, const InputMap& inputs, const IndicatorIndex* indicators,
                           Tape::Unindexed unindexed)
    : pattern_(std::move(s.pattern)), dy_(std::move(s.dy)), dyp_(std::move(s.dyp)),
      tape_(s.partials, inputs, indicators, unindexed), partials_(s.partials.size()) {}

std::span<const double> JacobianTape::partials(const TapeInputs& inputs, const double* branch) {
  tape_.evaluate(inputs, partials_.data(), branch);
  return partials_;
}

void JacobianTape::evaluate(const TapeInputs& inputs, double cj, double* values, const double* branch) {
  tape_.evaluate(inputs, partials_.data(), branch);
  const std::size_t n = dy_.size();
  for (std::size_t k = 0; k < n; ++k) values[k] = partials_[k] + cj * partials_[n + k];
}

}  // namespace acausal
