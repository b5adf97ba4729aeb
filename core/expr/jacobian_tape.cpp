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

/// The coefficient of `leaf` in a term that is the leaf itself or a constant times it.
std::optional<Coef> linear_coefficient(const Expr& term, const Expr& leaf) {
  if (term == leaf) return Coef(1.0);
  const auto a = term.args();
  if (term.op() == Op::Mul && a.size() == 2 && a[0].is_constant() && a[1] == leaf) return a[0].coef();
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
      out[k] = bare ? Expr(1.0) : Expr(term.args()[0].coef());
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
      const std::optional<Coef> c = linear_coefficient(term, leaf);
      contributions[*position.find(leaf)].push_back(c ? Expr(*c) : diff(term, leaf));
    }
  }
  for (std::size_t k = 0; k < leaf_list.size(); ++k) out[k] = sum(contributions[k]);
  return out;
}

}  // namespace

/// Adds the entries of `residual` (output `row`): its partials by the unknowns its leaves read.
void JacobianTape::add_symbolic_entries(Entries& out, const Expr& residual, std::size_t row, const InputMap& inputs,
                                        std::size_t unknowns) {
  const std::vector<Expr> leaf_list = leaves(residual);
  const std::vector<Expr> partials = partials_of(residual, leaf_list);
  for (std::size_t k = 0; k < leaf_list.size(); ++k) {
    const Expr& leaf = leaf_list[k];
    std::optional<InputSlot> in = inputs(leaf);
    if (!in) throw std::invalid_argument("jacobian: no input for " + to_string(leaf));
    if (in->kind != InputKind::Y && in->kind != InputKind::YP) continue;
    if (in->index >= unknowns)
      throw std::invalid_argument("jacobian: " + to_string(leaf) + " maps to unknown " + std::to_string(in->index) +
                                  " of " + std::to_string(unknowns));
    const Expr& d = partials[k];
    if (d.is_literal(0.0)) continue;
    Entry e{static_cast<std::uint32_t>(in->index), static_cast<std::uint32_t>(row), {}, {}};
    Partial& p = in->kind == InputKind::Y ? e.dy : e.dyp;
    if (d.is_constant()) {
      p.constant = d.coef();
    } else {
      p.varying = static_cast<std::uint32_t>(out.expressions.size());
      out.expressions.push_back(d);
    }
    out.entries.push_back(e);
  }
}

JacobianTape::Structure JacobianTape::structure(Entries in, std::size_t rows, std::size_t unknowns) {
  // CSC order (by column, then row); x and der(x) of one unknown in one residual are one place.
  std::vector<Entry>& entries = in.entries;
  std::sort(entries.begin(), entries.end(),
            [](const Entry& a, const Entry& b) { return a.column != b.column ? a.column < b.column : a.row < b.row; });
  auto add = [&in](Partial& to, const Partial& p) {
    to.constant += p.constant;
    if (p.varying == kNone) return;
    if (to.varying == kNone) {
      to.varying = p.varying;
      return;
    }
    in.expressions[to.varying] = in.expressions[to.varying] + in.expressions[p.varying];
  };
  std::size_t merged = 0;
  for (std::size_t k = 0; k < entries.size(); ++k) {
    if (merged > 0 && entries[merged - 1].column == entries[k].column && entries[merged - 1].row == entries[k].row) {
      add(entries[merged - 1].dy, entries[k].dy);
      add(entries[merged - 1].dyp, entries[k].dyp);
      continue;
    }
    entries[merged++] = entries[k];
  }
  entries.resize(merged);

  Structure s;
  s.pattern.rows = rows;
  s.pattern.cols = unknowns;
  s.pattern.col_start.assign(unknowns + 1, 0);
  s.pattern.row_index.reserve(entries.size());
  std::size_t n = 0;  // the entries kept, moved to the front
  for (Entry e : entries) {
    for (Partial* p : {&e.dy, &e.dyp})
      if (p->varying != kNone && in.expressions[p->varying].is_constant()) {  // terms that cancelled to a number
        p->constant += in.expressions[p->varying].coef();
        p->varying = kNone;
      }
    auto zero = [](const Partial& p) { return p.constant.is_zero() && p.varying == kNone; };
    if (zero(e.dy) && zero(e.dyp)) continue;  // the partials of several leaves cancelled
    ++s.pattern.col_start[e.column + 1];
    s.pattern.row_index.push_back(static_cast<std::int64_t>(e.row));
    entries[n++] = e;
  }
  std::partial_sum(s.pattern.col_start.begin(), s.pattern.col_start.end(), s.pattern.col_start.begin());
  s.constant.resize(2 * n);
  s.varying_of.assign(2 * n, kNone);
  for (std::size_t half = 0; half < 2; ++half)
    for (std::size_t k = 0; k < n; ++k) {
      const Partial& p = half == 0 ? entries[k].dy : entries[k].dyp;
      const std::size_t place = half * n + k;
      s.constant[place] = p.constant.value;
      if (p.constant.traced()) s.traced.push_back({static_cast<std::uint32_t>(place), p.constant.trace});
      if (p.varying == kNone) continue;
      s.varying_of[place] = static_cast<std::uint32_t>(s.varying.size());
      s.varying.push_back(in.expressions[p.varying]);
      s.varying_place.push_back(static_cast<std::uint32_t>(place));
    }
  return s;
}

