#include "core/analysis/analysis.hpp"

#include <algorithm>
#include <boost/container/small_vector.hpp>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <unordered_map>

#include "core/model/errors.hpp"
#include "core/expr/expr_map.hpp"
#include "core/expr/expr_diff.hpp"
#include "core/expr/expr_walk.hpp"
#include "core/analysis/chunked_lists.hpp"
#include "core/analysis/matching.hpp"

namespace acausal {

void SolvedUnknowns::set(const std::vector<std::size_t>& variable, const std::vector<std::pair<std::size_t, Expr>>& symbols,
                         RowStore definitions) {
  by_variable_.assign(model_->variables.size(), kNone);
  by_symbol_ = ExprMap<std::size_t>();
  for (std::size_t k = 0; k < variable.size(); ++k)
    if (variable[k] != kSymbolOnly) by_variable_[variable[k]] = static_cast<std::uint32_t>(k);
  for (const auto& [k, symbol] : symbols) by_symbol_.emplace(symbol, k);
  definitions_ = std::move(definitions);
  built_.clear();
}

const Expr* SolvedUnknowns::find(const Expr& variable) const {
  if (variable.op() != Op::Variable || definitions_.empty()) return nullptr;
  std::size_t k = kNone;
  if (const std::size_t* found = by_symbol_.find(variable)) {
    k = *found;
  } else if (const std::size_t v = model_->variable_of(variable); v != std::string::npos) {
    k = by_variable_[v];
  }
  if (k == kNone) return nullptr;
  auto [built, added] = built_.try_emplace(k);
  if (added) built->second = materialize(definitions_[k], [this](Slot s) { return leaf(s); });
  return &built->second;
}

Expr SolvedUnknowns::symbol(std::uint32_t column) const {
  return column_symbols_.empty() ? model_->symbol(column_variables_[column]) : column_symbols_[column];
}

Expr SolvedUnknowns::leaf(Slot s) const {
  if (s.order == 0) return symbol(s.column);
  if (s.order > 1) return slot_expression(symbol(s.column), s.order);
  // der(x) is asked for by every residual and definition that has it: one node lookup per column.
  auto [d, added] = first_derivatives_.try_emplace(s.column);
  if (added) d->second = der(symbol(s.column));
  return d->second;
}

Expr ReducedDae::unknown(std::size_t k) const {
  if (!unknowns.empty()) return unknowns[k];
  if (unknown_order[k] != 0) throw std::logic_error("unknown(): a derivative unknown without its symbol");
  return analyzed->symbol(unknown_variable[k]);
}

std::optional<std::size_t> ReducedDae::column_of(const Expr& symbol) const {
  if (!unknowns.empty()) {
    if (!written_columns || written_columns->size() != unknowns.size()) {  // made, or index reduction added some
      auto columns = std::make_shared<ExprMap<std::size_t>>();
      columns->reserve(unknowns.size());
      for (std::size_t k = 0; k < unknowns.size(); ++k) columns->emplace(unknowns[k], k);
      written_columns = std::move(columns);
    }
    const std::size_t* k = written_columns->find(symbol);
    return k == nullptr ? std::nullopt : std::optional<std::size_t>(*k);
  }
  // Without written symbols every unknown is a model variable itself, in increasing order.
  const std::size_t v = analyzed->variable_of(symbol);
  if (v == std::string::npos) return std::nullopt;
  const auto it = std::lower_bound(unknown_variable.begin(), unknown_variable.end(), v);
  if (it == unknown_variable.end() || *it != v) return std::nullopt;
  return static_cast<std::size_t>(it - unknown_variable.begin());
}

Expr ReducedDae::residual(std::size_t i) const {
  return materialize(rows[i], [this](Slot s) { return slot_expression(unknown(s.column), s.order); });
}

std::vector<Expr> ReducedDae::residual_expressions() const {
  std::vector<Expr> out;
  out.reserve(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) out.push_back(residual(i));
  return out;
}

Expr ReducedDae::in_unknowns(const Expr& e) const {
  // Aliases map onto representatives, derivatives onto what index reduction made of them, and
  // what was solved onto the remaining unknowns (its derivatives once more onto the unknowns).
  const Expr x = aliases.in_representatives(e);
  if (derivatives.empty()) return substitute(x, [this](const Expr& node) { return solved.find(node); });
  return in_reduced_unknowns(x);
}

Expr ReducedDae::in_reduced_unknowns(Expr x) const {
  // Substituting a solved unknown under der() differentiates its definition, which can bring in
  // derivatives of non-states again: repeat until nothing changes (chains are a few links long).
  for (int round = 0; round < 16; ++round) {
    Expr next = substitute(substitute(x, derivatives), [this](const Expr& node) { return solved.find(node); });
    if (next == x) return x;
    x = next;
  }
  throw std::logic_error("derivative substitution does not settle for " + to_string(x));
}

Expr ReducedDae::rate(const Expr& e) const {
  Expr d = time_derivative(e);
  return derivatives.empty() ? d : in_reduced_unknowns(d);
}

std::vector<std::size_t> ReducedDae::substituted_equations(std::span<const std::uint32_t> direct,
                                                           const std::vector<std::size_t>& solved_equation,
                                                           const IndexLists& solved_definitions) {
  std::vector<std::size_t> equations;
  std::vector<bool> seen(solved_equation.size(), false);
  std::vector<std::uint32_t> stack(direct.begin(), direct.end());
  while (!stack.empty()) {
    const std::size_t k = stack.back();
    stack.pop_back();
    if (seen[k]) continue;
    seen[k] = true;
    equations.push_back(solved_equation[k]);
    const std::span<const std::uint32_t> into = solved_definitions[k];
    stack.insert(stack.end(), into.begin(), into.end());
  }
  std::sort(equations.begin(), equations.end());
  equations.erase(std::unique(equations.begin(), equations.end()), equations.end());
  return equations;
}

std::string ReducedDae::name(const Model& model, std::size_t k) const {
  return derivative_name(model.variable_name(unknown_variable[k]), unknown_order[k]);
}

namespace {

std::string count(std::size_t n, const char* noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

std::string describe_equation(const Model& m, std::size_t e, const Expr& residual) {
  const std::string description = m.description(e);
  return "  " + m.pointer(e) + " (" + m.origin(e) + (description.empty() ? "" : ": " + description) +
         "): 0 = " + to_string(residual);
}

std::string list_variables(const Model& m, const ReducedDae& r, const std::vector<std::size_t>& cols) {
  std::string s;
  for (std::size_t i = 0; i < cols.size(); ++i) {
    if (i == 20) {
      s += ", ... (" + std::to_string(cols.size()) + " in all)";
      break;
    }
    s += (i ? ", " : "") + m.variable_name(r.unknown_variable[cols[i]]);
  }
  return s;
}

/// Columns of each row: the unknown of every slot, linear or in the remainder.
Bipartite incidence(const RowStore& rows, const std::vector<bool>& differential,
                    bool highest_derivatives_only) {
  Bipartite g;
  g.cols = differential.size();
  std::vector<std::uint32_t> adj;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    adj.clear();
    auto add = [&](Slot s) {
      // In the index-1 test a differential unknown is solved for through its derivative.
      if (highest_derivatives_only && differential[s.column] && s.order == 0) return;
      if (std::find(adj.begin(), adj.end(), s.column) == adj.end()) adj.push_back(s.column);
    };
    const RowView row = rows[i];
    for (const LinearRow::Term& t : row.terms) add(t.slot());
    for (Slot s : row.rest_slots) add(s);
    g.adjacency.push_back(adj);
  }
  return g;
}

/// The alias equations that fixed variable v to a constant: the chain from v to the equation
/// v' = c, found by walking the eliminated equations breadth first. Empty if there is none.
std::vector<std::size_t> fixing_chain(const Model& m, const ReducedDae& r, std::size_t v) {
  std::vector<std::vector<std::size_t>> equations_of(m.variables.size());
  std::vector<std::vector<std::size_t>> variables_of(m.equation_count());
  for (std::size_t e = 0; e < m.equation_count(); ++e) {
    if (!r.aliases.eliminated_equation[e]) continue;
    for (const LinearRow::Term t : m.equation(e)) {  // an alias equation is linear in variables
      variables_of[e].push_back(t.slot().column);
      equations_of[t.slot().column].push_back(e);
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
  const std::size_t e = r.residual_equation[row];
  const Expr residual = m.residual(e);
  const std::string& origin = m.origin(e);
  const std::string which = origin == "connection" ? "the connection" : origin + "'s equation";
  const std::string description = m.description(e);
  std::string text = "these parts contradict each other: " + which +
                     (description.empty() ? "" : " (" + description + ")") + "\n  0 = " + to_string(residual) +
                     "\ncannot hold: it becomes 0 = " + to_string(r.residual(row)) + " because";
  for (const Expr& leaf : leaves(residual)) {
    if (leaf.op() != Op::Variable) continue;
    const std::size_t v = m.find_variable(leaf.name());
    if (!r.aliases.of(v).is_constant()) continue;
    text += "\n  " + leaf.name() + " = " + to_string(Expr(r.aliases.of(v).offset));
    const std::vector<std::size_t> chain = fixing_chain(m, r, v);
    if (chain.empty()) continue;
    const std::string& fixed = m.origin(chain.front());
    text += " is fixed by " + fixed + " (" + m.pointer(chain.front()) + ")";
    std::vector<std::string> through;  // the components in between, not the connections
    for (std::size_t k = chain.size(); k-- > 1;) {
      const std::string& between = m.origin(chain[k]);
      if (between != "connection" && between != fixed && between != origin &&
          std::find(through.begin(), through.end(), between) == through.end())
        through.push_back(between);
    }
    for (std::size_t k = 0; k < through.size(); ++k) text += (k == 0 ? " through " : ", ") + through[k];
  }
  text += "\n  remove or change one of these parts";
  throw ModelError(m.pointer(e), text);
}

SingularParts singular_parts(const Model& m, const ReducedDae& r, const DulmageMendelsohn& dm) {
  auto equation = [&](std::size_t row) {
    const std::size_t e = r.residual_equation[row];
    return SingularParts::Equation{m.pointer(e), m.origin(e), m.description(e), to_string(r.residual(row))};
  };
  auto unknown = [&](std::size_t col) {
    const std::size_t v = r.unknown_variable[col];
    const ModelInstance& d = m.instances[m.variables[v].instance];
    return SingularParts::Unknown{m.variable_name(v), d.name(), d.pointer()};
  };
  SingularParts parts;
  for (std::size_t row : dm.over_rows) parts.over_equations.push_back(equation(row));
  for (std::size_t col : dm.over_cols) parts.over_unknowns.push_back(unknown(col));
  for (std::size_t row : dm.under_rows) parts.under_equations.push_back(equation(row));
  for (std::size_t col : dm.under_cols) parts.under_unknowns.push_back(unknown(col));
  return parts;
}

/// The most equations a structural message lists (a model of thousands of open elements would
/// print megabytes).
constexpr std::size_t kListedEquations = 40;

/// One line per equation of `rows`, the first kListedEquations of them, then how many more.
std::string listed_equations(const Model& m, const ReducedDae& r, const std::vector<std::size_t>& rows) {
  std::string text;
  for (std::size_t k = 0; k < rows.size() && k < kListedEquations; ++k)
    text += "\n" + describe_equation(m, r.residual_equation[rows[k]], r.residual(rows[k]));
  if (rows.size() > kListedEquations) text += "\n  … and " + count(rows.size() - kListedEquations, "more equation");
  return text;
}

/// A joint (a component between two frames) whose own motion is among the under-determined
/// unknowns while nothing involved has mass or inertia: a pivot with only a massless rod beyond it.
/// Adds the explanation to `text` and returns the joint's pointer ("" when there is none).
std::string massless_joint(const Model& m, const ReducedDae& r, const std::vector<std::size_t>& under_cols,
                           const std::vector<std::size_t>& instances, std::string& text) {
  for (std::size_t inst : instances)
    if (!m.instances[inst].definition->stored_energy.is_literal(0.0)) return {};
  for (std::size_t inst : instances) {
    const ModelInstance& joint = m.instances[inst];
    const Definition& d = *joint.definition;
    std::size_t frames = 0;
    for (const auto& p : d.ports) frames += p.port.domain->loop_closure() ? 1U : 0U;
    if (frames < 2) continue;
    std::vector<std::string> motion;
    for (std::size_t c : under_cols) {
      const ModelVariable& v = m.variables[r.unknown_variable[c]];
      if (v.instance == inst && !d.variables[v.local].is_port) motion.push_back(m.variable_name(r.unknown_variable[c]));
    }
    if (motion.empty()) continue;
    std::string others;
    for (std::size_t k : instances)
      if (k != inst) others += (others.empty() ? "" : ", ") + m.instances[k].name();
    text += "\n  " + joint.name() + " (" + joint.type() + ") moves with nothing that has mass or inertia" +
            (others.empty() ? std::string() : " (only massless parts: " + others + ")") +
            ", so no law sets its motion (" + join(motion, 6) +
            "): attach a body beyond it, or drive or lock the joint";
    return joint.pointer();
  }
  return {};
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
    text += listed_equations(m, r, dm.over_rows);
    pointer = m.pointer(r.residual_equation[dm.over_rows[0]]);
  }
  if (!dm.under_cols.empty()) {
    std::size_t missing = dm.under_cols.size() - dm.under_rows.size();
    text += "\nunder-determined: " + count(dm.under_cols.size(), "unknown") + " (" +
            list_variables(m, r, dm.under_cols) + (dm.under_cols.size() == 1 ? ") appears" : ") appear") +
            " in only " + count(dm.under_rows.size(), "equation") +
            " (" + std::to_string(missing) + " missing)";
    if (!dm.under_rows.empty()) text += ":";
    text += listed_equations(m, r, dm.under_rows);
    std::vector<std::size_t> instances;
    for (std::size_t c : dm.under_cols) {
      const std::size_t inst = m.variables[r.unknown_variable[c]].instance;
      if (std::find(instances.begin(), instances.end(), inst) == instances.end()) instances.push_back(inst);
    }
    text += "\n  components involved:";
    for (std::size_t k = 0; k < instances.size() && k < kListedEquations; ++k) text += " " + m.instances[instances[k]].name();
    if (instances.size() > kListedEquations) text += " … (" + std::to_string(instances.size()) + " in all)";
    // A component short of equations on its own is the likeliest cause: name it first.
    for (std::size_t inst : instances) {
      const ModelInstance& instance = m.instances[inst];
      const std::ptrdiff_t balance = local_balance(*instance.definition);
      if (balance >= 0) continue;
      text += "\n  " + instance.name() + " (" + instance.type() + ") is short of " + count(static_cast<std::size_t>(-balance), "equation") +
              " on its own: its equations, with one per through variable of its ports and per signal input, do not "
              "match its variables";
      if (pointer.empty()) pointer = instance.pointer();
    }
    if (pointer.empty()) pointer = massless_joint(m, r, dm.under_cols, instances, text);
    if (pointer.empty())
      pointer = m.instances[m.variables[r.unknown_variable[dm.under_cols[0]]].instance].pointer();
  }
  throw StructuralError(pointer, text, singular_parts(m, r, dm));
}

[[noreturn]] void report_not_index_one(const Model& m, const ReducedDae& r, const Bipartite& g, const Matching& match) {
  DulmageMendelsohn dm = dulmage_mendelsohn(g, match);
  std::string text = "internal error: index reduction left a system of index > 1; these equations cannot be solved "
                     "for the highest derivatives:";
  for (std::size_t row : dm.over_rows)
    text += r.residual_equation[row] == ReducedDae::kNoEquation ? "\n  0 = " + to_string(r.residual(row))
                                                                 : "\n" + describe_equation(m, r.residual_equation[row], r.residual(row));
  throw std::logic_error(text);
}

/// Column preference for the index-1 matching: algebraic unknowns first, so that equations are
/// matched to variables they define explicitly wherever possible.
std::vector<int> solvable_first(const ReducedDae& r, const Bipartite& g) {
  std::vector<int> prefer(g.cols);
  for (std::size_t c = 0; c < g.cols; ++c) prefer[c] = r.differential[c] ? 1 : 0;
  return prefer;
}

/// The slot of a Variable or Derivative leaf of an unknown (ReducedDae::column_of: through the
/// model's names until index reduction writes the unknowns' symbols, then through their map).
SlotOf slots_of_unknowns(const ReducedDae& r) {
  return [&r](const Expr& leaf) -> std::optional<Slot> {
    const bool derivative = leaf.op() == Op::Derivative;
    if (!derivative && leaf.op() != Op::Variable) return std::nullopt;
    const std::optional<std::size_t> c = r.column_of(derivative ? leaf.args()[0] : leaf);
    if (!c) return std::nullopt;
    return Slot{static_cast<std::uint32_t>(*c), derivative ? static_cast<std::uint32_t>(leaf.order()) : 0u};
  };
}

/// A residual already in the unknowns as a row.
LinearRow row_of(const Expr& residual, const SlotOf& slot_of) {
  // Each leaf as itself.
  LinearRow row = split_row(residual, [&slot_of](const Expr& leaf) -> std::optional<LeafImage> {
    const std::optional<Slot> s = slot_of(leaf);
    if (!s) return std::nullopt;
    return LeafImage{s, 1.0, 0.0, true};
  });
  set_rest(row, row.rest, slot_of);
  return row;
}

/// Model equation `e` with aliases replaced by representatives, as a row over the unknowns.
/// `column_of` gives the column of each representative (model variable index).
LinearRow alias_row(const Model& model, std::size_t e, const AliasElimination& aliases,
                    const std::vector<std::uint32_t>& column_of, const SlotOf& slot_of) {
  const EquationView eq = model.equation(e);
  LinearRow row;
  row.constant = eq.constant;
  bool same = true;  // every variable is its own representative: the row is the equation
  for (const LinearRow::Term t : eq) {
    const AliasOf a = aliases.of(t.slot().column);
    if (t.slot().order == 0) row.constant += t.coefficient() * a.offset;  // the offset is constant in time
    if (a.representative != t.slot().column) same = false;
    if (a.is_constant()) continue;
    if (!detail::add_term(row, Slot{column_of[a.representative], t.slot().order}, t.coefficient() * a.sign())) same = false;
  }
  detail::drop_zero_terms(row);
  if (eq.rest->is_constant()) {
    row.rest = *eq.rest;
  } else {
    // The nonlinear remainder in the representatives. If that changes it, split the whole equation
    // once more, so that terms the substitution makes alike are merged with the linear part.
    const Expr rest = aliases.in_representatives(*eq.rest);
    if (rest != *eq.rest) return row_of(aliases.in_representatives(model.residual(e)), slot_of);
    set_rest(row, rest, slot_of);
  }
  // A copied instance's equation is not at hand as an expression: the row is materialized when needed.
  const std::uint32_t who = model.labels->label(e).who;
  const bool written =
      who == EquationLabels::kWritten || (who != EquationLabels::kLinear && !model.instances[who].copy);
  if (same && written) row.exact = model.residual(e);
  return row;
}

bool is_zero_constant(const Expr& e) { return e.is_literal(0.0); }

/// The column of an eliminated unknown in the kept numbering.
constexpr std::uint32_t kEliminated = 0xFFFFFFFFu;

/// The value of `x` that `row` gives, x = −(row − k·x)/k with k its coefficient of x (linear in x,
/// k ≠ 0): the row's other terms, constant and remainder divided by −k.
LinearRow solved_for(LinearRow row, Slot x) {
  const Coef k = take_term(row, x);
  for (LinearRow::Term& t : row.terms) t.set_coefficient(t.coefficient() / -k);
  row.constant /= -k;
  if (!row.rest.is_literal(0.0)) row.rest = row.rest / Expr(-k);
  row.exact.reset();
  return row;
}

/// A definition that reads more unknowns than this is not substituted: its unknown stays in the
/// system with its equation. Substituting definitions into definitions along a chain (the frames of
/// an N-link pendulum, each placed from the previous one) would otherwise give the last residuals
/// every joint angle as a leaf: a dense Jacobian, O(N²) expression work per residual and O(N³) to
/// factor, where keeping every few frames as unknowns leaves a sparse, banded system.
constexpr std::size_t kMaxDefinitionReach = 12;

/// The rows that define their matched unknown explicitly (x = −rest/coefficient: an algebraic
/// unknown without an initial target, in the row linearly with a constant coefficient).
std::vector<bool> explicit_definitions(const ReducedDae& r, const RowStore& rows, const Matching& h) {
  std::vector<bool> defines(rows.size(), false);
  std::vector<bool> selected_derivative(r.unknown_variable.size(), false);
  for (const PivotBlock& block : r.reduction.pivots)
    for (const Expr& u : block.derivatives)
      if (const std::optional<std::size_t> c = r.column_of(u)) selected_derivative[*c] = true;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const std::size_t c = h.col_of_row[i];
    if (r.differential[c] || r.targets[c].priority != TargetPriority::None || selected_derivative[c]) continue;
    const Slot x{static_cast<std::uint32_t>(c), 0};
    const RowView row = rows[i];
    defines[i] = !row.coefficient(x).is_zero() && !row.in_rest(x.column);
  }
  return defines;
}

/// The defining rows, each after the defining rows of the unknowns it reads (depth first, post
/// order; rows on a cycle in any order). Judged in this order, a definition is complete in what it
/// reads when its reach is measured.
std::vector<std::uint32_t> definitions_first(const RowStore& rows, const Matching& h,
                                           const std::vector<bool>& defines) {
  constexpr std::uint32_t kNone = static_cast<std::uint32_t>(-1);
  std::vector<std::uint32_t> definer(h.row_of_col.size(), kNone);  // column → its defining row
  for (std::size_t i = 0; i < rows.size(); ++i)
    if (defines[i]) definer[h.col_of_row[i]] = static_cast<std::uint32_t>(i);
  // The k-th unknown row i reads: its linear terms, then the slots of its remainder.
  auto read = [&rows](std::size_t i, std::size_t k) {
    const RowView row = rows[i];
    return k < row.terms.size() ? row.terms[k].slot().column : row.rest_slots[k - row.terms.size()].column;
  };
  auto reads = [&rows](std::size_t i) {
    const RowView row = rows[i];
    return row.terms.size() + row.rest_slots.size();
  };
  std::vector<std::uint32_t> order;
  order.reserve(static_cast<std::size_t>(std::count(defines.begin(), defines.end(), true)));
  std::vector<bool> seen(rows.size(), false);
  std::vector<std::pair<std::uint32_t, std::size_t>> stack;  // (row, next read); explicit: chains are long
  for (std::size_t root = 0; root < rows.size(); ++root) {
    if (!defines[root] || seen[root]) continue;
    seen[root] = true;
    stack.emplace_back(static_cast<std::uint32_t>(root), 0);
    while (!stack.empty()) {
      auto& [i, k] = stack.back();
      if (k == reads(i)) {
        order.push_back(i);
        stack.pop_back();
        continue;
      }
      const std::uint32_t j = definer[read(i, k++)];
      if (j == kNone || seen[j]) continue;
      seen[j] = true;
      stack.emplace_back(j, 0);
    }
  }
  return order;
}


/// Gives every unknown its symbol (messages and index reduction read all residuals as expressions).
void make_unknown_symbols(const Model& model, ReducedDae& r) {
  if (r.unknowns.empty()) model.symbols(r.unknown_variable, r.unknowns);
}

/// Rows that give the derivative of a state as a linear combination of unknowns (not derivatives):
/// `w − der(phi) = 0`. Each such der(x) is replaced by its value in the nonlinear remainders of the
/// other rows and everywhere in the definitions, as Modelica tools use the velocity state wherever
/// der(phi) occurs. The rows mean the same; what changes is how IDA sees them: its Newton iteration
/// corrects der(x) through x (δx′ = cj·δx), so a residual nonlinear in der(x) (a centripetal
/// der(phi)², a Coriolis product) is nonlinear in a variable whose corrections are large exactly
/// when steps are small. After a failed step, the predicted derivatives of a long pendulum chain
/// were corrected by amounts whose quadratic leftover no iteration could remove, and IDA shrank the
/// step to its floor. Written in w, the same terms read y, whose corrections vanish with the step.
/// Linear occurrences stay: there der(x) costs Newton nothing, and in place of c·der(x) the row
/// would read every unknown of the value (a Jacobian entry more per damper of a 1D chain, 4 % of
/// its integration). Definitions take both, so an output equal to der(phi) (a relative speed, an
/// acceleration) is read from the states, not from IDA's less accurate y′.
template <typename Leaf>
void substitute_derivative_aliases(std::size_t unknowns, const Leaf& leaf, RowStore& rows,
                                   const std::vector<bool>& alive, RowStore& definitions,
                                   const SlotOf& slot_of, SlotIndex& index) {
  constexpr std::uint32_t kNone = static_cast<std::uint32_t>(-1);
  std::vector<std::uint32_t> alias_row(unknowns, kNone);  // column x → row giving der(x)
  std::size_t alias_rows = 0;
  std::vector<bool> is_alias_row(rows.size(), false);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (!alive[i]) continue;
    const RowView row = rows[i];
    if (!row.rest.is_constant()) continue;
    std::size_t derivatives = 0;
    Slot d;
    for (const LinearRow::Term& t : row.terms)
      if (t.slot().order > 0) {
        ++derivatives;
        d = t.slot();
      }
    if (derivatives != 1 || d.order != 1 || alias_row[d.column] != kNone) continue;
    alias_row[d.column] = static_cast<std::uint32_t>(i);
    is_alias_row[i] = true;
    ++alias_rows;
  }
  // der(x) = value, built when used (by column, for the columns the rows read so)
  std::unordered_map<std::uint32_t, LinearRow> value;
  value.reserve(alias_rows);
  std::unordered_map<std::uint32_t, Expr> value_expression;
  auto value_of = [&](std::uint32_t x) -> const LinearRow& {
    auto [it, added] = value.try_emplace(x);
    if (added) it->second = solved_for(rows.row(alias_row[x]), Slot{x, 1});
    return it->second;
  };
  auto replaced = [&](Slot s) { return s.order == 1 && alias_row[s.column] != kNone; };
  // Does the row read a der(x) that rewrite() replaces? (Most rows do not: they are not copied.)
  auto reads_replaced = [&](const RowView& row, bool linear_terms) {
    return std::any_of(row.rest_slots.begin(), row.rest_slots.end(), replaced) ||
           (linear_terms &&
            std::any_of(row.terms.begin(), row.terms.end(), [&](const LinearRow::Term& t) { return replaced(t.slot()); }));
  };
  auto rewrite = [&](LinearRow& row, bool linear_terms) {
    std::unordered_map<Expr, Expr, ExprHash> replace;
    for (Slot s : row.rest_slots) {
      if (!replaced(s)) continue;
      auto e = value_expression.find(s.column);
      if (e == value_expression.end()) e = value_expression.emplace(s.column, materialize(value_of(s.column), leaf)).first;
      replace.emplace(leaf(s), e->second);
    }
    if (!replace.empty()) {
      set_rest(row, substitute(row.rest, replace), slot_of);
      row.exact.reset();
    }
    if (!linear_terms) return;
    // the linear terms, after the remainder (add_scaled merges rest_slots)
    std::vector<std::uint32_t> columns;
    for (const LinearRow::Term& t : row.terms)
      if (replaced(t.slot())) columns.push_back(t.slot().column);
    for (std::uint32_t x : columns)
      if (const Coef u = take_term(row, Slot{x, 1}); !u.is_zero()) add_scaled(row, u, value_of(x), index);
  };
  auto rewrite_in = [&](RowStore& store, std::size_t i, bool linear_terms) {
    const RowView view = store[i];
    if (!reads_replaced(view, linear_terms)) return;
    if (std::none_of(view.rest_slots.begin(), view.rest_slots.end(), replaced)) {
      // The linear terms alone, replaced in the store one after another while their values are
      // linear (as rewrite() would, without copying the row out).
      boost::container::small_vector<std::uint32_t, 4> columns;
      for (const LinearRow::Term& t : view.terms)
        if (replaced(t.slot())) columns.push_back(t.slot().column);
      std::size_t k = 0;
      for (; k < columns.size(); ++k) {
        const LinearRow& definition_of_x = value_of(columns[k]);
        if (!is_zero_constant(definition_of_x.rest)) break;
        store.substitute(i, Slot{columns[k], 1}, definition_of_x, index);
      }
      if (k == columns.size()) return;
    }
    LinearRow row = store.row(i);
    rewrite(row, linear_terms);
    store.set(i, row);
  };
  for (std::size_t i = 0; i < rows.size(); ++i)
    if (alive[i] && !is_alias_row[i]) rewrite_in(rows, i, false);
  for (std::size_t d = 0; d < definitions.size(); ++d) rewrite_in(definitions, d, true);
}

/// The value of a quantity no nominal reached. The nominal relaxation's quantities are nodes: 2k is
/// unknown k, 2k + 1 its derivative.
constexpr double kNoNominal = std::numeric_limits<double>::infinity();

/// One value per quantity node from alias-class nominals (by representative), at the nodes of the
/// unknowns that represent a class; empty when no unknown has one.
std::vector<double> class_nominals(const ReducedDae& r, const std::unordered_map<std::size_t, double>& by_representative) {
  std::vector<double> out;
  if (by_representative.empty()) return out;
  const std::size_t n = r.unknown_variable.size();
  for (std::size_t k = 0; k < n; ++k) {
    const auto found = by_representative.find(r.unknown_variable[k]);
    if (r.unknown_order[k] != 0 || found == by_representative.end()) continue;
    if (out.empty()) out.assign(2 * n, kNoNominal);
    out[2 * k] = found->second;
  }
  return out;
}

/// The nominal of each unknown (none where no nominal reaches it). Nominals start at the
/// representatives of alias classes (the smallest in each class) and pass along every relation
/// that makes two quantities one up to a factor and an offset: a row of two linear terms,
/// a·p + b·q + c(t) = 0 (p = −(b/a)·q + …, so nominal_q ≤ nominal_p·|a/b| and back), where p and q
/// are unknowns or first derivatives of unknowns (`w_rel − der(phi) = 0` and `w − der(phi) = 0` make
/// a relative speed and an inertia's speed state one quantity); and the definition of an
/// eliminated unknown that reads one slot, x = k·q + c(t). A quantity computed from several
/// unknowns passes its nominal to none of them. Each quantity keeps the smallest nominal that
/// reaches it, in three tiers, each filling only the quantities the ones before did not reach: the
/// netlist's nominals, those components declare (a spring-damper's phi_nominal), and the first
/// derivative of an unknown with a nominal below 1, which inherits it per second (a mount's deflection
/// scales the speed state of the housing). A model with no nominal costs one pass over the alias
/// classes.
std::vector<std::optional<double>> unknown_nominals(const ReducedDae& r, const RowStore& rows,
                                                    const std::vector<bool>& row_alive,
                                                    const std::vector<std::uint32_t>& defined,
                                                    const RowStore& definitions) {
  const std::size_t n = r.unknown_variable.size();
  std::vector<std::optional<double>> out(n);
  std::vector<double> nominal = class_nominals(r, r.aliases.nominal);
  std::vector<double> declared = class_nominals(r, r.aliases.declared_nominal);
  if (nominal.empty() && declared.empty()) return out;
  struct Link {
    std::size_t p, q;
    double factor;  ///< |p| ≈ factor·|q|
  };
  std::vector<Link> links;
  auto node = [](Slot s) { return 2 * static_cast<std::size_t>(s.column) + s.order; };
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (!row_alive[i]) continue;
    const RowView row = rows[i];
    if (!row.rest_slots.empty() || row.terms.size() != 2) continue;
    const LinearRow::Term& a = row.terms[0];
    const LinearRow::Term& b = row.terms[1];
    if (a.slot().order > 1 || b.slot().order > 1) continue;
    // A tunable coefficient (coef.hpp) links nothing: a nominal does not depend on a run's values.
    if (a.coefficient().traced() || b.coefficient().traced()) continue;
    links.push_back({node(a.slot()), node(b.slot()), std::fabs(b.coefficient().value / a.coefficient().value)});
  }
  for (std::size_t d = 0; d < defined.size(); ++d) {
    const RowView value = definitions[d];
    if (!value.rest_slots.empty() || value.terms.size() != 1 || value.terms[0].slot().order > 1) continue;
    if (value.terms[0].coefficient().traced()) continue;
    links.push_back({2 * std::size_t{defined[d]}, node(value.terms[0].slot()), std::fabs(value.terms[0].coefficient().value)});
  }
  // Relaxation until nothing changes; a few passes reach a chain of links in any order, and a
  // cycle whose factors do not multiply to 1 (contradictory scales) must not shrink forever.
  auto relax = [&links](std::vector<double>& value) {
    for (int pass = 0; pass < 8; ++pass) {
      bool changed = false;
      for (const Link& l : links) {
        if (value[l.q] * l.factor < value[l.p]) value[l.p] = value[l.q] * l.factor, changed = true;
        if (value[l.p] / l.factor < value[l.q]) value[l.q] = value[l.p] / l.factor, changed = true;
      }
      if (!changed) break;
    }
  };
  // A tier's values where the tiers before reached nothing.
  auto fill_unreached = [&relax](std::vector<double>& reached, std::vector<double>& tier) {
    relax(tier);
    for (std::size_t q = 0; q < reached.size(); ++q)
      if (reached[q] == kNoNominal) reached[q] = tier[q];
  };
  if (nominal.empty()) nominal.assign(2 * n, kNoNominal);
  relax(nominal);
  if (!declared.empty()) fill_unreached(nominal, declared);
  // Without nominals every quantity has the magnitude 1 in SI, a position and its speed alike (1 rad,
  // 1 rad/s): a time scale of 1 s. A nominal below 1 says the quantity moves on a smaller scale; on
  // the same time scale so does its rate, which IDA integrates as a state of its own (a mount's
  // deflection of 1e-4 rad and the housing's speed, w = der(phi)). Error control on the position
  // alone leaves that speed with an absolute tolerance far above its size, and it is accurate only to
  // that tolerance, however tight the position's. A nominal of 1 or more says nothing the default
  // does not.
  constexpr double kRateTime = 1.0;  // s
  std::vector<double> inherited = std::move(declared);  // its storage, when it had any
  inherited.clear();
  for (std::size_t k = 0; k < n; ++k)
    if (nominal[2 * k] < 1.0 && nominal[2 * k + 1] == kNoNominal) {
      if (inherited.empty()) inherited.assign(2 * n, kNoNominal);
      inherited[2 * k + 1] = nominal[2 * k] / kRateTime;
    }
  if (!inherited.empty()) fill_unreached(nominal, inherited);
  for (std::size_t k = 0; k < n; ++k)
    if (nominal[2 * k] != kNoNominal) out[k] = nominal[2 * k];
  return out;
}

