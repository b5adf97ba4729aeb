#include "core/analysis/index_reduction.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>

#include "core/analysis/analysis.hpp"
#include "core/model/errors.hpp"
#include "core/expr/expr_diff.hpp"
#include "core/expr/expr_map.hpp"
#include "core/expr/expr_walk.hpp"
#include "core/analysis/matching.hpp"
#include "core/analysis/pantelides.hpp"

namespace acausal {
namespace {

/// A pivot this much smaller than the largest entry of its block counts as zero.
constexpr double kPivotTolerance = 1e-10;
/// Dense pivoting of a part costs O(rows²·cols); larger parts (a long rigid chain of gears, the
/// constraints of a spatial loop) are selected by structure and tier, and up to kCheckedColumns the
/// structural choice is checked at the start values (pivoted numerically where it is singular
/// there). Parts up to kDenseColumns are checked during the run (a dense eigenvalue problem of their
/// size at every step: a 10-link pendulum chain's parts of 100–300 candidates made that three
/// times the cost of its steps); larger ones are listed as unchecked (IndexReduction::unchecked).
constexpr std::size_t kDenseColumns = 64;
constexpr std::size_t kCheckedColumns = 512;

Expr nth_derivative(const Expr& x, int k) {
  Expr d = x;
  for (int i = 0; i < k; ++i) d = der(d);
  return d;
}

/// Order in which candidates are selected (made non-states): lower first. Derivatives come right
/// after `never`, so that a state is a variable the user declared wherever possible.
int selection_tier(StatePriority p, int order) {
  if (p == StatePriority::Never) return 0;
  if (order >= 1) return 1;
  switch (p) {
    case StatePriority::Avoid: return 2;
    case StatePriority::Default: return 3;
    case StatePriority::Prefer: return 4;
    default: return 5;  // Always
  }
}

/// One entry of the system Jacobian ∂f_i/∂x_j^(d_j − c_i).
struct Entry {
  std::size_t column;
  Expr partial;
  double value;  ///< at the start values
};

class Reducer {
 public:
  Reducer(const Model& model, ReducedDae& r, std::vector<Expr>& residuals) : model_(model), r_(r), residuals_(residuals) {
    for (std::size_t k = 0; k < r.unknowns.size(); ++k) column_.emplace(r.unknowns[k], k);
  }

  void run() {
    structure();
    const PantelidesResult p = pantelides(incidence_, r_.unknowns.size());
    c_ = p.equation_differentiations;
    d_ = p.variable_order;
    r_.reduction.index = p.index;
    for (std::size_t i = 0; i < residuals_.size(); ++i)
      if (c_[i] > 0) refuse_differentiated_input(i);
    jacobian();
    select_levels();
    rewrite();
  }

 private:
  std::size_t column_of(const Expr& leaf) const {
    return *column_.find(leaf.op() == Op::Derivative ? leaf.args()[0] : leaf);
  }

  std::string name(std::size_t j) const { return model_.variable_name(r_.unknown_variable[j]); }

  /// Highest derivative order of each unknown in each residual.
  void structure() {
    incidence_.resize(residuals_.size());
    for (std::size_t i = 0; i < residuals_.size(); ++i)
      for (const Expr& leaf : leaves(residuals_[i])) {
        if (leaf.op() != Op::Variable && leaf.op() != Op::Derivative) continue;
        const std::size_t j = column_of(leaf);
        const int order = leaf.op() == Op::Derivative ? leaf.order() : 0;
        auto it = std::find_if(incidence_[i].begin(), incidence_[i].end(), [&](const Incidence& in) { return in.variable == j; });
        if (it == incidence_[i].end())
          incidence_[i].push_back({j, order});
        else
          it->order = std::max(it->order, order);
      }
  }