JacobianTape::JacobianTape(std::span<const Expr> residuals, const InputMap& inputs, std::size_t unknowns,
                           const IndicatorIndex* indicators, Tape::Unindexed unindexed)
    : JacobianTape(structure(
                       [&] {
                         Entries entries;
                         for (std::size_t i = 0; i < residuals.size(); ++i)
                           add_symbolic_entries(entries, residuals[i], i, inputs, unknowns);
                         return entries;
                       }(),
                       residuals.size(), unknowns),
                   inputs, indicators, unindexed) {}

namespace {

void check_slot(Slot s, std::size_t unknowns) {
  if (s.column >= unknowns || s.order > 1)
    throw std::invalid_argument("jacobian: a row reads slot (" + std::to_string(s.column) + ", order " +
                                std::to_string(s.order) + ") of " + std::to_string(unknowns) + " unknowns");
}

}  // namespace

bool JacobianTape::linear_alone(const RowStore& rows) {
  for (const RowView row : rows) {
    if (!row.rest.is_constant()) return false;
    for (const LinearRow::Term& t : row.terms)
      if (t.coefficient().is_zero()) return false;
  }
  return true;
}

JacobianTape::Structure JacobianTape::linear_structure(const RowStore& rows, std::size_t unknowns) {
  // A place per (column, row) that a row reads, x and der(x) of one unknown in one row being one.
  // Rows are visited in order, so each column's rows come out ascending, as CSC wants them.
  Structure s;
  s.pattern.rows = rows.size();
  s.pattern.cols = unknowns;
  s.pattern.col_start.assign(unknowns + 1, 0);
  std::vector<std::uint32_t> last_row(unknowns, kNone);
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (const LinearRow::Term& t : rows[i].terms) {
      check_slot(t.slot(), unknowns);
      if (last_row[t.slot().column] == i) continue;
      last_row[t.slot().column] = static_cast<std::uint32_t>(i);
      ++s.pattern.col_start[t.slot().column + 1];
    }
  std::partial_sum(s.pattern.col_start.begin(), s.pattern.col_start.end(), s.pattern.col_start.begin());
  const auto n = static_cast<std::size_t>(s.pattern.col_start.back());
  s.pattern.row_index.resize(n);
  s.constant.assign(2 * n, 0.0);
  std::unordered_map<std::size_t, Coef> traced;  // the places a tunable coefficient reaches
  s.varying_of.assign(2 * n, kNone);
  std::vector<std::int64_t> next(s.pattern.col_start.begin(), s.pattern.col_start.end() - 1);
  std::vector<std::int64_t> last_place(unknowns, 0);
  std::fill(last_row.begin(), last_row.end(), kNone);
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (const LinearRow::Term& t : rows[i].terms) {
      const std::uint32_t c = t.slot().column;
      if (last_row[c] != i) {
        last_row[c] = static_cast<std::uint32_t>(i);
        last_place[c] = next[c]++;
        s.pattern.row_index[static_cast<std::size_t>(last_place[c])] = static_cast<std::int64_t>(i);
      }
      const std::size_t place = static_cast<std::size_t>(last_place[c]) + (t.slot().order == 0 ? 0 : n);
      const Coef k = t.coefficient();
      if (k.traced() || (!traced.empty() && traced.count(place) != 0)) {
        Coef& sum = traced.emplace(place, Coef(s.constant[place])).first->second;
        sum += k;
        s.constant[place] = sum.value;
      } else {
        s.constant[place] += k.value;
      }
    }
  for (const auto& [place, sum] : traced)
    if (sum.traced()) s.traced.push_back({static_cast<std::uint32_t>(place), sum.trace});
  std::sort(s.traced.begin(), s.traced.end(), [](const TracedPlace& a, const TracedPlace& b) { return a.place < b.place; });
  return s;
}

JacobianTape::Entries JacobianTape::entries_of(const RowStore& rows, const InputMap& inputs, std::size_t unknowns) {
  // A linear term's partial is its coefficient; the remainder is differentiated.
  Entries entries;
  std::size_t terms = 0;  // the entries, but the remainders'
  for (const RowView row : rows) terms += row.terms.size();
  entries.entries.reserve(terms);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const RowView row = rows[i];
    for (const LinearRow::Term& t : row.terms) {
      check_slot(t.slot(), unknowns);
      Entry e{t.slot().column, static_cast<std::uint32_t>(i), {}, {}};
      (t.slot().order == 0 ? e.dy : e.dyp).constant = t.coefficient();
      entries.entries.push_back(e);
    }
    if (!row.rest.is_constant()) add_symbolic_entries(entries, row.rest, i, inputs, unknowns);
  }
  return entries;
}

