#include "core/analysis.hpp"

#include <optional>
#include <stdexcept>
#include <unordered_map>

#include "core/errors.hpp"
#include "core/expr_map.hpp"
#include "core/expr_diff.hpp"
#include "core/expr_walk.hpp"
#include "core/matching.hpp"

namespace acausal {

Expr ReducedDae::in_unknowns(const Expr& e) const {
  // Aliases map onto representatives, derivatives onto what index reduction made of them, and
  // what was solved onto the remaining unknowns (its derivatives once more onto the unknowns).
  Expr x = substitute(e, aliases.replacements);
  if (derivatives.empty()) return substitute(x, solved);
  return in_reduced_unknowns(x);
}

Expr ReducedDae::in_reduced_unknowns(Expr x) const {
  // Substituting a solved unknown under der() differentiates its definition, which can bring in
  // derivatives of non-states again: repeat until nothing changes (chains are a few links long).
  for (int round = 0; round < 16; ++round) {
    Expr next = substitute(substitute(x, derivatives), solved);
    if (next == x) return x;
    x = next;
  }
  throw std::logic_error("derivative substitution does not settle for " + to_string(x));
}

Expr ReducedDae::rate(const Expr& e) const {
  Expr d = time_derivative(e);
  return derivatives.empty() ? d : in_reduced_unknowns(d);
}

std::vector<std::size_t> ReducedDae::substituted_equations(std::size_t i) const {
  std::vector<std::size_t> equations;
  if (residual_definitions.empty()) return equations;
  std::vector<bool> seen(solved_from.size(), false);
  std::vector<std::size_t> stack = residual_definitions[i];
  while (!stack.empty()) {
    const std::size_t k = stack.back();
    stack.pop_back();
    if (seen[k]) continue;
    seen[k] = true;
    equations.push_back(solved_from[k].equation);
    stack.insert(stack.end(), solved_from[k].definitions.begin(), solved_from[k].definitions.end());
  }
  std::sort(equations.begin(), equations.end());
  equations.erase(std::unique(equations.begin(), equations.end()), equations.end());
  return equations;
}

std::string ReducedDae::name(const Model& model, std::size_t k) const {
  return derivative_name(model.variables[unknown_variable[k]].name, unknown_order[k]);
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

/// The alias equations that fixed variable v to a constant: the chain from v to the equation
/// v' = c, found by walking the eliminated equations breadth first. Empty if there is none.
std::vector<std::size_t> fixing_chain(const Model& m, const ReducedDae& r, std::size_t v) {
  std::vector<std::vector<std::size_t>> equations_of(m.variables.size());
  std::vector<std::vector<std::size_t>> variables_of(m.equations.size());
  for (std::size_t e = 0; e < m.equations.size(); ++e) {
    if (!r.aliases.eliminated_equation[e]) continue;
    for (const Expr& leaf : leaves(m.equations[e].residual))
      if (leaf.op() == Op::Variable) {
        const std::size_t u = m.find_variable(leaf.name());
        variables_of[e].push_back(u);
        equations_of[u].push_back(e);
      }
  }
  // Breadth first from v; each variable remembers the equation and the variable it was reached by.
  constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  std::vector<std::size_t> via_equation(m.variables.size(), kNone), via_variable(m.variables.size(), kNone);
  std::vector<bool> seen(m.variables.size(), false);
  std::vector<std::size_t> queue{v};
  seen[v] = true;
  for (std::size_t k = 0; k < queue.size(); ++k)
    for (std::size_t e : equations_of[queue[k]]) {
      if (variables_of[e].size() == 1) {
        std::vector<std::size_t> chain{e};
        for (std::size_t u = queue[k]; u != v; u = via_variable[u]) chain.push_back(via_equation[u]);
        return chain;
      }
      for (std::size_t u : variables_of[e])
        if (!seen[u]) {
          seen[u] = true;
          via_equation[u] = e;
          via_variable[u] = queue[k];
          queue.push_back(u);
        }
    }
  return {};
}

/// An equation left without unknowns because its variables were all fixed to constants: say which
/// parts fixed them, since the equation itself is rarely where the user must look.
[[noreturn]] void report_contradiction(const Model& m, const ReducedDae& r, std::size_t row) {
  const ModelEquation& eq = m.equations[r.residual_equation[row]];
  const std::string which = eq.origin == "connection" ? "the connection" : eq.origin + "'s equation";
  std::string text = "these parts contradict each other: " + which +
                     (eq.description.empty() ? "" : " (" + eq.description + ")") + "\n  0 = " + to_string(eq.residual) +
                     "\ncannot hold: it becomes 0 = " + to_string(r.residuals[row]) + " because";
  for (const Expr& leaf : leaves(eq.residual)) {
    if (leaf.op() != Op::Variable) continue;
    const std::size_t v = m.find_variable(leaf.name());
    if (!r.aliases.alias[v].is_constant()) continue;
    text += "\n  " + leaf.name() + " = " + to_string(Expr(r.aliases.alias[v].offset));
    const std::vector<std::size_t> chain = fixing_chain(m, r, v);
    if (chain.empty()) continue;
    const ModelEquation& fixed = m.equations[chain.front()];
    text += " is fixed by " + fixed.origin + " (" + fixed.pointer + ")";
    std::vector<std::string> through;  // the components in between, not the connections
    for (std::size_t k = chain.size(); k-- > 1;) {
      const std::string& origin = m.equations[chain[k]].origin;
      if (origin != "connection" && origin != fixed.origin && origin != eq.origin &&
          std::find(through.begin(), through.end(), origin) == through.end())
        through.push_back(origin);
    }
    for (std::size_t k = 0; k < through.size(); ++k) text += (k == 0 ? " through " : ", ") + through[k];
  }
  text += "\n  remove or change one of these parts";
  throw ModelError(eq.pointer, text);
}

SingularParts singular_parts(const Model& m, const ReducedDae& r, const DulmageMendelsohn& dm) {
  auto equation = [&](std::size_t row) {
    const ModelEquation& eq = m.equations[r.residual_equation[row]];
    return SingularParts::Equation{eq.pointer, eq.origin, eq.description, to_string(r.residuals[row])};
  };
  auto unknown = [&](std::size_t col) {
    const ModelVariable& v = m.variables[r.unknown_variable[col]];
    const Definition& d = m.instances[v.instance];
    return SingularParts::Unknown{v.name, d.instance, d.pointer};
  };
  SingularParts parts;
  for (std::size_t row : dm.over_rows) parts.over_equations.push_back(equation(row));
  for (std::size_t col : dm.over_cols) parts.over_unknowns.push_back(unknown(col));
  for (std::size_t row : dm.under_rows) parts.under_equations.push_back(equation(row));
  for (std::size_t col : dm.under_cols) parts.under_unknowns.push_back(unknown(col));
  return parts;
}

[[noreturn]] void report_singular(const Model& m, const ReducedDae& r, const Bipartite& g, const Matching& match) {
  DulmageMendelsohn dm = dulmage_mendelsohn(g, match);
  for (std::size_t row : dm.over_rows)
    if (g.adjacency[row].empty()) report_contradiction(m, r, row);
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
  throw StructuralError(pointer, text, singular_parts(m, r, dm));
}

[[noreturn]] void report_not_index_one(const Model& m, const ReducedDae& r, const Bipartite& g, const Matching& match) {
  DulmageMendelsohn dm = dulmage_mendelsohn(g, match);
  std::string text = "internal error: index reduction left a system of index > 1; these equations cannot be solved "
                     "for the highest derivatives:";
  for (std::size_t row : dm.over_rows)
    text += r.residual_equation[row] == ReducedDae::kNoEquation ? "\n  0 = " + to_string(r.residuals[row])
                                                                 : "\n" + describe_equation(m, r.residual_equation[row], r.residuals[row]);
  throw std::logic_error(text);
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
  // Definitions substituted into each row, directly (provenance for diagnostics: copying the
  // equations behind them instead would grow quadratically along a chain of substitutions).
  std::vector<std::vector<std::size_t>> direct(rows);
  std::vector<ReducedDae::SolvedFrom> solved_from;
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
    const std::size_t k = definition.size();
    solved_from.push_back({r.residual_equation[i], std::move(direct[i])});
    for (std::size_t id : users[c]) {
      if (visited[id] == stamp) continue;
      visited[id] = stamp;
      if (id < rows) {
        if (!row_alive[id]) continue;
        r.residuals[id] = substitute(r.residuals[id], replace);
        direct[id].push_back(k);
      } else {
        definition[id - rows] = substitute(definition[id - rows], replace);
        solved_from[id - rows].definitions.push_back(k);
      }
      for (std::size_t vc : value_columns) users[vc].push_back(id);
    }
    users[c].clear();
    defined.push_back(c);
    definition.push_back(value);
    for (std::size_t vc : value_columns) users[vc].push_back(rows + definition.size() - 1);
  }
  if (defined.empty()) {
    r.residual_definitions.assign(r.residuals.size(), {});
    return;
  }

  for (std::size_t k = 0; k < defined.size(); ++k) r.solved.emplace(r.unknowns[defined[k]], definition[k]);

  ReducedDae kept;
  for (std::size_t k = 0; k < n; ++k) {
    if (!col_alive[k]) continue;
    kept.unknown_variable.push_back(r.unknown_variable[k]);
    kept.unknown_order.push_back(r.unknown_order[k]);
    kept.unknowns.push_back(r.unknowns[k]);
    kept.differential.push_back(r.differential[k]);
    kept.targets.push_back(r.targets[k]);
  }
  for (std::size_t i = 0; i < rows; ++i) {
    if (!row_alive[i]) continue;
    kept.residuals.push_back(r.residuals[i]);
    kept.residual_equation.push_back(r.residual_equation[i]);
    kept.residual_differentiations.push_back(r.residual_differentiations[i]);
    kept.residual_definitions.push_back(std::move(direct[i]));
  }
  kept.aliases = std::move(r.aliases);
  kept.solved = std::move(r.solved);
  kept.solved_from = std::move(solved_from);
  kept.derivatives = std::move(r.derivatives);
  kept.reduction = std::move(r.reduction);
  r = std::move(kept);
}

std::vector<std::vector<Expr>> leaves_of(const ReducedDae& r) {
  std::vector<std::vector<Expr>> out;
  out.reserve(r.residuals.size());
  for (const Expr& res : r.residuals) out.push_back(leaves(res));
  return out;
}

/// Marks the unknowns whose derivative occurs as differential; returns the highest derivative order.
int mark_differential(ReducedDae& r, const std::vector<std::vector<Expr>>& residual_leaves,
                      const ExprMap<std::size_t>& column) {
  int highest = 0;
  r.differential.assign(r.unknowns.size(), false);
  for (const auto& ls : residual_leaves)
    for (const Expr& leaf : ls)
      if (leaf.op() == Op::Derivative) {
        highest = std::max(highest, leaf.order());
        r.differential[*column.find(leaf.args()[0])] = true;
      }
  return highest;
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
  r.unknown_order.assign(r.unknowns.size(), 0);
  r.residual_differentiations.assign(r.residuals.size(), 0);
  std::vector<std::vector<Expr>> residual_leaves = leaves_of(r);
  const int highest_order = mark_differential(r, residual_leaves, column);

  Bipartite any = incidence(r, residual_leaves, column, false);
  Matching m = maximum_matching(any);
  if (!m.perfect()) report_singular(model, r, any, m);
  Bipartite highest = incidence(r, residual_leaves, column, true);
  Matching h = maximum_matching(highest, solvable_first(r, highest));
  if (!h.perfect() || highest_order > 1) {
    reduce_index(model, r);
    column = ExprMap<std::size_t>();
    for (std::size_t k = 0; k < r.unknowns.size(); ++k) column.emplace(r.unknowns[k], k);
    residual_leaves = leaves_of(r);
    mark_differential(r, residual_leaves, column);
    highest = incidence(r, residual_leaves, column, true);
    h = maximum_matching(highest, solvable_first(r, highest));
    if (!h.perfect()) report_not_index_one(model, r, highest, h);
  }
  eliminate_solved_algebraics(r, h);
  return r;
}

}  // namespace acausal