  /// The rows of the system Jacobian that the levels need (equations differentiated at least once),
  /// symbolically and at the start values: targets where the netlist gives them, else start values.
  void jacobian() {
    std::vector<double> start(r_.unknowns.size());
    for (std::size_t j = 0; j < start.size(); ++j)
      start[j] = r_.targets[j].priority != TargetPriority::None ? r_.targets[j].value
                                                                  : model_.declared(r_.unknown_variable[j]).options.start;
    const LeafValues at_start = [&](const Expr& leaf) -> double {
      if (leaf.op() == Op::Variable) return start[column_of(leaf)];
      if (leaf.op() == Op::Time) return model_.experiment.start;
      return 0.0;  // derivatives: no better guess before initialization
    };
    rows_.resize(residuals_.size());
    for (std::size_t i = 0; i < residuals_.size(); ++i) {
      if (c_[i] == 0) continue;
      for (const Incidence& in : incidence_[i]) {
        const int order = d_[in.variable] - c_[i];
        if (in.order != order) continue;  // only the highest orders of a level enter its block
        Expr partial = diff(residuals_[i], nth_derivative(r_.unknowns[in.variable], order));
        if (partial.is_literal(0.0)) continue;
        rows_[i].push_back({in.variable, partial, evaluate(partial, at_start)});
      }
    }
  }

  /// From the deepest level up: each level keeps the selection of the one below (a variable the
  /// constraints fix has its derivative fixed by their derivatives) and completes it. Going up keeps
  /// the pivots consistent: the pendulum's rod constraint solved for y fixes der(y) one level up.
  void select_levels() {
    const int levels = *std::max_element(c_.begin(), c_.end());
    selected_depth_.assign(r_.unknowns.size(), 0);
    std::vector<bool> below(r_.unknowns.size(), false);  // selected one level deeper
    for (int level = levels; level >= 1; --level) {
      std::vector<std::size_t> rows;
      for (std::size_t i = 0; i < c_.size(); ++i)
        if (c_[i] >= level) rows.push_back(i);
      std::vector<bool> candidate(r_.unknowns.size());
      for (std::size_t j = 0; j < candidate.size(); ++j) candidate[j] = d_[j] >= level;
      std::vector<bool> selected(candidate.size(), false);
      for (const auto& [part_rows, part_cols] : parts(rows, candidate))
        for (std::size_t j : select(level, part_rows, part_cols, below)) selected[j] = true;
      for (std::size_t j = 0; j < candidate.size(); ++j)
        if (selected[j] && selected_depth_[j] == 0) selected_depth_[j] = level;
      below = std::move(selected);
    }
  }

  /// Connected parts of the level's block: rows linked through shared candidate columns.
  std::vector<std::pair<std::vector<std::size_t>, std::vector<std::size_t>>> parts(const std::vector<std::size_t>& rows,
                                                                                   const std::vector<bool>& candidate) {
    std::vector<std::vector<std::size_t>> rows_of_col(candidate.size());
    for (std::size_t i : rows)
      for (const Entry& e : rows_[i])
        if (candidate[e.column]) rows_of_col[e.column].push_back(i);
    std::vector<bool> row_seen(residuals_.size(), false), col_seen(candidate.size(), false);
    std::vector<std::pair<std::vector<std::size_t>, std::vector<std::size_t>>> out;
    for (std::size_t root : rows) {
      if (row_seen[root]) continue;
      std::vector<std::size_t> part_rows{root}, part_cols;
      row_seen[root] = true;
      for (std::size_t k = 0; k < part_rows.size(); ++k)
        for (const Entry& e : rows_[part_rows[k]]) {
          if (!candidate[e.column] || col_seen[e.column]) continue;
          col_seen[e.column] = true;
          part_cols.push_back(e.column);
          for (std::size_t i : rows_of_col[e.column])
            if (!row_seen[i]) {
              row_seen[i] = true;
              part_rows.push_back(i);
            }
        }
      std::sort(part_rows.begin(), part_rows.end());
      std::sort(part_cols.begin(), part_cols.end());
      out.emplace_back(std::move(part_rows), std::move(part_cols));
    }
    return out;
  }

  int tier(int level, std::size_t j) const {
    return selection_tier(model_.state_priority(r_.unknown_variable[j]), d_[j] - level);
  }

