#include "solver/initialization.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

#include "core/analysis/blt.hpp"
#include "core/model/errors.hpp"
#include "core/analysis/matching.hpp"
#include "solver/solver_error.hpp"
#include "solver/sparse_lu.hpp"

namespace acausal {
namespace {

/// The initialization problem's unknowns: all y (the model's unknowns, then its initial parameters),
/// then y' of the differential unknowns. Its first rows are the model's equations, then the
/// definitions of the initial parameters that have one (Program::initial_problem), then the chosen
/// conditions (which also determine the netlist's `"fixed": false` parameters).
struct Layout {
  std::size_t unknowns = 0;   ///< the model's unknowns
  std::size_t n = 0;          ///< y columns: the unknowns and the initial parameters
  std::size_t equations = 0;  ///< rows before the conditions: the unknowns and the defined parameters
  std::vector<std::size_t> yp_column;  ///< per y column: column of its y', or kUnmatched if algebraic
  std::vector<std::size_t> yp_owner;   ///< per column ≥ n: the unknown whose y' it is
  std::size_t columns = 0;
};

Layout layout(const Program& p) {
  Layout l;
  l.unknowns = p.size();
  l.n = p.size() + p.initial_parameters().names.size();
  l.equations = p.size() + p.initial_parameters().defined;
  l.yp_column.assign(l.n, kUnmatched);
  l.columns = l.n;
  for (std::size_t j = 0; j < l.unknowns; ++j)
    if (p.id()[j] == 1.0) {
      l.yp_column[j] = l.columns++;
      l.yp_owner.push_back(j);
    }
  return l;
}

/// The residual and Jacobian the initialization solves: the program's own, or with the initial
/// parameters as unknowns when it has any.
const Tape& residual_tape(const Program& p) {
  return p.initial_parameters().names.empty() ? p.residual() : p.initial_problem().residual;
}
const JacobianTape& jacobian_tape(const Program& p) {
  return p.initial_parameters().names.empty() ? p.jacobian() : p.initial_problem().jacobian;
}

/// `x` for a y column of the layout, `der(x)` for the y' column of x.
std::string column_name(const Program& p, const Layout& l, std::size_t c) {
  if (c < l.unknowns) return p.name(c);
  if (c < l.n) return p.initial_parameters().names[c - l.unknowns];
  return "der(" + p.name(l.yp_owner[c - l.n]) + ")";
}

/// One extra row of the initialization problem: unknown `unknown` equals `value`.
struct Condition {
  std::size_t unknown;
  double value;
  InitialSource source;
};

/// Initial values a run sets for unknowns (ProgramState::initial_values), by unknown.
using SetValues = std::map<std::size_t, double>;

/// A target as the netlist wrote it: the variable it named, its value, its place; or as the run set it.
std::string target_text(const Program& p, const SetValues& set, std::size_t j) {
  std::ostringstream os;
  if (const auto it = set.find(j); it != set.end()) {
    os << p.name(j) << " = " << it->second << " (set for this run)";
    return os.str();
  }
  const std::string variable = p.target_variable(j), pointer = p.target_pointer(j);
  os << (variable.empty() ? p.name(j) : variable) << " = " << p.targets()[j].netlist_value;
  if (!pointer.empty()) os << " (" << pointer << ")";
  return os.str();
}

std::string target_variable(const Program& p, std::size_t j) {
  std::string variable = p.target_variable(j);
  return variable.empty() ? p.name(j) : variable;
}

struct Choice {
  SetValues set;  ///< the initial values the run set
  std::vector<Condition> conditions;
  std::vector<InitialSource> source;
  std::vector<std::string> dropped;
  Bipartite graph;    ///< rows: the equations, then the conditions; columns: the Layout's
  Matching matching;  ///< perfect
};

/// The initial target of unknown j in a run: a value the run set (high priority), else the program's.
TargetMessage target_of(const Program& p, const SetValues& set, std::size_t j) {
  TargetMessage t = p.targets()[j];
  if (const auto it = set.find(j); it != set.end()) {
    t.priority = TargetPriority::High;
    t.value = it->second;
  }
  return t;
}

/// The columns of each equation row of the initialization problem (the y columns up to `y_columns`).
std::vector<std::vector<std::uint32_t>> equation_rows(const Program& p, const Layout& l, std::size_t y_columns) {
  const JacobianTape& jac = jacobian_tape(p);
  const SparsityPattern& pat = jac.pattern();
  std::vector<std::vector<std::uint32_t>> rows(l.equations);
  for (std::size_t c = 0; c < pat.cols; ++c)
    for (auto k = static_cast<std::size_t>(pat.col_start[c]); k < static_cast<std::size_t>(pat.col_start[c + 1]); ++k) {
      auto r = static_cast<std::size_t>(pat.row_index[k]);
      if (jac.has_dy(k) && c < y_columns) rows[r].push_back(static_cast<std::uint32_t>(c));
      if (jac.has_dyp(k) && l.yp_column[c] != kUnmatched) rows[r].push_back(static_cast<std::uint32_t>(l.yp_column[c]));
    }
  return rows;
}

/// The unknowns whose defaulted start values the model needs when its `"fixed": false` parameters
/// are known: the only defaulted starts that may take part in the initialization. A parameter the
/// netlist asks to compute is determined by the netlist's own initial values, never by a start
/// value nobody wrote.
std::vector<bool> defaults_needed_without_computed_parameters(const Program& p, const Layout& l, const SetValues& set) {
  const std::size_t y_columns = l.unknowns + p.initial_parameters().defined;
  IncrementalMatching im(l.columns);
  for (auto& r : equation_rows(p, l, y_columns)) im.add_row(std::move(r));
  auto add = [&](std::size_t j) {
    const std::uint32_t column[] = {static_cast<std::uint32_t>(j)};
    return im.add_row(column);
  };
  for (std::size_t j = 0; j < p.size(); ++j)
    if (target_of(p, set, j).priority == TargetPriority::High) add(j);
  for (std::size_t j = 0; j < p.size(); ++j)
    if (target_of(p, set, j).priority == TargetPriority::Low) add(j);
  std::vector<bool> needed(p.size(), false);
  for (std::size_t j = 0; j < p.size(); ++j)
    if (p.id()[j] == 1.0 && target_of(p, set, j).priority == TargetPriority::None) needed[j] = add(j);
  return needed;
}

Choice choose_conditions(const Program& p, const SetValues& set) {
  const Layout l = layout(p);
  IncrementalMatching im(l.columns);
  for (auto& r : equation_rows(p, l, l.n)) im.add_row(std::move(r));  // index ≤ 1: every equation can be matched

  Choice choice;
  choice.source.assign(p.size(), InitialSource::Computed);
  std::vector<std::size_t> target_row_unknown;  // unknown of each accepted condition row, in row order
  auto try_condition = [&](std::size_t j, double value, InitialSource source) {
    const std::uint32_t column[] = {static_cast<std::uint32_t>(j)};
    if (!im.add_row(column)) return false;
    choice.conditions.push_back({j, value, source});
    choice.source[j] = source;
    target_row_unknown.push_back(j);
    return true;
  };
  choice.set = set;
  for (std::size_t j = 0; j < p.size(); ++j) {
    const TargetMessage target = target_of(p, set, j);
    if (target.priority != TargetPriority::High) continue;
    if (try_condition(j, target.value, InitialSource::HighTarget)) continue;
    // Which other high targets does it conflict with? The over-determined part once it is added.
    Bipartite g = im.graph();
    const std::uint32_t column[] = {static_cast<std::uint32_t>(j)};
    g.adjacency.push_back(column);
    Matching m = im.matching();
    m.col_of_row.push_back(kUnmatched);
    DulmageMendelsohn dm = dulmage_mendelsohn(g, m);
    std::vector<std::string> names{target_variable(p, j)};
    std::string others;
    for (std::size_t row : dm.over_rows) {
      if (row < l.equations || row + 1 == g.rows()) continue;
      std::size_t other = target_row_unknown[row - l.equations];
      names.push_back(target_variable(p, other));
      others += (others.empty() ? "" : ", ") + target_text(p, set, other);
    }
    std::string free_list;
    for (const std::string& s : names) free_list += (free_list.empty() ? "" : ", ") + s;
    throw ModelError(set.count(j) ? "" : p.target_pointer(j), "initial values over-specify the model: " + target_text(p, set, j) +
                                             " cannot hold together with " +
                                             (others.empty() ? std::string("the model's equations") : others) +
                                             "; free one of: " + free_list);
  }
  for (std::size_t j = 0; j < p.size(); ++j)
    if (const TargetMessage target = target_of(p, set, j);
        target.priority == TargetPriority::Low && !try_condition(j, target.value, InitialSource::LowTarget))
      choice.dropped.push_back(target_variable(p, j));
  const InitialParameters& parameters = p.initial_parameters();
  const bool computes_parameters = parameters.defined < parameters.names.size();
  const std::vector<bool> default_allowed =
      computes_parameters ? defaults_needed_without_computed_parameters(p, l, set) : std::vector<bool>(p.size(), true);
  for (std::size_t j = 0; j < p.size(); ++j)
    if (p.id()[j] == 1.0 && target_of(p, set, j).priority == TargetPriority::None && default_allowed[j])
      try_condition(j, p.start()[j], InitialSource::DefaultStart);
  if (im.matching().size != l.columns) {
    std::string free;
    for (std::size_t c = 0; c < l.columns; ++c)
      if (im.matching().row_of_col[c] == kUnmatched) free += (free.empty() ? "" : ", ") + column_name(p, l, c);
    std::string computed;
    for (std::size_t k = parameters.defined; k < parameters.names.size(); ++k)
      computed += (computed.empty() ? "" : ", ") + parameters.names[k] + " (" + parameters.pointers[k] + ")";
    throw ModelError("", "the initialization problem is under-determined: nothing fixes " + free +
                             (computed.empty() ? std::string()
                                               : "; the parameters computed at initialization, " + computed +
                                                     ", need one initial value each beyond the states'"));
  }
  choice.matching = im.matching();
  choice.graph = std::move(im).take_graph();
  return choice;
}

double sign_of(double v) { return v > 0.0 ? 1.0 : (v < 0.0 ? -1.0 : 0.0); }

/// The initialization problem at t0: the unknowns z = (y, y' of the differential unknowns) live in
/// the state s; residual rows are F then the chosen conditions.
class InitialSystem {
 public:
  /// The tapes evaluate with `run`'s numbers (its tunable parameters).
  InitialSystem(const ProgramState& run, const Layout& l, const Choice& choice, InitialState& s, double t0,
                const double* u)
      : p_(run.program()), l_(l), choice_(choice), s_(s), t0_(t0), u_(u), d_(run.discrete.data()),
        rows_(l.equations + choice.conditions.size()),
        residual_work_(run.workspace(residual_tape(p_))), jacobian_work_(run.workspace(jacobian_tape(p_))),
        assertion_work_(run.workspace(p_.assertions())) {}