JacobianTape::JacobianTape(const RowStore& rows, const InputMap& inputs, std::size_t unknowns,
                           const IndicatorIndex* indicators, Tape::Unindexed unindexed)
    : JacobianTape(linear_alone(rows) ? linear_structure(rows, unknowns)
                                      : structure(entries_of(rows, inputs, unknowns), rows.size(), unknowns),
                   inputs, indicators, unindexed) {}

JacobianTape::JacobianTape(Structure s, const InputMap& inputs, const IndicatorIndex* indicators,
                           Tape::Unindexed unindexed)
    : pattern_(std::move(s.pattern)), constant_(std::move(s.constant)), varying_(std::move(s.varying)),
      varying_of_(std::move(s.varying_of)), varying_place_(std::move(s.varying_place)),
      tape_(varying_, inputs, indicators, unindexed), traced_places_(std::move(s.traced)) {}

void JacobianTape::release_expressions() {
  varying_ = decltype(varying_)();
}

const JacobianTape::TracedPlace* JacobianTape::traced(std::size_t place) const {
  const auto it = std::lower_bound(traced_places_.begin(), traced_places_.end(), place,
                                   [](const TracedPlace& t, std::size_t p) { return t.place < p; });
  return it != traced_places_.end() && it->place == place ? &*it : nullptr;
}

Expr JacobianTape::partial(std::size_t place) const {
  // Released: the tape still has its outputs, the expressions are gone.
  if (varying_.size() != tape_.output_count()) throw std::logic_error("jacobian: the partials' expressions were released");
  const TracedPlace* t = traced(place);
  const Expr c = t != nullptr ? Expr(Coef(constant_[place], t->step)) : Expr(constant_[place]);
  return varying_of_[place] == kNone ? c : c + varying_[varying_of_[place]];
}

JacobianTape::Workspace JacobianTape::workspace() const {
  return {tape_.workspace(), {}, std::vector<double>(tape_.output_count()), {}};
}

void JacobianTape::parameterize(Workspace& work, const std::function<double(std::uint32_t)>& value) const {
  tape_.parameterize(work.tape, value);
  if (traced_places_.empty()) return;
  work.constant = constant_;
  for (const TracedPlace& t : traced_places_) work.constant[t.place] = value(t.step);
}

std::vector<std::uint32_t> JacobianTape::traced_steps() const {
  std::vector<std::uint32_t> steps = tape_.traced_steps();
  for (const TracedPlace& t : traced_places_) steps.push_back(t.step);
  return steps;
}

std::span<const double> JacobianTape::partials(const TapeInputs& inputs, const double* branch, Workspace& work) const {
  const std::vector<double>& constant = work.constant.empty() ? constant_ : work.constant;
  work.partials.resize(constant.size());  // made on first use: the integrator's evaluate() needs none
  std::copy(constant.begin(), constant.end(), work.partials.begin());
  if (tape_.output_count() != 0) {
    tape_.evaluate(inputs, work.varying.data(), branch, work.tape);
    for (std::size_t m = 0; m < varying_place_.size(); ++m) work.partials[varying_place_[m]] += work.varying[m];
  }
  return work.partials;
}

std::vector<double> JacobianTape::partials(const TapeInputs& inputs, const double* branch) const {
  Workspace work = workspace();
  partials(inputs, branch, work);
  return std::move(work.partials);
}

void JacobianTape::evaluate(const TapeInputs& inputs, double cj, double* values, const double* branch,
                            Workspace& work) const {
  const std::size_t n = pattern_.nonzeros();
  const std::vector<double>& constant = work.constant.empty() ? constant_ : work.constant;
  if (tape_.output_count() == 0) {
    for (std::size_t k = 0; k < n; ++k) values[k] = constant[k] + cj * constant[n + k];
    return;
  }
  // The partials as partials() sums them (constant + varying part, 0 where none), without an array
  // of 2·nonzeros for them: a large model's would be the run's largest after the factorization.
  tape_.evaluate(inputs, work.varying.data(), branch, work.tape);
  const auto partial = [&](std::size_t place) {
    const std::uint32_t m = varying_of_[place];
    return constant[place] + (m == kNone ? 0.0 : work.varying[m]);
  };
  for (std::size_t k = 0; k < n; ++k) values[k] = partial(k) + cj * partial(n + k);
}

void JacobianTape::evaluate(const TapeInputs& inputs, double cj, double* values, const double* branch) const {
  Workspace work = workspace();
  evaluate(inputs, cj, values, branch, work);
}

}  // namespace acausal
