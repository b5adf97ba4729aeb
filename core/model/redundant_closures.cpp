#include "core/model/redundant_closures.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <unordered_map>

#include "core/expr/expr_diff.hpp"
#include "core/expr/expr_walk.hpp"
#include "core/model/model.hpp"

namespace acausal {
namespace {

/// Gauss–Newton stops when the largest residual is below this, relative to the largest unknown
/// (at least 1: the equations are in m and 1).
constexpr double kAssembled = 1e-11;
constexpr int kIterations = 50;
/// A row whose part outside the span of the rows before it is this much smaller than the row is
/// a combination of them.
constexpr double kDependent = 1e-8;

/// The position-level equations around the loop cuts: their residuals in the model's symbols, and
/// the variables they read.
class PositionSystem {
 public:
  explicit PositionSystem(const Model& m) : m_(m) {
    mark_frame_positions();
    collect_rows();
  }

  bool empty() const { return rows_.empty(); }

  /// Moves the start values onto the equations; false if they do not close.
  bool assemble() {
    x_.resize(static_cast<Eigen::Index>(columns_.size()));
    for (std::size_t c = 0; c < columns_.size(); ++c) x_[static_cast<Eigen::Index>(c)] = start(columns_[c]);
    double previous = std::numeric_limits<double>::infinity();
    int stalled = 0;
    for (int k = 0; k < kIterations; ++k) {
      const Eigen::VectorXd g = residuals();
      if (closed(g)) return true;
      // Near a solution Gauss–Newton gains digits at every step: three steps without a tenth less
      // residual mean the loops do not close from here (a model missing a connection), and each
      // step more factors a dense matrix for nothing.
      const double norm = g.norm();
      stalled = norm < 0.9 * previous ? 0 : stalled + 1;
      if (stalled == 3) return false;
      previous = norm;
      const Eigen::MatrixXd j = jacobian();
      x_ -= Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd>(j).solve(g);
    }
    return closed(residuals());
  }

  bool closed(const Eigen::VectorXd& g) const {
    return g.lpNorm<Eigen::Infinity>() <= kAssembled * std::max(1.0, x_.lpNorm<Eigen::Infinity>());
  }

  /// The largest extent along a world axis of the frame origins at the current values (m); 1 where
  /// they all coincide.
  double size() const {
    double low[3] = {0, 0, 0}, high[3] = {0, 0, 0};
    bool seen[3] = {false, false, false};
    for (std::size_t c = 0; c < columns_.size(); ++c) {
      const int axis = origin_axis_[columns_[c]];
      if (axis < 0) continue;
      const double x = x_[static_cast<Eigen::Index>(c)];
      low[axis] = seen[axis] ? std::min(low[axis], x) : x;
      high[axis] = seen[axis] ? std::max(high[axis], x) : x;
      seen[axis] = true;
    }
    const double extent = std::max({high[0] - low[0], high[1] - low[1], high[2] - low[2]});
    return extent > 0.0 ? extent : 1.0;
  }

  /// Of each cut row (in the order of Model::loop_cuts), whether it is a combination of the rows
  /// that are no cut rows and the cut rows before it.
  std::vector<bool> dependent_cut_rows() const {
    const Eigen::MatrixXd j = jacobian();
    std::vector<Eigen::VectorXd> basis;
    std::vector<bool> out;
    for (std::size_t r = 0; r < rows_.size(); ++r) {
      Eigen::VectorXd v = j.row(static_cast<Eigen::Index>(r)).transpose();
      const double norm = v.norm();
      for (int pass = 0; pass < 2; ++pass)  // twice: Gram–Schmidt loses orthogonality once
        for (const Eigen::VectorXd& q : basis) v -= q * q.dot(v);
      const bool dependent = v.norm() <= kDependent * norm;
      if (!dependent) basis.push_back(v / v.norm());
      if (rows_[r].cut) out.push_back(dependent);
    }
    return out;
  }

 private:
  struct Row {
    Expr residual;
    std::vector<std::pair<std::size_t, Expr>> partials;  ///< (column, ∂residual/∂variable)
    bool cut = false;
  };

  /// The origins and orientations of frame ports: what loops relate.
  void mark_frame_positions() {
    frame_position_.assign(m_.variables.size(), false);
    origin_axis_.assign(m_.variables.size(), -1);
    for (const ModelInstance& instance : m_.instances)
      for (const Definition::PortInfo& p : instance.definition->ports) {
        if (p.port.domain != &frame()) continue;
        std::size_t at = 0;
        for (const PortQuantity& q : p.port.domain->across()) {
          const bool position = q.name == "r_0" || q.name == "R";  // not w: a rate
          for (int i = 0; i < q.size(); ++i, ++at) {
            if (!position) continue;
            const auto& declared = instance.definition->variables;
            for (std::size_t k = 0; k < declared.size(); ++k)
              if (declared[k].symbol == p.port.across[at]) {
                frame_position_[instance.first_variable + k] = true;
                if (q.name == "r_0") origin_axis_[instance.first_variable + k] = static_cast<std::int8_t>(i);
              }
          }
        }
      }
  }

  /// Whether equation e is a position-level relation: no derivative, and it reads frame origins and
  /// orientations and variables of the components' own (a joint's angle), nothing else of a port.
  std::optional<Expr> position_equation(std::size_t e, std::vector<std::size_t>& variables) const {
    Expr residual = m_.residual(e);
    variables.clear();
    bool frame = false;
    for (const Expr& leaf : leaves(residual)) {
      if (leaf.op() == Op::Derivative || leaf.op() == Op::Parameter) return std::nullopt;
      if (leaf.op() != Op::Variable) continue;
      const std::size_t v = m_.variable_of(leaf);
      if (v == std::string::npos) return std::nullopt;
      if (frame_position_[v])
        frame = true;
      else if (m_.declared(v).is_port)
        return std::nullopt;
      variables.push_back(v);
    }
    if (!frame) return std::nullopt;
    return residual;
  }