/// Substitutes away every algebraic unknown that its matched equation gives explicitly
/// (x = −rest/coefficient, the equation linear in x with a constant coefficient), as Modelica tools
/// do when they sort equations: IDA then integrates only the unknowns that need an implicit solve.
/// The definitions go into r.solved, so outputs and energy terms still see them. Unknowns with an
/// initial target stay (the initialization works on unknowns), and so do unknowns whose definition
/// reaches too far (kMaxDefinitionReach). The work is done on the rows; the rows that stay are the
/// reduced system, renumbered to the unknowns that stay.
void eliminate_solved_algebraics(const Model& model, ReducedDae& r, RowStore& residual_rows, Matching h,
                                 const SlotOf& slot_of) {
  const std::size_t n = r.unknown_variable.size();
  const std::size_t rows = residual_rows.size();
  const std::vector<bool> defines = explicit_definitions(r, residual_rows, h);
  std::vector<std::uint32_t> order = definitions_first(residual_rows, h, defines);
  // The loop reads each row's matched column alone, and the initial targets only to keep them for
  // the unknowns that stay: both in fewer bytes (most unknowns of a large model have no target).
  std::vector<std::uint32_t> column_of_row(h.col_of_row.size());
  for (std::size_t i = 0; i < column_of_row.size(); ++i) column_of_row[i] = static_cast<std::uint32_t>(h.col_of_row[i]);
  h = Matching();
  std::vector<std::pair<std::uint32_t, Target>> given_targets;  // (column, target), by column
  for (std::size_t k = 0; k < n; ++k)
    if (r.targets[k].priority != TargetPriority::None) given_targets.emplace_back(static_cast<std::uint32_t>(k), r.targets[k]);
  r.targets = decltype(r.targets)();
  std::uint32_t orders = 1;
  for (const RowView row : residual_rows)
    for (const LinearRow::Term& t : row.terms) orders = std::max(orders, t.slot().order + 1);
  SlotIndex index(orders);
  const auto leaf = [&r](Slot s) { return slot_expression(r.unknown(s.column), s.order); };
  auto columns_of = [](const RowView& row, auto&& visit) {
    for (const LinearRow::Term& t : row.terms) visit(t.slot().column);
    for (Slot s : row.rest_slots) visit(s.column);
  };
  // Which rows (index < rows) and definitions (index ≥ rows) mention each unknown (an unknown has
  // few users: a list is searched, not indexed).
  if (rows + n >= kEliminated) throw std::length_error("analysis: more than 2^32 rows and unknowns");
  ChunkedLists users(n);
  std::vector<bool> row_alive(rows, true), col_alive(n, true);
  // Each user once; a list about to take another chunk first drops the rows that were solved
  // (skipped when met anyway), so that lists stay short.
  const auto add_user = [&](std::uint32_t c, std::uint32_t id) {
    if (users.contains(c, id)) return;
    if (users.size(c) > 0 && users.full(c)) users.erase_if(c, [&](std::uint32_t u) { return u < rows && !row_alive[u]; });
    users.push_back(c, id);
  };
  std::vector<std::uint32_t> users_of_x;  // the list being worked through (others grow meanwhile)
  for (std::size_t i = 0; i < rows; ++i)
    columns_of(residual_rows[i], [&](std::uint32_t c) { add_user(c, static_cast<std::uint32_t>(i)); });

  // Provenance for diagnostics: the definitions substituted into each row and into each definition,
  // directly, as (row or definition, definition) pairs (copying the equations behind them instead
  // would grow quadratically along a chain of substitutions).
  std::vector<std::pair<std::uint32_t, std::uint32_t>> into_row, into_definition;
  std::vector<std::size_t> solved_equation;  // per definition: the model equation it was solved from
  std::vector<std::uint32_t> solved_row;     // and the row that was
  std::vector<std::uint32_t> defined;    // unknowns eliminated, in order
  solved_equation.reserve(order.size());
  solved_row.reserve(order.size());
  defined.reserve(order.size());
  RowStore definition;                   // their definitions, kept current
  {
    // Room for the explicit rows' values as they are now, and as many again for what
    // substitutions bring in before and after they are solved (see analyze() on room).
    std::size_t count = 0, terms = 0;
    for (std::size_t i = 0; i < rows; ++i)
      if (defines[i]) ++count, terms += residual_rows[i].terms.size() - 1;
    definition.reserve(count, 2 * terms);
  }
  for (std::size_t i : order) {
    const std::size_t c = column_of_row[i];
    const Slot x{static_cast<std::uint32_t>(c), 0};
    {
      const RowView row = residual_rows[i];
      // Substitutions since the rows were judged can cancel x or bring it into the remainder (an
      // algebraic loop); then x is not explicit any more.
      if (row.coefficient(x).is_zero() || row.in_rest(x.column)) continue;
      // the unknowns x's value reads (x itself is one of the terms)
      if (row.terms.size() - 1 + row.rest_slots.size() > kMaxDefinitionReach) continue;
    }
    const LinearRow value = solved_for(residual_rows.row(i), x);
    residual_rows.clear(i);  // its room serves the rows that grow
    std::optional<Expr> value_expression;  // built only if x occurs in a nonlinear remainder
    const bool linear_value = is_zero_constant(value.rest);
    row_alive[i] = false;
    col_alive[c] = false;
    const std::size_t d = definition.size();
    solved_equation.push_back(r.residual_equation[i]);
    solved_row.push_back(static_cast<std::uint32_t>(i));
    users.copy_to(c, users_of_x);
    for (const std::uint32_t id : users_of_x) {  // each once (add_user)
      if (id < rows && !row_alive[id]) continue;
      RowStore& store = id < rows ? residual_rows : definition;
      const std::size_t at = id < rows ? id : id - rows;
      if (linear_value && !store[at].in_rest(x.column)) {
        store.substitute(at, x, value, index);  // numbers alone, in place
      } else {
        LinearRow user = store.row(at);
        if (user.in_rest(x.column)) {
          if (!value_expression) value_expression = materialize(value, leaf);
          const std::unordered_map<Expr, Expr, ExprHash> replace{{leaf(x), *value_expression}};
          set_rest(user, substitute(user.rest, replace), slot_of);
        }
        if (const Coef u = take_term(user, x); !u.is_zero()) add_scaled(user, u, value, index);
        store.set(at, user);
      }
      (id < rows ? into_row : into_definition).emplace_back(static_cast<std::uint32_t>(at), static_cast<std::uint32_t>(d));
      // Substituting x brings the unknowns of its value into each user; the users' other unknowns
      // are noted already.
      columns_of(value, [&](std::uint32_t vc) { add_user(vc, id); });
    }
    users.clear(c);  // its room too
    defined.push_back(static_cast<std::uint32_t>(c));
    definition.push_back(value);
    columns_of(value, [&](std::uint32_t vc) { add_user(vc, static_cast<std::uint32_t>(rows + d)); });
  }
  // What the loop used is done with: its memory serves what is built below.
  users = ChunkedLists(0);
  users_of_x = decltype(users_of_x)();
  column_of_row = decltype(column_of_row)();
  order = decltype(order)();
  substitute_derivative_aliases(n, leaf, residual_rows, row_alive, definition, slot_of, index);

  ReducedDae kept;
  const auto kept_count = static_cast<std::size_t>(std::count(col_alive.begin(), col_alive.end(), true));
  kept.unknown_variable.reserve(kept_count);
  kept.unknown_order.reserve(kept_count);
  kept.targets.reserve(kept_count);
  kept.nominal.reserve(kept_count);
  {
    const std::vector<std::optional<double>> nominal = unknown_nominals(r, residual_rows, row_alive, defined, definition);
    auto given = given_targets.begin();
    for (std::size_t k = 0; k < n; ++k) {
      while (given != given_targets.end() && given->first < k) ++given;
      if (!col_alive[k]) continue;
      kept.unknown_variable.push_back(r.unknown_variable[k]);
      kept.unknown_order.push_back(r.unknown_order[k]);
      if (!r.unknowns.empty()) kept.unknowns.push_back(r.unknowns[k]);
      kept.differential.push_back(r.differential[k]);
      kept.targets.push_back(given != given_targets.end() && given->first == k ? given->second : Target{});
      kept.nominal.push_back(nominal[k]);
    }
  }
  given_targets = decltype(given_targets)();
  // The defined unknowns: model variables, or (index reduction's derivatives) symbols.
  std::vector<std::size_t> defined_variable(defined.size());
  std::vector<std::pair<std::size_t, Expr>> defined_symbols;
  for (std::size_t d = 0; d < defined.size(); ++d) {
    const std::size_t c = defined[d];
    if (r.unknown_order[c] != 0) defined_symbols.emplace_back(d, r.unknowns[c]);
    defined_variable[d] = r.unknown_order[c] == 0 ? r.unknown_variable[c] : SolvedUnknowns::kSymbolOnly;
  }
  defined = decltype(defined)();

  // Provenance: the definitions that went into each row that stays, and into each definition
  // (what went into its row before it was solved, then into it).
  {
    const IndexLists direct = IndexLists::grouped(rows, into_row);
    into_row = decltype(into_row)();
    std::vector<std::pair<std::uint32_t, std::uint32_t>> definition_pairs;
    definition_pairs.reserve(into_definition.size());
    for (std::size_t d = 0; d < solved_row.size(); ++d)
      for (std::uint32_t item : direct[solved_row[d]]) definition_pairs.emplace_back(static_cast<std::uint32_t>(d), item);
    definition_pairs.insert(definition_pairs.end(), into_definition.begin(), into_definition.end());
    into_definition = decltype(into_definition)();
    kept.solved_definitions = IndexLists::grouped(solved_row.size(), definition_pairs);
    kept.solved_equation = std::move(solved_equation);
    const std::size_t kept_rows = residual_rows.size() - static_cast<std::size_t>(std::count(row_alive.begin(), row_alive.end(), false));
    kept.residual_equation.reserve(kept_rows);
    kept.residual_differentiations.reserve(kept_rows);
    kept.residual_definitions.start.reserve(kept_rows + 1);
    for (std::size_t i = 0; i < rows; ++i) {
      if (!row_alive[i]) continue;
      kept.residual_equation.push_back(r.residual_equation[i]);
      kept.residual_differentiations.push_back(r.residual_differentiations[i]);
      kept.residual_definitions.push_back(direct[i]);
    }
  }
  std::vector<std::uint32_t> kept_column(n, kEliminated);
  for (std::size_t k = 0, kept_k = 0; k < n; ++k)
    if (col_alive[k]) kept_column[k] = static_cast<std::uint32_t>(kept_k++);
  // The definitions, in the unknowns that stay (an eliminated unknown was substituted into them).
  definition.compact(std::vector<bool>(definition.size(), true), kept_column);
  kept.analyzed = &model;
  kept.solved = SolvedUnknowns(model, kept.unknowns, kept.unknowns.empty() ? kept.unknown_variable : std::vector<std::size_t>());
  kept.solved.set(defined_variable, defined_symbols, std::move(definition));
  residual_rows.compact(row_alive, kept_column);
  kept.rows = std::move(residual_rows);
  kept.aliases = std::move(r.aliases);
  kept.derivatives = std::move(r.derivatives);
  kept.reduction = std::move(r.reduction);
  r = std::move(kept);
}

