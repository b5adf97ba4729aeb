#include "jacobian_tape.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <stdexcept>
#include <string>

#include "expr_diff.hpp"
#include "expr_walk.hpp"

namespace acausal {
namespace {

struct Partials {
  Expr dy = 0.0;
  Expr dyp = 0.0;
};

/// (column, row) → partials, ordered for CSC.
using EntryMap = std::map<std::pair<std::size_t, std::size_t>, Partials>;

EntryMap symbolic_entries(std::span<const Expr> residuals, const InputMap& inputs, std::size_t unknowns) {
  EntryMap entries;
  for (std::size_t i = 0; i < residuals.size(); ++i) {
    for (const Expr& leaf : leaves(residuals[i])) {
      std::optional<InputSlot> in = inputs(leaf);
      if (!in) throw std::invalid_argument("jacobian: no input for " + to_string(leaf));
      if (in->kind != InputKind::Y && in->kind != InputKind::YP) continue;
      if (in->index >= unknowns)
        throw std::invalid_argument("jacobian: " + to_string(leaf) + " maps to unknown " +
                                    std::to_string(in->index) + " of " + std::to_string(unknowns));
      Expr d = diff(residuals[i], leaf);
      if (d.is_constant() && d.constant_value() == 0.0) continue;
      Partials& p = entries[{in->index, i}];
      (in->kind == InputKind::Y ? p.dy : p.dyp) += d;
    }
  }
  return entries;
}

}  // namespace

JacobianTape::Structure JacobianTape::structure(std::span<const Expr> residuals, const InputMap& inputs,
                                                std::size_t unknowns) {
  Structure s;
  s.pattern.rows = residuals.size();
  s.pattern.cols = unknowns;
  s.pattern.col_start.assign(unknowns + 1, 0);
  for (const auto& [key, p] : symbolic_entries(residuals, inputs, unknowns)) {
    if (p.dy.is_constant() && p.dy.constant_value() == 0.0 && p.dyp.is_constant() &&
        p.dyp.constant_value() == 0.0)
      continue;  // the partials of several leaves cancelled
    ++s.pattern.col_start[key.first + 1];
    s.pattern.row_index.push_back(static_cast<std::int64_t>(key.second));
    s.dy.push_back(p.dy);
    s.dyp.push_back(p.dyp);
  }
  std::partial_sum(s.pattern.col_start.begin(), s.pattern.col_start.end(), s.pattern.col_start.begin());
  s.partials = s.dy;
  s.partials.insert(s.partials.end(), s.dyp.begin(), s.dyp.end());
  return s;
}

JacobianTape::JacobianTape(std::span<const Expr> residuals, const InputMap& inputs, std::size_t unknowns,
                           const IndicatorIndex* indicators)
    : JacobianTape(structure(residuals, inputs, unknowns), inputs, indicators) {}

JacobianTape::JacobianTape(Structure s, const InputMap& inputs, const IndicatorIndex* indicators)
    : pattern_(std::move(s.pattern)), dy_(std::move(s.dy)), dyp_(std::move(s.dyp)),
      tape_(s.partials, inputs, indicators), partials_(s.partials.size()) {}

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