  /// |rows| of `cols` with a nonsingular block, including those `forced` (the level below's).
  std::vector<std::size_t> select(int level, const std::vector<std::size_t>& rows, const std::vector<std::size_t>& cols,
                                  const std::vector<bool>& forced) {
    std::vector<std::size_t> chosen;
    if (cols.size() <= kDenseColumns) {
      chosen = select_numerically(level, rows, cols, forced);
    } else {
      chosen = select_structurally(level, rows, cols, forced);
      if (cols.size() <= kCheckedColumns && !nonsingular_at_start(rows, cols, chosen))
        chosen = select_numerically(level, rows, cols, forced);
    }
    std::vector<std::size_t> out;
    for (std::size_t c : chosen) out.push_back(cols[c]);
    std::sort(out.begin(), out.end());
    if (cols.size() <= kDenseColumns)
      record_pivot(level, rows, out, cols);
    else
      r_.reduction.unchecked.push_back(std::to_string(rows.size()) + " constraints among " + std::to_string(cols.size()) +
                                       " candidates, the first " + constraint_text(rows.front(), level));
    return out;
  }

  /// Column-pivoted Gram–Schmidt at the start values, forced columns first, then tier by tier;
  /// by structure alone where the start values make the block singular. Positions in `cols`.
  std::vector<std::size_t> select_numerically(int level, const std::vector<std::size_t>& rows,
                                              const std::vector<std::size_t>& cols, const std::vector<bool>& forced) {
    const auto m = static_cast<Eigen::Index>(rows.size());
    const auto n = static_cast<Eigen::Index>(cols.size());
    Eigen::MatrixXd a = Eigen::MatrixXd::Zero(m, n);
    for (Eigen::Index i = 0; i < m; ++i)
      for (const Entry& e : rows_[rows[static_cast<std::size_t>(i)]]) {
        auto it = std::lower_bound(cols.begin(), cols.end(), e.column);
        if (it != cols.end() && *it == e.column) a(i, it - cols.begin()) = e.value;
      }
    const double scale = a.cwiseAbs().maxCoeff();
    std::vector<std::size_t> chosen;
    std::vector<bool> taken(cols.size(), false);
    if (scale > 0.0) {
      std::vector<int> tiers;
      for (std::size_t c = 0; c < cols.size(); ++c) tiers.push_back(forced[cols[c]] ? -1 : tier(level, cols[c]));
      std::vector<int> order = tiers;
      std::sort(order.begin(), order.end());
      order.erase(std::unique(order.begin(), order.end()), order.end());
      for (int t : order) {
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
          // Project the chosen direction out of every other column: their remaining norms are
          // what they would add to the block.
          const Eigen::VectorXd q = a.col(best) / best_norm;
          for (Eigen::Index c = 0; c < n; ++c)
            if (!taken[static_cast<std::size_t>(c)]) a.col(c) -= q * q.dot(a.col(c));
        }
      }
    }
    if (static_cast<Eigen::Index>(chosen.size()) < m) chosen = select_structurally(level, rows, cols, forced);
    return chosen;
  }

  /// Whether the block of `rows` and the columns `chosen` (positions in `cols`) is nonsingular at
  /// the start values.
  bool nonsingular_at_start(const std::vector<std::size_t>& rows, const std::vector<std::size_t>& cols,
                            const std::vector<std::size_t>& chosen) const {
    std::vector<Eigen::Index> position(cols.size(), -1);
    for (std::size_t k = 0; k < chosen.size(); ++k) position[chosen[k]] = static_cast<Eigen::Index>(k);
    const auto m = static_cast<Eigen::Index>(rows.size());
    Eigen::MatrixXd a = Eigen::MatrixXd::Zero(m, m);
    for (Eigen::Index i = 0; i < m; ++i)
      for (const Entry& e : rows_[rows[static_cast<std::size_t>(i)]]) {
        auto it = std::lower_bound(cols.begin(), cols.end(), e.column);
        if (it == cols.end() || *it != e.column) continue;
        if (const Eigen::Index k = position[static_cast<std::size_t>(it - cols.begin())]; k >= 0) a(i, k) = e.value;
      }
    Eigen::FullPivLU<Eigen::MatrixXd> lu(a);
    lu.setThreshold(kPivotTolerance);
    return lu.rank() == m;
  }