  std::size_t rows() const { return rows_; }

  void residual(std::vector<double>& out) {
    out.resize(rows_);
    residual_tape(p_).evaluate(inputs(), out.data(), s_.branch.data(), residual_work_);
    for (std::size_t c = 0; c < choice_.conditions.size(); ++c)
      out[l_.equations + c] = s_.y[choice_.conditions[c].unknown] - choice_.conditions[c].value;
  }

  /// ∂(rows)/∂z as triplets, restricted to `row_index`/`col_index` (position in the block, or
  /// kUnmatched for outside); the whole system when both map everything.
  std::vector<SparseEntry> jacobian(const std::vector<std::size_t>& row_index,
                                    const std::vector<std::size_t>& col_index) {
    const JacobianTape& jacobian = jacobian_tape(p_);
    const SparsityPattern& pat = jacobian.pattern();
    const std::size_t nnz = pat.nonzeros();
    auto parts = jacobian.partials(inputs(), s_.branch.data(), jacobian_work_);
    std::vector<SparseEntry> entries;
    entries.reserve(2 * nnz + choice_.conditions.size());
    auto add = [&](std::size_t r, std::size_t c, double v) {
      if (row_index[r] != kUnmatched && col_index[c] != kUnmatched)
        entries.push_back({static_cast<int>(row_index[r]), static_cast<int>(col_index[c]), v});
    };
    for (std::size_t c = 0; c < pat.cols; ++c)
      for (auto k = static_cast<std::size_t>(pat.col_start[c]); k < static_cast<std::size_t>(pat.col_start[c + 1]); ++k) {
        const auto r = static_cast<std::size_t>(pat.row_index[k]);
        add(r, c, parts[k]);
        if (l_.yp_column[c] != kUnmatched) add(r, l_.yp_column[c], parts[nnz + k]);
      }
    for (std::size_t c = 0; c < choice_.conditions.size(); ++c)
      add(l_.equations + c, choice_.conditions[c].unknown, 1.0);
    return entries;
  }

