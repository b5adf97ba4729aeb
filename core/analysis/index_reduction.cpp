#include "core/analysis/index_reduction.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "core/analysis/analysis.hpp"
#include "core/analysis/column_pivoting.hpp"
#include "core/model/errors.hpp"
#include "core/expr/expr_diff.hpp"
#include "core/expr/expr_map.hpp"
#include "core/expr/expr_walk.hpp"
#include "core/analysis/matching.hpp"
#include "core/analysis/pantelides.hpp"

namespace acausal {
namespace {

/// Dense pivoting of a part costs O(rows²·cols); larger parts (a long rigid chain of gears, the
/// constraints of a spatial loop) are selected by structure and tier, and up to kCheckedColumns the
/// structural choice is checked at the start values (pivoted numerically where it is singular
/// there). Wherever the chosen block can turn singular the run checks it and chooses again
/// (PivotBlock), at any size.
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
    part_at_.assign(static_cast<std::size_t>(levels) + 2, std::vector<int>(r_.unknowns.size(), -1));
    std::vector<bool> below(r_.unknowns.size(), false);  // selected one level deeper
    for (int level = levels; level >= 1; --level) {
      std::vector<std::size_t> rows;
      for (std::size_t i = 0; i < c_.size(); ++i)
        if (c_[i] >= level) rows.push_back(i);
      std::vector<bool> candidate(r_.unknowns.size());
      for (std::size_t j = 0; j < candidate.size(); ++j) candidate[j] = d_[j] >= level;
      std::vector<bool> selected(candidate.size(), false);
      for (auto& [part_rows, part_cols] : parts(rows, candidate)) {
        Part part{level, std::move(part_rows), std::move(part_cols), {}, -1};
        part.selected = select(level, part.rows, part.cols, below);
        for (std::size_t j : part.selected) selected[j] = true;
        for (std::size_t j : part.cols) part_at_[static_cast<std::size_t>(level)][j] = static_cast<int>(parts_.size());
        switch (choice_during_run(part)) {
          case RunChoice::Fixed: break;
          case RunChoice::Kept: record_pivot(part, true); break;
          case RunChoice::Dynamic: record_pivot(part, false); break;
        }
        parts_.push_back(std::move(part));
      }
      for (std::size_t j = 0; j < candidate.size(); ++j)
        if (selected[j] && selected_depth_[j] == 0) selected_depth_[j] = level;
      below = std::move(selected);
    }
  }

  /// A level's connected part and what was chosen in it at the start values.
  struct Part {
    int level = 1;
    std::vector<std::size_t> rows, cols;  ///< its residuals and candidate unknowns (sorted)
    std::vector<std::size_t> selected;    ///< the candidates the constraints are solved for (sorted)
    int block = -1;                       ///< its block in r_.reduction.pivots when its choice is data
  };

  /// The part of `level` that has unknown j among its candidates, or nullptr.
  const Part* part_at(int level, std::size_t j) const {
    if (level >= static_cast<int>(part_at_.size())) return nullptr;
    const int p = part_at_[static_cast<std::size_t>(level)][j];
    return p < 0 ? nullptr : &parts_[static_cast<std::size_t>(p)];
  }

  /// What becomes of the part's choice during the run: Dynamic where it may have to change (the
  /// level below's choice, which it must keep, can change; or its selected block can turn singular),
  /// Fixed where its selected block cannot turn singular, and Kept where it can but every state it
  /// leaves is one the netlist or component wants `always` (Modelica's StateSelect.always: the
  /// user's choice, kept for the whole run, as Modelica tools keep it; the run watches it).
  enum class RunChoice { Fixed, Kept, Dynamic };
  RunChoice choice_during_run(const Part& part) const {
    for (std::size_t j : part.cols)
      if (const Part* below = part_at(part.level + 1, j);
          below != nullptr && below->block >= 0 && !r_.reduction.pivots[static_cast<std::size_t>(below->block)].kept)
        return RunChoice::Dynamic;
    if (always_nonsingular(part)) return RunChoice::Fixed;
    return all_states_always(part) ? RunChoice::Kept : RunChoice::Dynamic;
  }

  /// Whether every state the part's choice leaves is wanted `always`.
  bool all_states_always(const Part& part) const {
    for (std::size_t j : part.cols)
      if (!std::binary_search(part.selected.begin(), part.selected.end(), j) &&
          tier(part.level, j) != selection_tier(StatePriority::Always, 0))
        return false;
    return true;
  }