  std::vector<std::size_t> select_structurally(int level, const std::vector<std::size_t>& rows,
                                               const std::vector<std::size_t>& cols, const std::vector<bool>& forced) {
    Bipartite g;
    g.cols = cols.size();
    std::vector<std::uint32_t> adjacent;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      adjacent.clear();
      for (const Entry& e : rows_[rows[i]]) {
        auto it = std::lower_bound(cols.begin(), cols.end(), e.column);
        if (it != cols.end() && *it == e.column) adjacent.push_back(static_cast<std::uint32_t>(it - cols.begin()));
      }
      g.adjacency.push_back(adjacent);
    }
    std::vector<int> prefer;
    for (std::size_t j : cols) prefer.push_back(forced[j] ? -1 : tier(level, j));
    const Matching match = maximum_matching(g, prefer);
    if (!match.perfect() && match.size < rows.size()) {
      std::string text = "index reduction found no variables that these constraints can be solved for:";
      for (std::size_t i : rows) text += "\n  " + constraint_text(i, level);
      throw ModelError(model_.pointer(r_.residual_equation[rows[0]]), text);
    }
    std::vector<std::size_t> chosen = match.col_of_row;
    keep_forced(g, prefer, chosen);
    if (cols.size() <= kCheckedColumns) prefer_low_tiers(g, prefer, chosen);
    return chosen;
  }