  /// z[c] of the layout.
  double& unknown(std::size_t c) { return c < l_.n ? s_.y[c] : s_.yp[l_.yp_owner[c - l_.n]]; }

  /// The program's tapes read the initial parameters, kept after the unknowns in y, as p, and the
  /// external inputs' values at t0 as u.
  TapeInputs inputs() const { return {t0_, s_.y.data(), s_.yp.data(), s_.y.data() + l_.unknowns, u_, d_}; }

  /// The components' assertions at the current values (each valid while > 0).
  void assertions(double* out) { p_.assertions().evaluate(inputs(), out, s_.branch.data(), assertion_work_); }

 private:
  const Program& p_;
  const Layout& l_;
  const Choice& choice_;
  InitialState& s_;
  double t0_;
  const double* u_;
  const double* d_;  ///< the discrete variables at their start values
  std::size_t rows_;
  Tape::Workspace residual_work_;
  JacobianTape::Workspace jacobian_work_;
  Tape::Workspace assertion_work_;
};

/// max(m, |x|), NaN once m or x is (std::max would drop it: a residual that is not a number must
/// never look solved).
double max_abs(double m, double x) { return std::fabs(x) > m || std::isnan(x) ? std::fabs(x) : m; }

double max_norm(const std::vector<double>& v) {
  double m = 0.0;
  for (double x : v) m = max_abs(m, x);
  return m;
}

/// Damped Newton on the rows and columns of a block (the whole system: all of them), rows[k]
/// matched to cols[k] (the order the sparse factorization pivots well in). Returns false
/// if the matrix is singular or 100 iterations do not bring the step below rounding.
bool newton(InitialSystem& sys, const std::vector<std::size_t>& rows, const std::vector<std::size_t>& cols,
            std::size_t total_cols, int& iterations) {
  std::vector<std::size_t> row_index(sys.rows(), kUnmatched), col_index(total_cols, kUnmatched);
  for (std::size_t k = 0; k < rows.size(); ++k) row_index[rows[k]] = k;
  for (std::size_t k = 0; k < cols.size(); ++k) col_index[cols[k]] = k;
  std::vector<double> g, trial, dz(rows.size());
  SparseLu lu;
  auto block_norm = [&](const std::vector<double>& full) {
    double m = 0.0;
    for (std::size_t r : rows) m = max_abs(m, full[r]);
    return m;
  };
  for (int it = 0; it < 100; ++it) {
    sys.residual(g);
    const double gnorm = block_norm(g);
    if (!std::isfinite(gnorm)) return false;
    if (!lu.factor(rows.size(), sys.jacobian(row_index, col_index))) return false;
    for (std::size_t k = 0; k < rows.size(); ++k) dz[k] = g[rows[k]];
    lu.solve(dz);
    std::vector<double> z0;
    for (std::size_t c : cols) z0.push_back(sys.unknown(c));
    // Damped step: halve until the residual decreases.
    double lambda = 1.0;
    for (int damp = 0; damp < 30; ++damp) {
      for (std::size_t k = 0; k < cols.size(); ++k) sys.unknown(cols[k]) = z0[k] - lambda * dz[k];
      sys.residual(trial);
      const double tnorm = block_norm(trial);
      if (std::isfinite(tnorm) && (tnorm < gnorm || gnorm == 0.0)) break;
      lambda *= 0.5;
    }
    double step = 0.0;
    for (std::size_t k = 0; k < cols.size(); ++k)
      step = std::max(step, lambda * std::fabs(dz[k]) / (std::fabs(z0[k]) + 1.0));
    ++iterations;
    if (step < 1e-13) return true;
  }
  return false;
}

/// The equations of the initialization problem's rows, for messages.
std::string describe_rows(const Program& p, const Layout& l, const Choice& choice, const std::vector<std::size_t>& rows,
                          const std::vector<double>* residual) {
  std::string text;
  for (std::size_t r : rows) {
    std::ostringstream os;
    if (r >= l.equations) {
      os << "\n  initial value " << target_text(p, choice.set, choice.conditions[r - l.equations].unknown);
    } else if (r >= l.unknowns) {
      const std::size_t k = r - l.unknowns;
      os << "\n  " << p.initial_parameter_text(k);
    } else {
      os << "\n  " << p.residual_equation_text(r);
    }
    if (residual != nullptr) os << ": residual " << (*residual)[r];
    text += os.str();
  }
  return text;
}

/// "the kinematic loop closed at X cannot be assembled …; " when rows of the block close loops: a
/// mechanism whose links cannot meet, or start values far from any assembly.
std::string loops_not_closing(const Program& p, const Layout& l, const std::vector<std::size_t>& rows) {
  std::vector<std::string> at;
  for (std::size_t r : rows) {
    if (r >= l.unknowns) continue;
    const std::string where = p.loop_closed_at(r);
    if (!where.empty() && std::find(at.begin(), at.end(), where) == at.end()) at.push_back(where);
  }
  if (at.empty()) return {};
  std::string names;
  for (const std::string& a : at) names += (names.empty() ? "" : ", ") + a;
  return std::string("the kinematic loop") + (at.size() == 1 ? "" : "s") + " closed at " + names +
         " cannot be assembled from these start values (links too short or too long to meet, or guesses far "
         "from any assembly: give joint angles or positions \"initial\" guesses near one); ";
}

/// A component assertion that the values reached so far violate (a law evaluated where it is
/// undefined, say): the reason initialization could not succeed, in the component's own words.
/// Assertions that read values not computed yet (NaN) say nothing.
void raise_violated_assertion(const Program& p, InitialSystem& sys, double t0) {
  std::vector<double> value(p.assertion_messages().size());
  if (value.empty()) return;
  sys.assertions(value.data());
  for (std::size_t k = 0; k < value.size(); ++k)
    if (value[k] <= 0.0) throw SolverError(t0, p.assertion_messages()[k]);
}

/// The initial values given as must-hold targets that a block of the initialization depends on
/// (the conditions among the rows that solve what its rows read, transitively): a block that does
/// not converge most often asks for a state these values cannot reach together.
std::string targets_upstream(const Program& p, const Layout& l, const Choice& choice, const BltBlock& block) {
  std::vector<bool> seen_row(choice.graph.rows(), false);
  std::vector<std::size_t> pending(block.rows.begin(), block.rows.end());
  for (std::size_t r : block.rows) seen_row[r] = true;
  std::vector<std::size_t> targets;
  while (!pending.empty()) {
    const std::size_t r = pending.back();
    pending.pop_back();
    if (r >= l.equations && choice.source[choice.conditions[r - l.equations].unknown] == InitialSource::HighTarget)
      targets.push_back(choice.conditions[r - l.equations].unknown);
    for (const std::uint32_t c : choice.graph.adjacency[r]) {
      const std::size_t solver = choice.matching.row_of_col[c];
      if (solver == kUnmatched || seen_row[solver]) continue;
      seen_row[solver] = true;
      pending.push_back(solver);
    }
  }
  if (targets.empty()) return {};
  std::sort(targets.begin(), targets.end());
  std::string text = "\nit depends on the initial value" + std::string(targets.size() == 1 ? "" : "s") + " ";
  for (std::size_t k = 0; k < targets.size() && k < 10; ++k)
    text += (k == 0 ? "" : ", ") + target_text(p, choice.set, targets[k]);
  if (targets.size() > 10) text += ", … (" + std::to_string(targets.size()) + " in all)";
  text += "; if " + std::string(targets.size() == 1 ? "it" : "they") + " cannot hold, make a value a guess the model may move";
  const std::size_t first = targets.front();
  if (const std::string pointer = p.target_pointer(first); !pointer.empty() && choice.set.find(first) == choice.set.end()) {
    std::ostringstream guess;
    guess << ": at " << pointer << " write { \"value\": " << p.targets()[first].netlist_value << ", \"priority\": \"low\" }";
    text += guess.str();
  }
  return text;
}

/// Block by block in BLT order, when Newton on the whole system fails: more robust (each block
/// starts from solved predecessors), and a failure names the block's equations and unknowns.
void solve_blocks(InitialSystem& sys, const Program& p, const Layout& l, const Choice& choice, double t0,
                  int& iterations) {
  for (const BltBlock& block : blt(choice.graph, choice.matching)) {
    if (newton(sys, block.rows, block.cols, l.columns, iterations)) continue;
    raise_violated_assertion(p, sys, t0);
    std::vector<double> g;
    sys.residual(g);
    std::string unknowns;
    for (std::size_t c : block.cols) unknowns += (unknowns.empty() ? "" : ", ") + column_name(p, l, c);
    throw SolverError(t0, loops_not_closing(p, l, block.rows) + "initialization did not converge in a block of " +
                              std::to_string(block.rows.size()) + " equation" + (block.rows.size() == 1 ? "" : "s") +
                              " for " + unknowns + ":" + describe_rows(p, l, choice, block.rows, &g) +
                              targets_upstream(p, l, choice, block));
  }
}

}  // namespace

std::vector<InitialSource> initial_sources(const Program& program, std::vector<std::string>* dropped) {
  Choice c = choose_conditions(program, {});
  if (dropped != nullptr) *dropped = c.dropped;
  return c.source;
}

InitialState initialize(ProgramState& state, double t0) {
  const Program& p = state.program();
  // The external inputs at t0 (those given by functions evaluated there); each must have a value.
  const double* const u = state.inputs(t0, nullptr, nullptr).u;
  for (std::size_t k = 0; k < p.input_names().size(); ++k)
    if (std::isnan(u[k]))
      throw ModelError(p.external_inputs().pointers[k],
                       "input \"" + p.input_names()[k] +
                           "\" has no value: set it (Simulator::set_input) or give it a function of time "
                           "(Simulator::set_input_function) before the run starts");
  const Layout l = layout(p);
  Choice choice = choose_conditions(p, state.initial_values);
  InitialState s;
  s.time = t0;
  s.source = choice.source;
  s.dropped = choice.dropped;
  s.y = p.start();
  for (std::size_t j = 0; j < l.unknowns; ++j)
    if (const TargetMessage t = target_of(p, state.initial_values, j); t.priority != TargetPriority::None) s.y[j] = t.value;
  // The initial parameters, solved for with the unknowns, from their guesses.
  const std::vector<double>& guesses = p.initial_parameters().guesses;
  s.y.insert(s.y.end(), guesses.begin(), guesses.end());
  s.yp.assign(l.unknowns, 0.0);
  s.branch.assign(p.indicator_count(), 0.0);
  std::vector<double> indicator(p.indicator_count());
  Tape::Workspace indicator_work = state.workspace(p.indicators());
  auto update_branches = [&] {
    p.indicators().evaluate({t0, s.y.data(), s.yp.data(), s.y.data() + l.unknowns, u, state.discrete.data()}, indicator.data(), nullptr,
                            indicator_work);
    bool changed = false;
    for (std::size_t k = 0; k < indicator.size(); ++k) {
      double b = sign_of(indicator[k]);
      changed = changed || b != s.branch[k];
      s.branch[k] = b;
    }
    return changed;
  };
  // The initial parameters move from the tail of y to the run's state, which every tape reads them from.
  auto finish = [&] {
    s.parameters.assign(s.y.begin() + static_cast<std::ptrdiff_t>(l.unknowns), s.y.end());
    s.y.resize(l.unknowns);
    state.parameters = s.parameters;
    state.branch = s.branch;
    return s;
  };
  update_branches();
  if (l.columns == 0) return finish();  // nothing to solve: every variable is fixed or explicit

  InitialSystem sys(state, l, choice, s, t0, u);
  // A condition fixes its unknown alone (y_j = value, the only entry of its row, so matched to it):
  // that unknown takes its value here and leaves the Newton system with its row. A model whose
  // states all have initial values solves for their derivatives alone.
  std::vector<bool> fixed(l.columns, false);
  for (const Condition& c : choice.conditions) {
    s.y[c.unknown] = c.value;
    fixed[c.unknown] = true;
  }
  // Each column's matched row on the diagonal: the fill-reducing ordering assumes a diagonal that
  // is structurally nonzero, and without it partial pivoting fills in (minutes for a 300-link chain).
  std::vector<std::size_t> free_rows, free_cols;
  for (std::size_t c = 0; c < l.columns; ++c) {
    if (fixed[c]) continue;
    free_cols.push_back(c);
    free_rows.push_back(choice.matching.row_of_col[c]);
  }
  std::vector<double> g;
  for (int pass = 0; pass < 8; ++pass) {
    // Newton on the whole system (but the fixed unknowns) first: one sparse factorization per
    // iteration, fast for large models; block by block if that fails.
    const std::vector<double> y0 = s.y, yp0 = s.yp;
    if (!free_cols.empty() && !newton(sys, free_rows, free_cols, l.columns, s.newton_iterations)) {
      s.y = y0;
      s.yp = yp0;
      solve_blocks(sys, p, l, choice, t0, s.newton_iterations);
    }
    sys.residual(g);
    double scale = 1.0;
    for (std::size_t i = 0; i < l.equations; ++i) scale = std::max(scale, std::fabs(g[i]));  // NaN: caught below
    if (max_norm(g) > 1e-8 * scale || !std::isfinite(max_norm(g))) {
      raise_violated_assertion(p, sys, t0);
      std::vector<std::size_t> order(l.equations);
      for (std::size_t i = 0; i < l.equations; ++i) order[i] = i;
      std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return std::fabs(g[a]) > std::fabs(g[b]); });
      order.resize(std::min<std::size_t>(3, order.size()));
      throw SolverError(t0, "initialization did not converge; largest residuals:" + describe_rows(p, l, choice, order, &g));
    }
    if (!update_branches()) break;  // the branches the solution lies in are the ones it was solved with
  }
  return finish();
}

}  // namespace acausal