  /// Whether the selected block is nonsingular at every solution: constant, or triangular in some
  /// order of its rows and columns with constant nonzero entries on the diagonal (a chain of
  /// rotations, each frame placed from the previous one, has identities there). Peels rows that
  /// have a single selected column left, with a constant entry; where two rows are left with the
  /// same single column, no order is triangular, so the order of peeling does not matter.
  bool always_nonsingular(const Part& part) const {
    // Position of an unknown among the selected columns, if it is one.
    const auto position = [&](std::size_t j) -> std::optional<std::size_t> {
      const auto it = std::lower_bound(part.selected.begin(), part.selected.end(), j);
      if (it == part.selected.end() || *it != j) return std::nullopt;
      return static_cast<std::size_t>(it - part.selected.begin());
    };
    bool constant = true;
    std::vector<std::vector<std::size_t>> rows_of(part.selected.size());  // positions in part.rows
    std::vector<std::size_t> left(part.rows.size(), 0);  // selected columns not yet peeled, per row
    for (std::size_t r = 0; r < part.rows.size(); ++r)
      for (const Entry& e : rows_[part.rows[r]])
        if (const std::optional<std::size_t> c = position(e.column)) {
          constant = constant && e.partial.is_constant();
          rows_of[*c].push_back(r);
          ++left[r];
        }
    if (constant) return true;
    std::vector<bool> peeled(part.selected.size(), false);
    std::vector<std::size_t> ready;  // rows with one selected column left
    for (std::size_t r = 0; r < part.rows.size(); ++r)
      if (left[r] == 1) ready.push_back(r);
    std::size_t done = 0;
    while (!ready.empty()) {
      const std::size_t r = ready.back();
      ready.pop_back();
      if (left[r] != 1) continue;  // its column went to another row
      const Entry* single = nullptr;
      std::size_t column = 0;
      for (const Entry& e : rows_[part.rows[r]])
        if (const std::optional<std::size_t> c = position(e.column); c && !peeled[*c]) {
          single = &e;
          column = *c;
        }
      if (!single->partial.is_constant() || single->partial.is_literal(0.0)) continue;
      peeled[column] = true;
      ++done;
      for (std::size_t other : rows_of[column])
        if (--left[other] == 1) ready.push_back(other);
    }
    return done == part.rows.size();
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
    std::vector<int> tiers;
    for (std::size_t c = 0; c < cols.size(); ++c) tiers.push_back(forced[cols[c]] ? -1 : tier(level, cols[c]));
    std::vector<std::size_t> chosen = pivot_columns(std::move(a), tiers);
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

  /// The position in its block's `free` of unknown j, a candidate of `part` (a part with a block).
  std::optional<std::size_t> free_position(const Part& part, std::size_t j) const {
    const PivotBlock& block = r_.reduction.pivots[static_cast<std::size_t>(part.block)];
    const auto c = static_cast<std::uint32_t>(std::lower_bound(part.cols.begin(), part.cols.end(), j) - part.cols.begin());
    const auto it = std::lower_bound(block.free.begin(), block.free.end(), c);
    if (it == block.free.end() || *it != c) return std::nullopt;
    return static_cast<std::size_t>(it - block.free.begin());
  }

  /// The unknown of der^order(x_j) in the reduced system.
  Expr order_unknown(std::size_t j, int order) const {
    return order == 0 ? r_.unknowns[j] : Expr::variable(derivative_name(name(j), order));
  }

  /// Makes the part's choice data: its block of the Jacobian over every candidate, how each
  /// candidate relates to the level below, and its selection variables σ (their start values the
  /// choice at the start values). A `kept` choice gets the block and no σ: it is only watched.
  void record_pivot(Part& part, bool kept) {
    PivotBlock block;
    block.kept = kept;
    block.level = part.level;
    block.rows = part.rows.size();
    block.cols = part.cols.size();
    for (std::size_t r = 0; r < part.rows.size(); ++r) {
      for (const Entry& e : rows_[part.rows[r]]) {
        const auto c = std::lower_bound(part.cols.begin(), part.cols.end(), e.column);
        if (c == part.cols.end() || *c != e.column) continue;
        block.entries.push_back(e.partial);
        block.entry_rows.push_back(static_cast<std::uint32_t>(r));
        block.entry_cols.push_back(static_cast<std::uint32_t>(c - part.cols.begin()));
      }
      block.constraints.push_back(constraint_text(part.rows[r], part.level));
    }
    // The least preferred state at the start: a candidate of a lower tier is never a state.
    int lowest_state_tier = std::numeric_limits<int>::max();
    for (std::size_t j : part.cols)
      if (!std::binary_search(part.selected.begin(), part.selected.end(), j))
        lowest_state_tier = std::min(lowest_state_tier, tier(part.level, j));
    for (std::size_t j : part.cols) {
      const int order = d_[j] - part.level;
      block.variables.push_back(derivative_name(name(j), order));
      block.selected.push_back(std::binary_search(part.selected.begin(), part.selected.end(), j));
      block.tiers.push_back(tier(part.level, j));
      if (!kept && block.tiers.back() >= lowest_state_tier) {
        block.free.push_back(static_cast<std::uint32_t>(block.variables.size() - 1));
        block.candidates.push_back(order_unknown(j, order));
      }
      std::int32_t below = PivotBlock::kFree;
      std::uint32_t position = 0;
      if (const Part* p = part_at(part.level + 1, j)) {
        if (p->block >= 0) {
          below = p->block;
          position = static_cast<std::uint32_t>(std::lower_bound(p->cols.begin(), p->cols.end(), j) - p->cols.begin());
        } else if (std::binary_search(p->selected.begin(), p->selected.end(), j)) {
          below = PivotBlock::kForced;
        }
      }
      block.below_block.push_back(below);
      block.below_position.push_back(position);
    }
    IndexReduction& out = r_.reduction;
    part.block = static_cast<int>(out.pivots.size());
    block.first_switch = out.switches.size();
    std::vector<std::size_t> states;  // positions in `free` of the candidates that are states at the start
    for (std::size_t f = 0; f < block.free.size(); ++f)
      if (!block.selected[block.free[f]]) states.push_back(f);
    for (std::size_t k = 0; k < block.slots(); ++k)
      for (std::size_t f = 0; f < block.free.size(); ++f) {
        const std::string name = "selection" + std::to_string(part.block) + "[" + std::to_string(k + 1) + "," +
                                 std::to_string(f + 1) + "]";
        out.switches.push_back(Expr::parameter(name));
        out.pre_switches.push_back(Expr::parameter("pre(" + name + ")"));
        out.switch_names.push_back(name);
        out.switch_starts.push_back(k < states.size() && states[k] == f ? 1.0 : 0.0);
      }
    out.pivots.push_back(std::move(block));
  }

  /// The reduced system: every equation with its derivatives, der^k(x) written in the states'
  /// derivatives and new unknowns, and der(x_k) = x_{k+1} where two orders of x are both states.
  /// Where an order of x is a candidate of a choice that is data, every order of x is an unknown,
  /// and the selection rows of its block relate that order to the next.
  void rewrite() {
    const std::size_t n = r_.unknowns.size();
    std::unordered_map<Expr, Expr, ExprHash>& derivatives = r_.derivatives;
    std::vector<Expr> linking;
    // Per block and candidate: the candidate's unknown and its derivative's.
    std::vector<std::vector<std::pair<Expr, Expr>>> candidate_terms(r_.reduction.pivots.size());
    for (std::size_t b = 0; b < candidate_terms.size(); ++b) candidate_terms[b].resize(r_.reduction.pivots[b].free.size());
    for (std::size_t j = 0; j < n; ++j) {
      const int states = d_[j] - selected_depth_[j];  // x, der(x), … der^(states−1)(x) are states
      // The part of order o when its choice is data and may make that order a state.
      const auto dynamic_part = [&](int o) -> const Part* {
        const Part* p = part_at(d_[j] - o, j);
        return p != nullptr && p->block >= 0 && free_position(*p, j) ? p : nullptr;
      };
      bool chosen_in_run = false;
      for (int o = 0; o < d_[j]; ++o) chosen_in_run = chosen_in_run || dynamic_part(o) != nullptr;
      Expr previous = r_.unknowns[j];  // der^(k−1)(x) as the reduced system writes it
      for (int k = 1; k <= d_[j]; ++k) {
        Expr value;
        const Part* dynamic = chosen_in_run ? dynamic_part(k - 1) : nullptr;
        if (k == states && !chosen_in_run) {
          value = der(previous);  // the derivative of the highest state order: IDA's y'
        } else {
          value = Expr::variable(derivative_name(name(j), k));
          add_unknown(value, j, k);
          if (dynamic != nullptr) {
            candidate_terms[static_cast<std::size_t>(dynamic->block)][*free_position(*dynamic, j)] = {previous, value};
            r_.reduction.selectable.push_back(derivative_name(name(j), k - 1));
          } else if (k - 1 < states) {
            linking.push_back(der(previous) - value);
          }
          // Never a state: a selected order, or the highest (a candidate's derivative otherwise).
          if (k >= states && (k == d_[j] || dynamic_part(k) == nullptr))
            r_.reduction.dummy_derivatives.push_back(derivative_name(name(j), k));
        }
        const Expr original = nth_derivative(r_.unknowns[j], k);
        if (value != original) derivatives.emplace(original, value);
        // An order that is not a state has the next order's unknown as its derivative (outputs
        // and energy rates differentiate such unknowns); so has a candidate whose role the run
        // chooses, everywhere but in its selection rows.
        if (k > states || dynamic != nullptr) derivatives.emplace(der(previous), value);
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
    // The selection rows: slot k of a block is Σ_f σ_kf·(der(x_f) − x_f'), der(x_f) the unknown.
    for (std::size_t b = 0; b < candidate_terms.size(); ++b) {
      PivotBlock& block = r_.reduction.pivots[b];
      if (block.kept) continue;
      for (const auto& terms : candidate_terms[b]) block.derivatives.push_back(terms.second);
      for (std::size_t k = 0; k < block.slots(); ++k) {
        Expr row(0.0);
        for (std::size_t f = 0; f < block.free.size(); ++f) {
          const auto& [x, derivative] = candidate_terms[b][f];
          row = row + r_.reduction.switches[block.first_switch + k * block.free.size() + f] * (derivative - der(x));
        }
        linking.push_back(row);
      }
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
  std::vector<Part> parts_;          ///< every level's parts, deepest level first
  std::vector<std::vector<int>> part_at_;  ///< per level and unknown: its part (index in parts_), or −1
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