  /// Exchanges selected columns of a high tier for unselected ones of a lower tier along alternating
  /// paths (the exchange of a transversal matroid), highest tiers first: the preference only orders
  /// the matching's search, and a variable a netlist wants as a state ("always") could be selected
  /// while another choice was free. Forced columns stay selected. Quadratic in the part's size: for
  /// parts of at most kCheckedColumns candidates.
  static void prefer_low_tiers(const Bipartite& g, const std::vector<int>& prefer, std::vector<std::size_t>& col_of_row) {
    std::vector<std::size_t> row_of_col(g.cols, kUnmatched);
    for (std::size_t i = 0; i < col_of_row.size(); ++i) row_of_col[col_of_row[i]] = i;
    std::vector<std::size_t> order;
    for (std::size_t c = 0; c < g.cols; ++c)
      if (prefer[c] > 0 && row_of_col[c] != kUnmatched) order.push_back(c);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return prefer[a] > prefer[b]; });
    std::vector<std::size_t> parent(g.cols), seen(g.cols, 0), queue;
    std::size_t stamp = 0;
    for (std::size_t start : order) {
      ++stamp;
      queue.assign(1, start);
      seen[start] = stamp;
      std::size_t end = kUnmatched, free_column = kUnmatched;
      // From column u, its row may take another column x: a free one of a lower tier ends the
      // path, a selected one must itself move on.
      for (std::size_t q = 0; q < queue.size() && end == kUnmatched; ++q)
        for (std::uint32_t x : g.adjacency[row_of_col[queue[q]]]) {
          if (seen[x] == stamp) continue;
          if (row_of_col[x] == kUnmatched) {
            if (prefer[x] >= 0 && prefer[x] < prefer[start]) {
              end = queue[q];
              free_column = x;
              break;
            }
            continue;
          }
          seen[x] = stamp;
          parent[x] = queue[q];
          queue.push_back(x);
        }
      if (end == kUnmatched) continue;
      for (std::size_t cur = end, next = free_column;; cur = parent[cur]) {
        const std::size_t row = row_of_col[cur];
        col_of_row[row] = next;
        row_of_col[next] = row;
        next = cur;
        if (cur == start) break;
      }
      row_of_col[start] = kUnmatched;
    }
  }

  /// Makes every forced column (prefer −1) of the matching's rows part of it: a column the level
  /// below selected must stay selected, or the levels disagree on which variables are states. The
  /// preference only orders the matching's search; an unmatched forced column takes a row by an
  /// alternating path that ends in a column that is not forced. The level below's selection is a
  /// matching of a subset of these rows, so such a path exists.
  static void keep_forced(const Bipartite& g, const std::vector<int>& prefer, std::vector<std::size_t>& col_of_row) {
    std::vector<std::vector<std::size_t>> rows_of_col(g.cols);
    for (std::size_t i = 0; i < g.rows(); ++i)
      for (std::uint32_t c : g.adjacency[i]) rows_of_col[c].push_back(i);
    std::vector<std::size_t> row_of_col(g.cols, kUnmatched);
    for (std::size_t i = 0; i < col_of_row.size(); ++i) row_of_col[col_of_row[i]] = i;
    std::vector<std::size_t> parent(g.cols), via_row(g.cols), seen(g.cols, 0), queue;
    for (std::size_t start = 0; start < g.cols; ++start) {
      if (prefer[start] != -1 || row_of_col[start] != kUnmatched) continue;
      // Breadth-first over columns: from column c to a row adjacent to it, then to that row's column.
      const std::size_t stamp = start + 1;
      queue.assign(1, start);
      seen[start] = stamp;
      std::size_t end = kUnmatched;
      for (std::size_t q = 0; q < queue.size() && end == kUnmatched; ++q)
        for (std::size_t row : rows_of_col[queue[q]]) {
          const std::size_t next = col_of_row[row];
          if (seen[next] == stamp) continue;
          seen[next] = stamp;
          parent[next] = queue[q];
          via_row[next] = row;
          if (prefer[next] != -1) {
            end = next;
            break;
          }
          queue.push_back(next);
        }
      if (end == kUnmatched) continue;  // cannot happen for a consistent level below
      // Along the path each row takes the column it was reached from; `end` leaves the matching.
      row_of_col[end] = kUnmatched;
      for (std::size_t c = end; c != start; c = parent[c]) {
        col_of_row[via_row[c]] = parent[c];
        row_of_col[parent[c]] = via_row[c];
      }
    }
  }

  /// Equation i at `level`: its form r differentiations below the highest.
  std::string constraint_text(std::size_t i, int level) const {
    const int times = c_[i] - level;
    std::string text = model_.pointer(r_.residual_equation[i]) + ": 0 = " + to_string(residuals_[i]);
    if (times > 0) text += " (differentiated " + times_text(times) + ")";
    return text;
  }

  void record_pivot(int level, const std::vector<std::size_t>& rows, const std::vector<std::size_t>& selected,
                    const std::vector<std::size_t>& cols) {
    PivotBlock block;
    block.rows = rows.size();
    std::vector<std::size_t> ordered = selected;
    for (std::size_t j : cols)
      if (!std::binary_search(selected.begin(), selected.end(), j)) ordered.push_back(j);
    block.cols = ordered.size();
    bool constant = true;
    for (std::size_t i : rows) {
      for (std::size_t j : ordered) {
        auto it = std::find_if(rows_[i].begin(), rows_[i].end(), [&](const Entry& e) { return e.column == j; });
        block.entries.push_back(it == rows_[i].end() ? Expr(0.0) : it->partial);
        constant = constant && block.entries.back().is_constant();
      }
      block.constraints.push_back(constraint_text(i, level));
    }
    if (constant) return;  // a constant nonsingular block stays nonsingular
    for (std::size_t j : ordered) block.variables.push_back(derivative_name(name(j), d_[j] - level));
    r_.reduction.pivots.push_back(std::move(block));
  }

  /// The reduced system: every equation with its derivatives, der^k(x) written in the states'
  /// derivatives and new unknowns, and der(x_k) = x_{k+1} where two orders of x are both states.
  void rewrite() {
    const std::size_t n = r_.unknowns.size();
    std::unordered_map<Expr, Expr, ExprHash>& derivatives = r_.derivatives;
    std::vector<Expr> linking;
    for (std::size_t j = 0; j < n; ++j) {
      const int states = d_[j] - selected_depth_[j];  // x, der(x), … der^(states−1)(x) are states
      Expr previous = r_.unknowns[j];  // der^(k−1)(x) as the reduced system writes it
      for (int k = 1; k <= d_[j]; ++k) {
        Expr value;
        if (k == states) {
          value = der(previous);  // the derivative of the highest state order: IDA's y'
        } else {
          value = Expr::variable(derivative_name(name(j), k));
          add_unknown(value, j, k);
          if (k < states)
            linking.push_back(der(previous) - value);
          else
            r_.reduction.dummy_derivatives.push_back(derivative_name(name(j), k));
        }
        const Expr original = nth_derivative(r_.unknowns[j], k);
        if (value != original) derivatives.emplace(original, value);
        // An order that is not a state has the next order's unknown as its derivative (outputs
        // and energy rates differentiate such unknowns).
        if (k > states) derivatives.emplace(der(previous), value);
        previous = value;
      }
    }
    std::vector<Expr> residuals;
    std::vector<std::size_t> equation;
    std::vector<int> times;
    for (std::size_t i = 0; i < residuals_.size(); ++i) {
      Expr f = residuals_[i];
      for (int m = 0; m <= c_[i]; ++m) {
        if (m > 0) f = time_derivative(f);
        residuals.push_back(substitute(f, derivatives));
        equation.push_back(r_.residual_equation[i]);
        times.push_back(m);
      }
      if (c_[i] > 0) r_.reduction.differentiated.emplace_back(r_.residual_equation[i], c_[i]);
    }
    for (const Expr& l : linking) {
      residuals.push_back(l);
      equation.push_back(ReducedDae::kNoEquation);
      times.push_back(0);
    }
    residuals_ = std::move(residuals);
    r_.residual_equation = std::move(equation);
    r_.residual_differentiations = std::move(times);
  }

  /// An external input has no derivative (its values come from outside, sample by sample): a
  /// residual that reads one cannot be differentiated, and the model is an error at the input.
  void refuse_differentiated_input(std::size_t i) const {
    if (model_.inputs.empty()) return;
    for (const Expr& leaf : leaves(residuals_[i])) {
      const ModelInput* in = model_.input_of(leaf);
      if (in == nullptr) continue;
      const std::size_t e = r_.residual_equation[i];
      std::string equation;
      if (e != ReducedDae::kNoEquation) {
        const std::string description = model_.description(e);
        equation = " (" + model_.origin(e) + (description.empty() ? "" : ": " + description) + ", " +
                   model_.pointer(e) + ")";
      }
      throw ModelError(in->pointer, "input " + in->name +
                                        " would have to be differentiated, and an external input has no derivative: "
                                        "index reduction differentiates the equation that reads it" + equation +
                                        "; let it drive a torque or a force rather than a motion");
    }
  }

  void add_unknown(const Expr& symbol, std::size_t j, int order) {
    r_.unknowns.push_back(symbol);
    r_.unknown_variable.push_back(r_.unknown_variable[j]);
    r_.unknown_order.push_back(order);
    r_.targets.emplace_back();
  }

  const Model& model_;
  ReducedDae& r_;
  std::vector<Expr>& residuals_;
  ExprMap<std::size_t> column_;
  std::vector<std::vector<Incidence>> incidence_;
  std::vector<int> c_, d_;
  std::vector<std::vector<Entry>> rows_;
  std::vector<int> selected_depth_;  ///< per unknown: the deepest level that selected it (0: none)
};

}  // namespace

std::string derivative_name(const std::string& name, int k) {
  std::string s = name;
  for (int i = 0; i < k; ++i) s = "der(" + s + ")";
  return s;
}

std::string times_text(int k) { return k == 1 ? "once" : k == 2 ? "twice" : std::to_string(k) + " times"; }

void reduce_index(const Model& model, ReducedDae& r, std::vector<Expr>& residuals) {
  Reducer(model, r, residuals).run();
}

}  // namespace acausal