/// The differential unknowns as the index-1 test sees them: a candidate whose role the run chooses
/// (PivotBlock::free) counts as algebraic, its derivative occurring only in the selection
/// rows, which take it where it is a state.
std::vector<bool> index_one_differential(const ReducedDae& r) {
  std::vector<bool> out = r.differential;
  for (const PivotBlock& block : r.reduction.pivots)
    for (const Expr& x : block.candidates)
      if (const std::optional<std::size_t> c = r.column_of(x)) out[*c] = false;
  return out;
}

/// Marks the unknowns whose derivative occurs as differential; returns the highest derivative order.
int mark_differential(ReducedDae& r, const RowStore& rows) {
  std::uint32_t highest = 0;
  r.differential.assign(r.unknown_variable.size(), false);
  auto mark = [&](Slot s) {
    if (s.order == 0) return;
    highest = std::max(highest, s.order);
    r.differential[s.column] = true;
  };
  for (const RowView row : rows) {
    for (const LinearRow::Term& t : row.terms) mark(t.slot());
    for (Slot s : row.rest_slots) mark(s);
  }
  return static_cast<int>(highest);
}

}  // namespace

ReducedDae analyze(const Model& model) {
  ReducedDae r;
  r.analyzed = &model;
  r.aliases = eliminate_aliases(model);
  // Each alias equation removes one variable.
  const auto aliased = static_cast<std::size_t>(
      std::count(r.aliases.eliminated_equation.begin(), r.aliases.eliminated_equation.end(), true));
  r.unknown_variable.reserve(model.variables.size() - aliased);
  r.targets.reserve(r.unknown_variable.capacity());
  std::vector<std::uint32_t> column_of(model.variables.size(), 0);
  for (std::size_t i = 0; i < model.variables.size(); ++i) {
    if (r.aliases.of(i).representative != i) continue;
    column_of[i] = static_cast<std::uint32_t>(r.unknown_variable.size());
    r.unknown_variable.push_back(i);
    const auto target = r.aliases.target.find(i);  // the representatives' targets move to the unknowns
    r.targets.push_back(target == r.aliases.target.end() ? Target{} : std::move(target->second));
  }
  r.aliases.target = decltype(r.aliases.target)();
  const SlotOf slot_of = slots_of_unknowns(r);
  RowStore rows;
  // Room for the equations' terms (aliases merge or drop terms, never add) and half as many
  // again for what the elimination brings in: growing the array later would hold the old one and
  // the new at once, and room never written costs address space, not memory.
  std::size_t terms = 0;
  for (std::size_t e = 0; e < model.equation_count(); ++e)
    if (!r.aliases.eliminated_equation[e]) terms += model.equation(e).size();
  rows.reserve(model.equation_count() - aliased, terms + terms / 2);
  r.residual_equation.reserve(model.equation_count() - aliased);
  for (std::size_t e = 0; e < model.equation_count(); ++e) {
    if (r.aliases.eliminated_equation[e]) continue;
    LinearRow row = alias_row(model, e, r.aliases, column_of, slot_of);
    // 0 = 0: implied by the aliases (a loop of equalities, say), it fixes nothing. If the model
    // needed it, the under-determined part it leaves is what the user must see.
    if (row.is_zero()) continue;
    rows.push_back(row);
    r.residual_equation.push_back(e);
  }
  column_of = decltype(column_of)();
  r.unknown_order.assign(r.unknown_variable.size(), 0);
  r.residual_differentiations.assign(rows.size(), 0);
  const int highest_order = mark_differential(r, rows);

  // A perfect matching on the highest derivatives is one on all incidences too (it uses a subset
  // of the edges): the model is then not singular, and only otherwise is the larger graph matched.
  Bipartite highest = incidence(rows, r.differential, true);
  Matching h = maximum_matching(highest, solvable_first(r, highest));
  if (!h.perfect()) {
    Bipartite any = incidence(rows, r.differential, false);
    Matching m = maximum_matching(any);
    if (!m.perfect()) {
      make_unknown_symbols(model, r);
      r.rows = std::move(rows);  // the messages quote them
      report_singular(model, r, any, m);
    }
  }
  if (!h.perfect() || highest_order > 1) {
    make_unknown_symbols(model, r);
    r.rows = std::move(rows);
    std::vector<Expr> residuals = r.residual_expressions();
    r.rows = RowStore();
    reduce_index(model, r, residuals);
    rows = RowStore();
    for (const Expr& residual : residuals) rows.push_back(row_of(residual, slot_of));
    mark_differential(r, rows);
    highest = incidence(rows, index_one_differential(r), true);
    h = maximum_matching(highest, solvable_first(r, highest));
    if (!h.perfect()) {
      r.rows = std::move(rows);
      report_not_index_one(model, r, highest, h);
    }
  }
  highest = Bipartite();  // the elimination reads the matching, not the graph: its memory serves what comes
  eliminate_solved_algebraics(model, r, rows, std::move(h), slot_of);
  return r;
}

}  // namespace acausal
