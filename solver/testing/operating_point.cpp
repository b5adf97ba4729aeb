// Operating points of one component: a random start moved onto the manifold where its equations
// hold, by Gauss–Newton steps of minimum norm (the equations of a component alone leave its ports'
// other ends free, so there are more unknowns than equations).

#include "solver/testing/operating_point.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>

#include "core/expr/expr_diff.hpp"
#include "core/expr/expr_walk.hpp"

namespace acausal::testing {
namespace {

void add_leaves(std::vector<Expr>& out, const Expr& e) {
  for (const Expr& leaf : acausal::leaves(e))
    if (std::find(out.begin(), out.end(), leaf) == out.end()) out.push_back(leaf);
}

bool solved_for(const Expr& leaf) { return leaf.op() == Op::Variable || leaf.op() == Op::Derivative; }

/// The declared variable behind a variable or derivative leaf, or nullptr.
const Definition::Variable* variable_of(const Definition& d, const Expr& leaf) {
  const Expr base = leaf.op() == Op::Derivative ? leaf.args()[0] : leaf;
  for (const auto& v : d.variables)
    if (v.symbol == base) return &v;
  return nullptr;
}

double nominal_of(const Definition& d, const Expr& leaf) {
  const Definition::Variable* v = variable_of(d, leaf);
  if (v == nullptr) return 1.0;
  return v->options.nominal.value_or(std::max(std::fabs(v->options.start), 1.0));
}

/// The leaf ComponentBuilder::initial() reads: 1 while the model initializes.
Expr initial_flag() { return Expr::parameter("initial()"); }

/// The start value of a variable (its declared start), 0 for a derivative.
double start_of(const Definition& d, const Expr& leaf) {
  const Definition::Variable* v = leaf.op() == Op::Variable ? variable_of(d, leaf) : nullptr;
  return v == nullptr ? 0.0 : v->options.start;
}

/// The value a leaf that is not solved for takes: time, a discrete variable (and its pre()), an
/// initial parameter.
double given_value(const Definition& d, const Expr& leaf, std::mt19937& random) {
  if (leaf.op() == Op::Time) return std::uniform_real_distribution<double>(0.0, 10.0)(random);
  if (leaf == initial_flag()) return 1.0;
  for (const auto& q : d.discretes)
    if (leaf == q.symbol || leaf == q.pre_symbol) return q.start;
  for (const auto& p : d.initial_parameters)
    if (leaf == p.symbol) return p.guess;
  return 1.0;
}

/// A rotation matrix drawn uniformly (a normalized Gaussian quaternion).
Eigen::Matrix3d random_rotation(std::mt19937& random) {
  std::normal_distribution<double> normal;
  Eigen::Quaterniond q(normal(random), normal(random), normal(random), normal(random));
  q.normalize();
  return q.toRotationMatrix();
}

/// The relations a frame's orientation keeps, which the component's own equations do not state:
/// R·Rᵀ = I (6 residuals) and, where the terms read der(R), der(R) = −[w×]·R (9).
std::vector<Expr> frame_relations(const Port& port, const std::vector<Expr>& leaves) {
  const auto R = [&](std::size_t i, std::size_t j) { return port.across[3 + 3 * i + j]; };
  const auto w = [&](std::size_t i) { return port.across[12 + i]; };
  std::vector<Expr> out;
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t j = i; j < 3; ++j) {
      Expr dot = 0.0;
      for (std::size_t k = 0; k < 3; ++k) dot += R(i, k) * R(j, k);
      out.push_back(dot - (i == j ? 1.0 : 0.0));
    }
  bool reads_rate = false;
  for (std::size_t k = 0; k < 9; ++k)
    reads_rate = reads_rate || std::find(leaves.begin(), leaves.end(), der(port.across[3 + k])) != leaves.end();
  if (!reads_rate) return out;
  // skew(w) = [[0, −w3, w2], [w3, 0, −w1], [−w2, w1, 0]]
  const auto skew = [&](std::size_t i, std::size_t k) -> Expr {
    if (i == k) return 0.0;
    const std::size_t other = 3 - i - k;
    const bool positive = (k == (i + 2) % 3);
    return positive ? w(other) : -w(other);
  };
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t j = 0; j < 3; ++j) {
      Expr rate = der(R(i, j));
      for (std::size_t k = 0; k < 3; ++k) rate += skew(i, k) * R(k, j);
      out.push_back(rate);
    }
  return out;
}

