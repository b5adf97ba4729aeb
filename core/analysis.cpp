#include "core/analysis.hpp"

#include <optional>
#include <unordered_map>

#include "core/errors.hpp"
#include "core/expr_map.hpp"
#include "core/expr_diff.hpp"
#include "core/expr_walk.hpp"
#include "core/matching.hpp"
#include "core/pantelides.hpp"

namespace acausal {

Expr ReducedDae::in_unknowns(const Expr& e) const {
  // Aliases map onto representatives; those that were solved map onto the remaining unknowns.
  return substitute(substitute(e, aliases.replacements), solved);
}

namespace {

std::string count(std::size_t n, const char* noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

std::string describe_equation(const Model& m, std::size_t e, const Expr& residual) {
  const ModelEquation& eq = m.equations[e];
  std::string who = eq.origin == "connection" ? "connection" : eq.origin;
  return "  " + eq.pointer + " (" + who + (eq.description.empty() ? "" : ": " + eq.description) +
         "): 0 = " + to_string(residual);
}

std::string list_variables(const Model& m, const ReducedDae& r, const std::vector<std::size_t>& cols) {
  std::string s;
  for (std::size_t i = 0; i < cols.size(); ++i) {
    if (i == 20) {
      s += ", ... (" + std::to_string(cols.size()) + " in all)";
      break;
    }
    s += (i ? ", " : "") + m.variables[r.unknown_variable[cols[i]]].name;
  }
  return s;
}

/// Columns of each residual: the unknown of every variable or derivative leaf.
Bipartite incidence(const ReducedDae& r, const std::vector<std::vector<Expr>>& residual_leaves,
                    const ExprMap<std::size_t>& column, bool highest_derivatives_only) {
  Bipartite g;
  g.rows = r.residuals.size();
  g.cols = r.unknowns.size();
  g.adjacency.resize(g.rows);
  for (std::size_t i = 0; i < g.rows; ++i) {
    for (const Expr& leaf : residual_leaves[i]) {
      if (leaf.op() != Op::Variable && leaf.op() != Op::Derivative) continue;
      const Expr& v = leaf.op() == Op::Derivative ? leaf.args()[0] : leaf;
      const std::size_t c = *column.find(v);
      // In the index-1 test a differential unknown is solved for through its derivative.
      if (highest_derivatives_only && r.differential[c] && leaf.op() != Op::Derivative) continue;
      auto& adj = g.adjacency[i];
      if (std::find(adj.begin(), adj.end(), c) == adj.end()) adj.push_back(static_cast<std::uint32_t>(c));
    }
  }
  return g;
}

[[noreturn]] void report_singular(const Model& m, const ReducedDae& r, const Bipartite& g, const Matching& match) {
  DulmageMendelsohn dm = dulmage_mendelsohn(g, match);
  std::string text = "the model is structurally singular";
  std::string pointer;
  if (!dm.over_rows.empty()) {
    std::size_t extra = dm.over_rows.size() - dm.over_cols.size();
    text += "\nover-determined: " + count(dm.over_rows.size(), "equation") +
            (dm.over_rows.size() == 1 ? " fixes only " : " fix only ") +
            count(dm.over_cols.size(), "unknown") + " (" + std::to_string(extra) + " too many)";
    if (!dm.over_cols.empty()) text += ": " + list_variables(m, r, dm.over_cols);
    text += "\n  remove one of these equations (or the connection or initial value that makes it):";
    for (std::size_t row : dm.over_rows)
      text += "\n" + describe_equation(m, r.residual_equation[row], r.residuals[row]);
    pointer = m.equations[r.residual_equation[dm.over_rows[0]]].pointer;
  }
  if (!dm.under_cols.empty()) {
    std::size_t missing = dm.under_cols.size() - dm.under_rows.size();
    text += "\nunder-determined: " + count(dm.under_cols.size(), "unknown") + " (" +
            list_variables(m, r, dm.under_cols) + (dm.under_cols.size() == 1 ? ") appears" : ") appear") +
            " in only " + count(dm.under_rows.size(), "equation") +
            " (" + std::to_string(missing) + " missing)";
    if (!dm.under_rows.empty()) text += ":";
    for (std::size_t row : dm.under_rows)
      text += "\n" + describe_equation(m, r.residual_equation[row], r.residuals[row]);
    std::vector<std::string> instances;
    for (std::size_t c : dm.under_cols) {
      const std::string& inst = m.instances[m.variables[r.unknown_variable[c]].instance].instance;
      if (std::find(instances.begin(), instances.end(), inst) == instances.end()) instances.push_back(inst);
    }
    text += "\n  components involved:";
    for (const std::string& inst : instances) text += " " + inst;
    if (pointer.empty())
      pointer = m.instances[m.variables[r.unknown_variable[dm.under_cols[0]]].instance].pointer;
  }
  throw ModelError(pointer, text);
}

[[noreturn]] void report_high_index(const Model& m, const ReducedDae& r, const std::vector<std::vector<Expr>>& leaves_of,
                                    const ExprMap<std::size_t>& column, const Bipartite& g, const Matching& match) {
  DulmageMendelsohn dm = dulmage_mendelsohn(g, match);
  // Pantelides on the structure says how deep the trouble goes.
  std::vector<std::vector<Incidence>> structure(r.residuals.size());
  for (std::size_t i = 0; i < r.residuals.size(); ++i)
    for (const Expr& leaf : leaves_of[i]) {
      if (leaf.op() != Op::Variable && leaf.op() != Op::Derivative) continue;
      const bool is_der = leaf.op() == Op::Derivative;
      structure[i].push_back({*column.find(is_der ? leaf.args()[0] : leaf), is_der ? leaf.order() : 0});
    }
  const PantelidesResult p = pantelides(structure, r.unknowns.size());
  std::string text = "the model needs index reduction, which this version cannot do yet (structural index " +
                     std::to_string(p.index) +
                     "): these constraints fix quantities whose derivatives are also states";
  for (std::size_t row : dm.over_rows) {
    text += "\n" + describe_equation(m, r.residual_equation[row], r.residuals[row]);
    const int k = p.equation_differentiations[row];
    if (k > 0)
      text += "   (to be differentiated " + std::string(k == 1 ? "once" : k == 2 ? "twice" : std::to_string(k) + " times") + ")";
  }
  throw ModelError(m.equations[r.residual_equation[dm.over_rows.at(0)]].pointer, text);
}

/// residual = coefficient·x + rest, with a constant coefficient and x nowhere in rest.
struct LinearSplit {
  double coefficient;
  Expr rest;
};

bool contains(const Expr& e, const Expr& x) {
  if (e == x) return true;
  for (const Expr& a : e.args())
    if (contains(a, x)) return true;
  return false;
}

/// The explicit form of `residual` in x, if it has one: x alone, c·x, or a sum of such terms and
/// terms free of x. (A direct look at the sum's terms; differentiating would cost far more.)
std::optional<LinearSplit> split_linear(const Expr& residual, const Expr& x) {
  auto term_coefficient = [&](const Expr& t) -> std::optional<double> {
    if (t == x) return 1.0;
    if (t.op() == Op::Mul && t.args().size() == 2 && t.args()[0].is_constant() && t.args()[1] == x)
      return t.args()[0].constant_value();
    return std::nullopt;
  };
  if (auto c = term_coefficient(residual)) return LinearSplit{*c, Expr(0.0)};
  if (residual.op() != Op::Add) return std::nullopt;
  double coefficient = 0.0;
  std::vector<Expr> rest;
  for (const Expr& t : residual.args()) {
    if (auto c = term_coefficient(t)) {
      coefficient += *c;
    } else if (contains(t, x)) {
      return std::nullopt;
    } else {
      rest.push_back(t);
    }
  }
  if (coefficient == 0.0) return std::nullopt;
  return LinearSplit{coefficient, rebuild(residual, rest)};
}

/// Column preference for the index-1 matching: algebraic unknowns first, so that equations are
/// matched to variables they define explicitly wherever possible.
std::vector<int> solvable_first(const ReducedDae& r, const Bipartite& g) {
  std::vector<int> prefer(g.cols);
  for (std::size_t c = 0; c < g.cols; ++c) prefer[c] = r.differential[c] ? 1 : 0;
  return prefer;
}

/// Substitutes away every algebraic unknown that its matched equation gives explicitly
/// (x = −rest/coefficient, the equation linear in x with a constant coefficient), as Modelica tools
/// do when they sort equations: IDA then integrates only the unknowns that need an implicit solve.
/// The definitions go into the replacement map, so outputs and energy terms still see them.
/// Unknowns with an initial target stay (the initialization works on unknowns).
void eliminate_solved_algebraics(ReducedDae& r, const Matching& h) {
  const std::size_t n = r.unknowns.size();
  ExprMap<std::size_t> column;
  for (std::size_t k = 0; k < n; ++k) column.emplace(r.unknowns[k], k);
  // Which residuals (index < rows) and definitions (index ≥ rows) mention each unknown.
  const std::size_t rows = r.residuals.size();
  std::vector<std::vector<std::size_t>> users(n);
  auto columns_of = [&](const Expr& e) {
    std::vector<std::size_t> cols;
    for (const Expr& leaf : leaves(e))
      if (leaf.op() == Op::Variable || leaf.op() == Op::Derivative) {
        if (const std::size_t* c = column.find(leaf.op() == Op::Derivative ? leaf.args()[0] : leaf))
          cols.push_back(*c);
      }
    return cols;
  };
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t c : columns_of(r.residuals[i])) users[c].push_back(i);
  std::vector<std::size_t> visited(rows + n, 0);  // stamp of the last elimination that touched an id

  std::vector<bool> row_alive(rows, true), col_alive(n, true);
  std::vector<std::vector<std::size_t>> merged(rows);  // model equations substituted into each row
  std::vector<std::size_t> defined;  // unknowns eliminated, in order
  std::vector<Expr> definition;      // their definitions, kept current
  for (std::size_t i = 0; i < rows; ++i) {
    const std::size_t c = h.col_of_row[i];
    if (r.differential[c] || r.targets[c].priority != TargetPriority::None) continue;
    const Expr& x = r.unknowns[c];
    const std::optional<LinearSplit> split = split_linear(r.residuals[i], x);
    if (!split) continue;
    const Expr value = -split->rest / split->coefficient;
    const std::unordered_map<Expr, Expr, ExprHash> replace{{x, value}};
    // Substituting x brings the unknowns of its value into each user; the users' other unknowns
    // are noted already.
    const std::vector<std::size_t> value_columns = columns_of(value);
    const std::size_t stamp = defined.size() + 1;
    row_alive[i] = false;
    col_alive[c] = false;
    std::vector<std::size_t> sources = merged[i];
    sources.push_back(r.residual_equation[i]);
    for (std::size_t id : users[c]) {
      if (visited[id] == stamp) continue;
      visited[id] = stamp;
      if (id < rows) {
        if (!row_alive[id]) continue;
        r.residuals[id] = substitute(r.residuals[id], replace);
        merged[id].insert(merged[id].end(), sources.begin(), sources.end());
      } else {
        definition[id - rows] = substitute(definition[id - rows], replace);
      }
      for (std::size_t vc : value_columns) users[vc].push_back(id);
    }
    users[c].clear();
    defined.push_back(c);
    definition.push_back(value);
    for (std::size_t vc : value_columns) users[vc].push_back(rows + definition.size() - 1);
  }
  if (defined.empty()) {
    r.substituted_equations.assign(r.residuals.size(), {});
    return;
  }

  for (std::size_t k = 0; k < defined.size(); ++k) r.solved.emplace(r.unknowns[defined[k]], definition[k]);

  ReducedDae kept;
  for (std::size_t k = 0; k < n; ++k) {
    if (!col_alive[k]) continue;
    kept.unknown_variable.push_back(r.unknown_variable[k]);
    kept.unknowns.push_back(r.unknowns[k]);
    kept.differential.push_back(r.differential[k]);
    kept.targets.push_back(r.targets[k]);
  }
  for (std::size_t i = 0; i < rows; ++i) {
    if (!row_alive[i]) continue;
    kept.residuals.push_back(r.residuals[i]);
    kept.residual_equation.push_back(r.residual_equation[i]);
    std::sort(merged[i].begin(), merged[i].end());
    merged[i].erase(std::unique(merged[i].begin(), merged[i].end()), merged[i].end());
    kept.substituted_equations.push_back(std::move(merged[i]));
  }
  kept.aliases = std::move(r.aliases);
  kept.solved = std::move(r.solved);
  r = std::move(kept);
}

}  // namespace

ReducedDae analyze(const Model& model) {
  ReducedDae r;
  r.aliases = eliminate_aliases(model);
  ExprMap<std::size_t> column;
  for (std::size_t i = 0; i < model.variables.size(); ++i) {
    if (r.aliases.alias[i].representative != i) continue;
    column.emplace(model.variables[i].symbol, r.unknowns.size());
    r.unknown_variable.push_back(i);
    r.unknowns.push_back(model.variables[i].symbol);
    r.targets.push_back(r.aliases.target[i]);
  }
  for (std::size_t e = 0; e < model.equations.size(); ++e) {
    if (r.aliases.eliminated_equation[e]) continue;
    Expr residual = substitute(model.equations[e].residual, r.aliases.replacements);
    // 0 = 0: implied by the aliases (a loop of equalities, say), it fixes nothing. If the model
    // needed it, the under-determined part it leaves is what the user must see.
    if (residual.is_constant() && residual.constant_value() == 0.0) continue;
    r.residuals.push_back(residual);
    r.residual_equation.push_back(e);
  }
  std::vector<std::vector<Expr>> residual_leaves;
  residual_leaves.reserve(r.residuals.size());
  for (const Expr& res : r.residuals) residual_leaves.push_back(leaves(res));
  r.differential.assign(r.unknowns.size(), false);
  for (const auto& ls : residual_leaves)
    for (const Expr& leaf : ls)
      if (leaf.op() == Op::Derivative) {
        if (leaf.order() > 1)
          throw ModelError("", "der(der(" + leaf.name() + ")) occurs: the model needs index reduction, which this "
                               "version cannot do yet");
        r.differential[*column.find(leaf.args()[0])] = true;
      }

  Bipartite any = incidence(r, residual_leaves, column, false);
  Matching m = maximum_matching(any);
  if (!m.perfect()) report_singular(model, r, any, m);
  Bipartite highest = incidence(r, residual_leaves, column, true);
  Matching h = maximum_matching(highest, solvable_first(r, highest));
  if (!h.perfect()) report_high_index(model, r, residual_leaves, column, highest, h);
  eliminate_solved_algebraics(r, h);
  return r;
}

}  // namespace acausal
