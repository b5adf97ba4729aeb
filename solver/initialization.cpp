#include "solver/initialization.hpp"

#include <Eigen/SparseCore>
#include <Eigen/SparseLU>
#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/errors.hpp"
#include "core/matching.hpp"
#include "solver/solver_error.hpp"

namespace acausal {
namespace {

/// The initialization problem's unknowns: all y, then y' of the differential unknowns.
struct Layout {
  std::size_t n = 0;
  std::vector<std::size_t> yp_column;  ///< per unknown: column of its y', or kUnmatched if algebraic
  std::size_t columns = 0;
};

Layout layout(const Program& p) {
  Layout l;
  l.n = p.size();
  l.yp_column.assign(l.n, kUnmatched);
  l.columns = l.n;
  for (std::size_t j = 0; j < l.n; ++j)
    if (p.id()[j] == 1.0) l.yp_column[j] = l.columns++;
  return l;
}

/// One extra row of the initialization problem: unknown `unknown` equals `value`.
struct Condition {
  std::size_t unknown;
  double value;
  InitialSource source;
};

/// A target as the netlist wrote it: the variable it named, its value, its place.
std::string target_text(const Program& p, std::size_t j) {
  const Target& t = p.dae().targets[j];
  std::ostringstream os;
  os << (t.variable.empty() ? p.name(j) : t.variable) << " = " << t.netlist_value;
  if (!t.pointer.empty()) os << " (" << t.pointer << ")";
  return os.str();
}

std::string target_variable(const Program& p, std::size_t j) {
  const Target& t = p.dae().targets[j];
  return t.variable.empty() ? p.name(j) : t.variable;
}

struct Choice {
  std::vector<Condition> conditions;
  std::vector<InitialSource> source;
  std::vector<std::string> dropped;
};

Choice choose_conditions(const Program& p) {
  const Layout l = layout(p);
  IncrementalMatching im(l.columns);
  const JacobianTape& jac = p.jacobian();
  const SparsityPattern& pat = jac.pattern();
  std::vector<std::vector<std::uint32_t>> rows(p.size());
  for (std::size_t c = 0; c < pat.cols; ++c)
    for (auto k = static_cast<std::size_t>(pat.col_start[c]); k < static_cast<std::size_t>(pat.col_start[c + 1]); ++k) {
      auto r = static_cast<std::size_t>(pat.row_index[k]);
      auto zero = [](const Expr& e) { return e.is_constant() && e.constant_value() == 0.0; };
      if (!zero(jac.dy(k))) rows[r].push_back(static_cast<std::uint32_t>(c));
      if (!zero(jac.dyp(k))) rows[r].push_back(static_cast<std::uint32_t>(l.yp_column[c]));
    }
  for (auto& r : rows) im.add_row(r);  // index ≤ 1: every equation can be matched

  Choice choice;
  choice.source.assign(p.size(), InitialSource::Computed);
  std::vector<std::size_t> target_row_unknown;  // unknown of each accepted condition row, in row order
  auto try_condition = [&](std::size_t j, double value, InitialSource source) {
    if (!im.add_row({static_cast<std::uint32_t>(j)})) return false;
    choice.conditions.push_back({j, value, source});
    choice.source[j] = source;
    target_row_unknown.push_back(j);
    return true;
  };
  const auto& targets = p.dae().targets;
  for (std::size_t j = 0; j < p.size(); ++j) {
    if (targets[j].priority != TargetPriority::High) continue;
    if (try_condition(j, targets[j].value, InitialSource::HighTarget)) continue;
    // Which other high targets does it conflict with? The over-determined part once it is added.
    Bipartite g = im.graph();
    g.adjacency.push_back({static_cast<std::uint32_t>(j)});
    g.rows++;
    Matching m = im.matching();
    m.col_of_row.push_back(kUnmatched);
    DulmageMendelsohn dm = dulmage_mendelsohn(g, m);
    std::vector<std::string> names{target_variable(p, j)};
    std::string others;
    for (std::size_t row : dm.over_rows) {
      if (row < p.size() || row + 1 == g.rows) continue;
      std::size_t other = target_row_unknown[row - p.size()];
      names.push_back(target_variable(p, other));
      others += (others.empty() ? "" : ", ") + target_text(p, other);
    }
    std::string free_list;
    for (const std::string& s : names) free_list += (free_list.empty() ? "" : ", ") + s;
    throw ModelError(targets[j].pointer, "initial values over-specify the model: " + target_text(p, j) +
                                             " cannot hold together with " +
                                             (others.empty() ? std::string("the model's equations") : others) +
                                             "; free one of: " + free_list);
  }
  for (std::size_t j = 0; j < p.size(); ++j)
    if (targets[j].priority == TargetPriority::Low && !try_condition(j, targets[j].value, InitialSource::LowTarget))
      choice.dropped.push_back(target_variable(p, j));
  for (std::size_t j = 0; j < p.size(); ++j)
    if (p.id()[j] == 1.0 && targets[j].priority == TargetPriority::None)
      try_condition(j, p.start()[j], InitialSource::DefaultStart);
  if (im.matching().size != l.columns) {
    std::string free;
    for (std::size_t c = 0; c < l.columns; ++c)
      if (im.matching().row_of_col[c] == kUnmatched) {
        std::size_t j = c < l.n ? c : static_cast<std::size_t>(std::find(l.yp_column.begin(), l.yp_column.end(), c) - l.yp_column.begin());
        free += (free.empty() ? "" : ", ") + (c < l.n ? p.name(j) : "der(" + p.name(j) + ")");
      }
    throw ModelError("", "the initialization problem is under-determined: nothing fixes " + free);
  }
  return choice;
}

double sign_of(double v) { return v > 0.0 ? 1.0 : (v < 0.0 ? -1.0 : 0.0); }

}  // namespace

std::vector<InitialSource> initial_sources(const Program& program, std::vector<std::string>* dropped) {
  Choice c = choose_conditions(program);
  if (dropped != nullptr) *dropped = c.dropped;
  return c.source;
}

InitialState initialize(Program& p, double t0) {
  const Layout l = layout(p);
  Choice choice = choose_conditions(p);
  InitialState s;
  s.time = t0;
  s.source = choice.source;
  s.dropped = choice.dropped;
  s.y = p.start();
  for (std::size_t j = 0; j < l.n; ++j)
    if (p.dae().targets[j].priority != TargetPriority::None) s.y[j] = p.dae().targets[j].value;
  s.yp.assign(l.n, 0.0);
  s.branch.assign(p.indicator_count(), 0.0);
  std::vector<double> indicator(p.indicator_count());
  auto update_branches = [&] {
    p.indicators().evaluate({t0, s.y.data(), s.yp.data(), nullptr}, indicator.data());
    bool changed = false;
    for (std::size_t k = 0; k < indicator.size(); ++k) {
      double b = sign_of(indicator[k]);
      changed = changed || b != s.branch[k];
      s.branch[k] = b;
    }
    return changed;
  };
  update_branches();
  if (l.columns == 0) return s;  // nothing to solve: every variable is fixed or explicit

  const std::size_t rows = l.n + choice.conditions.size();
  std::vector<double> g(rows);
  auto residual = [&](std::vector<double>& out) {
    TapeInputs in{t0, s.y.data(), s.yp.data(), nullptr};
    p.residual().evaluate(in, out.data(), s.branch.data());
    for (std::size_t c = 0; c < choice.conditions.size(); ++c)
      out[l.n + c] = s.y[choice.conditions[c].unknown] - choice.conditions[c].value;
  };
  auto norm = [](const std::vector<double>& v) {
    double m = 0.0;
    for (double x : v) m = std::max(m, std::fabs(x));
    return m;
  };
  const SparsityPattern& pat = p.jacobian().pattern();
  const std::size_t nnz = pat.nonzeros();

  for (int pass = 0; pass < 8; ++pass) {
    for (int it = 0; it < 100; ++it) {
      residual(g);
      double gnorm = norm(g);
      if (!std::isfinite(gnorm))
        throw SolverError(t0, "initialization: the residual is not finite at the start values");
      auto parts = p.jacobian().partials({t0, s.y.data(), s.yp.data(), nullptr}, s.branch.data());
      std::vector<Eigen::Triplet<double>> triplets;
      for (std::size_t c = 0; c < pat.cols; ++c)
        for (auto k = static_cast<std::size_t>(pat.col_start[c]); k < static_cast<std::size_t>(pat.col_start[c + 1]); ++k) {
          auto r = static_cast<int>(pat.row_index[k]);
          triplets.emplace_back(r, static_cast<int>(c), parts[k]);
          if (l.yp_column[c] != kUnmatched) triplets.emplace_back(r, static_cast<int>(l.yp_column[c]), parts[nnz + k]);
        }
      for (std::size_t c = 0; c < choice.conditions.size(); ++c)
        triplets.emplace_back(static_cast<int>(l.n + c), static_cast<int>(choice.conditions[c].unknown), 1.0);
      Eigen::SparseMatrix<double> J(static_cast<int>(rows), static_cast<int>(l.columns));
      J.setFromTriplets(triplets.begin(), triplets.end());
      Eigen::SparseLU<Eigen::SparseMatrix<double>> lu;
      lu.compute(J);
      if (lu.info() != Eigen::Success)
        throw SolverError(t0, "initialization: the equations are singular at the start values (" + lu.lastErrorMessage() + ")");
      Eigen::VectorXd rhs = Eigen::Map<Eigen::VectorXd>(g.data(), static_cast<Eigen::Index>(rows));
      Eigen::VectorXd dz = lu.solve(rhs);
      // Damped step: halve until the residual decreases.
      std::vector<double> y0 = s.y, yp0 = s.yp;
      double lambda = 1.0;
      double step = 0.0;
      for (int damp = 0; damp < 30; ++damp) {
        for (std::size_t j = 0; j < l.n; ++j) {
          s.y[j] = y0[j] - lambda * dz[static_cast<Eigen::Index>(j)];
          if (l.yp_column[j] != kUnmatched) s.yp[j] = yp0[j] - lambda * dz[static_cast<Eigen::Index>(l.yp_column[j])];
        }
        std::vector<double> trial(rows);
        residual(trial);
        if (std::isfinite(norm(trial)) && (norm(trial) < gnorm || gnorm == 0.0)) break;
        lambda *= 0.5;
      }
      for (std::size_t c = 0; c < l.columns; ++c) {
        double z = c < l.n ? s.y[c] : 0.0;
        step = std::max(step, lambda * std::fabs(dz[static_cast<Eigen::Index>(c)]) / (std::fabs(z) + 1.0));
      }
      ++s.newton_iterations;
      if (step < 1e-13) break;
    }
    residual(g);
    double scale = 1.0;
    for (std::size_t i = 0; i < l.n; ++i) scale = std::max(scale, std::fabs(g[i]));
    if (norm(g) > 1e-8 * scale || !std::isfinite(norm(g))) {
      std::vector<std::size_t> order(l.n);
      for (std::size_t i = 0; i < l.n; ++i) order[i] = i;
      std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return std::fabs(g[a]) > std::fabs(g[b]); });
      std::string worst;
      for (std::size_t k = 0; k < std::min<std::size_t>(3, order.size()); ++k) {
        const std::size_t e = p.dae().residual_equation[order[k]];
        std::ostringstream os;
        if (e == ReducedDae::kNoEquation) {
          os << "\n  0 = " << to_string(p.dae().residuals[order[k]]) << ": residual " << g[order[k]];
        } else {
          const ModelEquation& eq = p.model().equations[e];
          os << "\n  " << eq.pointer << " (" << eq.origin << ": " << eq.description << "): residual " << g[order[k]];
        }
        worst += os.str();
      }
      throw SolverError(t0, "initialization did not converge; largest residuals:" + worst);
    }
    if (!update_branches()) break;  // the branches the solution lies in are the ones it was solved with
  }
  return s;
}

}  // namespace acausal