/// The equations of the search, their Jacobian, and the values of every leaf, by index.
class Search {
 public:
  Search(const Definition& d, const ComponentTerms& terms, const std::vector<Expr>& range) : d_(d) {
    // An equation holds at all times, so its time derivative holds too: it relates the
    // derivatives the energy terms read (der(flange.phi) = der(phi) where flange.phi = phi).
    for (const auto& eq : d.equations) {
      rows_.push_back(eq.residual);
      row_names_.push_back(std::string(eq.description));
      rows_.push_back(time_derivative(eq.residual));
      row_names_.push_back("d/dt of " + std::string(eq.description));
    }
    for (const Expr& r : range) {
      rows_.push_back(r);
      row_names_.push_back("the operating range's 0 = " + to_string(r));
    }
    std::vector<Expr> all = terms.leaves;
    for (const Expr& r : rows_) add_leaves(all, r);
    for (const auto& p : d.ports)
      if (p.port.domain->loop_closure())
        for (const Expr& r : frame_relations(p.port, all)) {
          rows_.push_back(r);
          row_names_.push_back(p.port.name + " is a rotating frame");
        }
    freeze_branches(all);
    for (const auto& v : d.variables) add_leaves(all, v.symbol);
    for (const auto& a : d.assertions) add_leaves(all, a.condition);
    for (const auto& q : d.discretes) {
      add_leaves(all, q.symbol);
      add_leaves(all, q.pre_symbol);
      if (q.value) add_leaves(all, *q.value);
    }
    for (const Expr& r : rows_) add_leaves(all, r);
    for (const Expr& leaf : all) {
      index_.emplace(leaf, leaves_.size());
      leaves_.push_back(leaf);
      if (solved_for(leaf)) {
        unknowns_.push_back(leaves_.size() - 1);
        nominal_.push_back(nominal_of(d, leaf));
      }
    }
    scale_ = nominal_;
    for (std::size_t u = 0; u < unknowns_.size(); ++u) unknown_of_.emplace(unknowns_[u], u);
    for (const Expr& r : rows_) jacobian_.push_back(jacobian_row(r));
    equation_rows_ = rows_.size();
  }