  /// The position-level equations connected to a cut row through shared variables; the cut rows last.
  void collect_rows() {
    std::vector<bool> cut_row(m_.equation_count(), false);
    for (const Model::LoopCut& c : m_.loop_cuts)
      for (std::size_t e : c.rows) cut_row[e] = true;
    if (m_.loop_cuts.empty()) return;
    std::vector<std::optional<Expr>> residual(m_.equation_count());
    std::vector<std::vector<std::size_t>> reads(m_.equation_count());
    std::unordered_map<std::size_t, std::vector<std::size_t>> rows_of_variable;
    std::vector<std::size_t> variables;
    for (std::size_t e = 0; e < m_.equation_count(); ++e) {
      residual[e] = position_equation(e, variables);
      if (!residual[e]) continue;
      reads[e] = variables;
      for (std::size_t v : variables) rows_of_variable[v].push_back(e);
    }
    std::vector<bool> taken(m_.equation_count(), false);
    std::vector<std::size_t> queue;
    for (const Model::LoopCut& c : m_.loop_cuts)
      for (std::size_t e : c.rows)
        if (residual[e] && !taken[e]) taken[e] = true, queue.push_back(e);
    for (std::size_t q = 0; q < queue.size(); ++q)
      for (std::size_t v : reads[queue[q]])
        for (std::size_t e : rows_of_variable[v])
          if (!taken[e]) taken[e] = true, queue.push_back(e);
    std::sort(queue.begin(), queue.end(), [&](std::size_t a, std::size_t b) {
      return cut_row[a] != cut_row[b] ? cut_row[b] : a < b;
    });
    // Cut rows in the order of Model::loop_cuts (the caller reads them so).
    std::vector<std::size_t> ordered;
    for (std::size_t e : queue)
      if (!cut_row[e]) ordered.push_back(e);
    for (const Model::LoopCut& c : m_.loop_cuts)
      for (std::size_t e : c.rows) ordered.push_back(e);
    std::unordered_map<std::size_t, std::size_t> column_of;
    for (std::size_t e : ordered) {
      Row row;
      row.cut = cut_row[e];
      if (!residual[e]) {  // a cut row that reads more than positions: kept, never released
        row.residual = Expr(0.0);
        rows_.push_back(std::move(row));
        continue;
      }
      row.residual = *residual[e];
      for (std::size_t v : reads[e]) {
        auto [it, added] = column_of.try_emplace(v, columns_.size());
        if (added) columns_.push_back(v);
        row.partials.emplace_back(it->second, diff(row.residual, m_.symbol(v)));
      }
      rows_.push_back(std::move(row));
    }
    for (std::size_t c = 0; c < columns_.size(); ++c) column_index_.emplace(m_.symbol(columns_[c]), c);
  }

  double start(std::size_t v) const {
    if (m_.variables[v].target != TargetPriority::None) return m_.target(v).value;
    return m_.declared(v).options.start;
  }

  double value(const Expr& e) const {
    return evaluate(e, [this](const Expr& leaf) -> double {
      if (leaf.op() == Op::Time) return m_.experiment.start;
      const auto it = column_index_.find(leaf);
      return it == column_index_.end() ? 0.0 : x_[static_cast<Eigen::Index>(it->second)];
    });
  }

  Eigen::VectorXd residuals() const {
    Eigen::VectorXd g(static_cast<Eigen::Index>(rows_.size()));
    for (std::size_t r = 0; r < rows_.size(); ++r) g[static_cast<Eigen::Index>(r)] = value(rows_[r].residual);
    return g;
  }

  Eigen::MatrixXd jacobian() const {
    Eigen::MatrixXd j = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(rows_.size()), static_cast<Eigen::Index>(columns_.size()));
    for (std::size_t r = 0; r < rows_.size(); ++r)
      for (const auto& [c, partial] : rows_[r].partials)
        j(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c)) = value(partial);
    return j;
  }

  const Model& m_;
  std::vector<bool> frame_position_;
  std::vector<std::int8_t> origin_axis_;  ///< by variable: the world axis of a frame origin's coordinate, else −1
  std::vector<Row> rows_;
  std::vector<std::size_t> columns_;  ///< model variables
  std::unordered_map<Expr, std::size_t, ExprHash> column_index_;
  Eigen::VectorXd x_;
};

}  // namespace

RedundantClosures redundant_closure_rows(const Model& model) {
  RedundantClosures out;
  if (model.loop_cuts.empty()) return out;
  PositionSystem system(model);
  if (system.empty() || !system.assemble()) return out;
  out.size = system.size();
  const std::vector<bool> dependent = system.dependent_cut_rows();
  std::size_t k = 0;
  for (const Model::LoopCut& c : model.loop_cuts) {
    std::vector<bool> rows(dependent.begin() + static_cast<std::ptrdiff_t>(k),
                           dependent.begin() + static_cast<std::ptrdiff_t>(k + c.rows.size()));
    k += c.rows.size();
    if (std::find(rows.begin(), rows.end(), true) != rows.end()) out.rows.emplace(c.port, std::move(rows));
  }
  return out;
}

}  // namespace acausal