  /// Random values within ± `amplitude` times the nominal values around the start values.
  void start(std::mt19937& random, double amplitude) {
    rows_.resize(equation_rows_);
    row_names_.resize(equation_rows_);
    jacobian_.resize(equation_rows_);
    values_.assign(leaves_.size(), 0.0);
    std::uniform_real_distribution<double> unit(-amplitude, amplitude);
    for (std::size_t k = 0; k < leaves_.size(); ++k)
      values_[k] = solved_for(leaves_[k]) ? start_of(d_, leaves_[k]) + nominal_of(d_, leaves_[k]) * unit(random)
                                          : given_value(d_, leaves_[k], random);
    for (const auto& p : d_.ports) {
      if (!p.port.domain->loop_closure()) continue;
      const Eigen::Matrix3d R = random_rotation(random);
      for (std::size_t i = 0; i < 3; ++i)
        for (std::size_t j = 0; j < 3; ++j) set(p.port.across[3 + 3 * i + j], R(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)));
    }
  }

  /// Gauss–Newton from the start; true when every row's relative residual is at most 1e-10.
  bool solve() {
    // Each unknown is measured in its nominal value or its size at the start, whichever is
    // larger: a gas temperature of 1e5 K moves in steps of its own size.
    for (std::size_t u = 0; u < unknowns_.size(); ++u) scale_[u] = std::max(nominal_[u], std::fabs(values_[unknowns_[u]]));
    for (int iteration = 0; iteration < 100; ++iteration) {
      const Eigen::VectorXd F = residuals();
      if (!F.allFinite()) return false;
      const Eigen::MatrixXd J = scaled_jacobian();
      if (!J.allFinite()) return false;
      const Eigen::VectorXd weight = row_weights(J);
      if (relative(F, weight).maxCoeff() <= 1e-13) return true;
      const Eigen::VectorXd step = Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd>(weight.asDiagonal() * J)
                                       .solve(Eigen::VectorXd(-(weight.asDiagonal() * F)));
      const double before = relative(F, weight).norm();
      const std::vector<double> kept = values_;
      bool improved = false;
      for (double t = 1.0; t > 1e-4 && !improved; t *= 0.5) {
        values_ = kept;
        for (std::size_t u = 0; u < unknowns_.size(); ++u) values_[unknowns_[u]] += t * scale_[u] * step(static_cast<Eigen::Index>(u));
        const Eigen::VectorXd after = residuals();
        improved = after.allFinite() && relative(after, weight).norm() < before;
      }
      if (!improved) {
        values_ = kept;
        break;
      }
    }
    return worst().first <= 1e-10;
  }

  /// Each relation of the equations takes its value at the current point and keeps it through
  /// the next solve, as between events. True if one changed.
  bool follow_branches() {
    bool changed = false;
    for (const auto& [branch, relation] : branches_) {
      const double now = eval(relation);
      if (values_[index_.at(branch)] == now) continue;
      changed = true;
      set(branch, now);
    }
    return changed;
  }

  /// The discrete variables, then the branches, follow the current point.
  void settle() {
    settle_discretes();
    follow_branches();
  }

  /// Settles and solves again until the modes and branches agree with the point (an event,
  /// iterated); false if they do not within 8 rounds or a solve fails, or, where `modes_may_change`
  /// is false, if a discrete variable changes: the solve then crossed an event that a simulation
  /// would have stopped at (a friction whose speed changed sign would be stuck at speed 0, not at
  /// the speed the solve reached).
  bool solve_settled(bool modes_may_change) {
    for (int settling = 0;; ++settling) {
      const bool discretes_changed = settle_discretes();
      const bool branches_changed = follow_branches();
      if (!discretes_changed && !branches_changed) return true;
      if ((discretes_changed && !modes_may_change) || settling == 8 || !solve()) return false;
    }
  }

  /// Ends the initialization: initial() reads 0 from now on.
  void end_initialization() { set(initial_flag(), 0.0); }

  /// Event iteration at the current point: each discrete variable takes what its equation gives
  /// (in declaration order, reading the pre() values of the last pass), then pre() takes the new
  /// values, until nothing changes; the point is then not at an event (a friction that started
  /// sliding at the last pass slides at this one). True if a discrete variable changed.
  bool settle_discretes() {
    std::vector<double> before;
    for (const auto& q : d_.discretes) before.push_back(values_[index_.at(q.symbol)]);
    for (int pass = 0; pass < 16; ++pass) {
      for (const auto& q : d_.discretes)
        if (q.value) set(q.symbol, eval(*q.value));
      bool moved = false;
      for (const auto& q : d_.discretes) {
        const double now = values_[index_.at(q.symbol)];
        if (values_[index_.at(q.pre_symbol)] == now) continue;
        moved = true;
        set(q.pre_symbol, now);
      }
      if (!moved) break;
    }
    for (std::size_t k = 0; k < before.size(); ++k)
      if (values_[index_.at(d_.discretes[k].symbol)] != before[k]) return true;
    return false;
  }

  /// The first assertion that does not hold at the current point (outside the component's valid
  /// range: a line of zero length), or nullptr.
  const Definition::Assertion* violated_assertion() const {
    for (const auto& a : d_.assertions)
      if (!(eval(a.condition) > 0.0)) return &a;
    return nullptr;
  }

  /// Where an assertion fails (a gas spring's stroke left its cylinder), an extra row asks its
  /// condition to lie inside by half as much as it lies outside now; false if the condition
  /// cannot move (it reads no unknown).
  bool pull_inside(const Definition::Assertion& a) {
    const Expr row = a.condition - 0.5 * std::fabs(eval(a.condition));
    std::vector<std::pair<std::size_t, Expr>> entries = jacobian_row(row);
    if (entries.empty()) return false;
    rows_.push_back(row);
    row_names_.push_back("inside \"" + a.message + "\"");
    jacobian_.push_back(std::move(entries));
    return true;
  }

  /// A relation whose switch lies within a step of the Jacobian check (1e-6 of each unknown's
  /// size, at least of one unit) from the current point, or nullptr: a line force whose length the
  /// search drove to 0 is at its switch to "no direction", and differences across it mean nothing.
  const Expr* relation_at_switch() {
    for (const auto& [branch, relation] : branches_) {
      const double now = eval(relation);
      for (const auto& [u, entry] : jacobian_row(switch_indicators(relation).front())) {
        double& x = values_[unknowns_[u]];
        const double kept = x, step = 1e-6 * std::max(std::fabs(x), 1.0);
        x = kept + step;
        const bool flips = eval(relation) != now;
        x = kept - step;
        const bool flips_back = eval(relation) != now;
        x = kept;
        if (flips || flips_back) return &relation;
      }
    }
    return nullptr;
  }

  /// The largest relative residual and its row's description.
  std::pair<double, std::string> worst() const {
    const Eigen::VectorXd F = residuals();
    const Eigen::VectorXd r = relative(F, row_weights(scaled_jacobian()));
    if (r.size() == 0) return {0.0, ""};
    if (!r.allFinite()) return {std::numeric_limits<double>::infinity(), "a residual that is not finite"};
    Eigen::Index k = 0;
    const double largest = r.maxCoeff(&k);
    return {largest, row_names_[static_cast<std::size_t>(k)]};
  }

  Values values() const {
    Values out;
    for (std::size_t k = 0; k < leaves_.size(); ++k)
      if (!is_branch(leaves_[k])) out[to_string(leaves_[k])] = values_[k];
    return out;
  }

 private:
  bool is_branch(const Expr& leaf) const {
    return std::any_of(branches_.begin(), branches_.end(), [&](const auto& b) { return b.first == leaf; });
  }

  /// A relation between continuous variables (v_rel < 0) switches a law discontinuously, and
  /// Gauss–Newton stalls at the jump: within a solve each relation of the rows is a fixed leaf,
  /// as in a simulation between events, set by follow_branches().
  void freeze_branches(std::vector<Expr>& all) {
    std::unordered_map<Expr, Expr, ExprHash> frozen;
    for (const Expr& row : rows_)
      for (const Condition& c : conditions(row)) {
        const Op op = c.source.op();
        if (op != Op::Less && op != Op::LessEqual && op != Op::Greater && op != Op::GreaterEqual) continue;
        if (frozen.contains(c.source)) continue;
        const Expr branch = Expr::parameter("branch " + std::to_string(branches_.size() + 1) + ": " + to_string(c.source));
        frozen.emplace(c.source, branch);
        branches_.emplace_back(branch, c.source);
        add_leaves(all, c.source);
      }
    if (frozen.empty()) return;
    for (Expr& row : rows_) row = substitute(row, frozen);
  }

  /// (unknown, ∂row/∂unknown) for each unknown the row reads.
  std::vector<std::pair<std::size_t, Expr>> jacobian_row(const Expr& r) const {
    std::vector<std::pair<std::size_t, Expr>> row;
    for (const Expr& leaf : acausal::leaves(r)) {
      const auto u = unknown_of_.find(index_.at(leaf));
      if (u != unknown_of_.end()) row.emplace_back(u->second, diff(r, leaf));
    }
    return row;
  }

  void set(const Expr& leaf, double v) {
    const auto it = index_.find(leaf);
    if (it != index_.end()) values_[it->second] = v;
  }
  double eval(const Expr& e) const {
    return evaluate(e, [&](const Expr& leaf) { return values_[index_.at(leaf)]; });
  }
  Eigen::VectorXd residuals() const {
    Eigen::VectorXd F(static_cast<Eigen::Index>(rows_.size()));
    for (std::size_t k = 0; k < rows_.size(); ++k) F(static_cast<Eigen::Index>(k)) = eval(rows_[k]);
    return F;
  }
  /// ∂row/∂unknown · nominal(unknown).
  Eigen::MatrixXd scaled_jacobian() const {
    Eigen::MatrixXd J = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(rows_.size()), static_cast<Eigen::Index>(unknowns_.size()));
    for (std::size_t k = 0; k < rows_.size(); ++k)
      for (const auto& [u, entry] : jacobian_[k])
        J(static_cast<Eigen::Index>(k), static_cast<Eigen::Index>(u)) = eval(entry) * scale_[u];
    return J;
  }
  /// 1 / a row's scale (Σ |∂row/∂x|·nominal(x)), so that rows of different units weigh alike.
  static Eigen::VectorXd row_weights(const Eigen::MatrixXd& J) {
    Eigen::VectorXd w(J.rows());
    for (Eigen::Index k = 0; k < J.rows(); ++k) w(k) = 1.0 / std::max(J.row(k).cwiseAbs().sum(), 1e-300);
    return w;
  }
  static Eigen::VectorXd relative(const Eigen::VectorXd& F, const Eigen::VectorXd& weight) {
    return F.cwiseAbs().cwiseProduct(weight);
  }

  const Definition& d_;
  std::vector<Expr> rows_;
  std::vector<std::string> row_names_;
  std::vector<Expr> leaves_;
  std::unordered_map<Expr, std::size_t, ExprHash> index_;
  std::vector<std::size_t> unknowns_;  ///< indices into leaves_
  std::vector<double> nominal_;        ///< of each unknown
  std::vector<double> scale_;          ///< of each unknown in the current solve
  std::unordered_map<std::size_t, std::size_t> unknown_of_;  ///< leaf index → unknown index
  std::vector<std::vector<std::pair<std::size_t, Expr>>> jacobian_;  ///< per row: (unknown, ∂row/∂unknown)
  std::size_t equation_rows_ = 0;  ///< rows before those pull_inside() adds
  std::vector<double> values_;         ///< of each leaf
  std::vector<std::pair<Expr, Expr>> branches_;  ///< (leaf holding a relation's value, the relation)
};

}  // namespace

ComponentTerms component_terms(const Definition& d) {
  ComponentTerms t;
  t.stored_rate = time_derivative(d.stored_energy);
  for (const auto& p : d.ports) t.port_powers.push_back(p.port.domain->power(p.port));
  for (const auto& eq : d.equations) add_leaves(t.leaves, eq.residual);
  for (const Expr& e : {t.stored_rate, d.loss_power, d.injected_power}) add_leaves(t.leaves, e);
  for (const Expr& e : t.port_powers) add_leaves(t.leaves, e);
  return t;
}

OperatingPoint operating_point(const Definition& d, const ComponentTerms& terms, std::mt19937& random,
                               const std::vector<Expr>& range, int attempts) {
  Search search(d, terms, range);
  OperatingPoint best;
  best.worst_residual = std::numeric_limits<double>::infinity();
  for (int a = 0; a < attempts; ++a) {
    // Later starts lie closer to zero: a law valid in a narrow range (a gas spring's stroke) is
    // met there when it is not near ± its nominal values.
    search.start(random, std::pow(0.7, a));
    // The modes and branches first follow the random start, then the point found, until they
    // agree with it, as at initialization (a friction starts to slide in the direction of its
    // random speed); then the start events end (it slides on), and the point must hold without
    // another event.
    search.settle();
    bool found = search.solve() && search.solve_settled(true);
    search.end_initialization();
    search.settle();
    found = found && search.solve() && search.solve_settled(false);
    const Definition::Assertion* failed = found ? search.violated_assertion() : nullptr;
    for (int pull = 0; failed != nullptr && pull < 4 && search.pull_inside(*failed); ++pull) {
      found = search.solve() && search.solve_settled(false);
      failed = found ? search.violated_assertion() : nullptr;
    }
    auto [residual, equation] = search.worst();
    if (failed != nullptr) {
      found = false;
      equation = "its assertion \"" + failed->message + "\" does not hold";
    } else if (const Expr* relation = found ? search.relation_at_switch() : nullptr) {
      found = false;
      equation = "the point is at the switch of " + to_string(*relation);
    }
    if (found) {
      best.values = search.values();
      best.worst_residual = residual;
      best.worst_equation.clear();
      return best;
    }
    if (!(residual >= best.worst_residual)) {
      best.worst_residual = residual;
      best.worst_equation = equation;
    }
  }
  return best;
}

}  // namespace acausal::testing
