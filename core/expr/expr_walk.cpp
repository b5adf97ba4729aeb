#include "core/expr/expr_walk.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <unordered_set>

#include "core/expr/expr_diff.hpp"
#include "core/expr/expr_node.hpp"
#include "core/expr/table.hpp"

namespace acausal {
namespace {

double apply(Op op, std::span<const double> a, const Expr& e) {
  switch (op) {
    case Op::Add: {
      double s = 0.0;
      for (double v : a) s += v;
      return s;
    }
    case Op::Mul: {
      double p = 1.0;
      for (double v : a) p *= v;
      return p;
    }
    case Op::Pow: return std::pow(a[0], a[1]);
    case Op::Sqrt: return std::sqrt(a[0]);
    case Op::Exp: return std::exp(a[0]);
    case Op::Log: return std::log(a[0]);
    case Op::Sin: return std::sin(a[0]);
    case Op::Cos: return std::cos(a[0]);
    case Op::Tan: return std::tan(a[0]);
    case Op::Asin: return std::asin(a[0]);
    case Op::Acos: return std::acos(a[0]);
    case Op::Atan: return std::atan(a[0]);
    case Op::Tanh: return std::tanh(a[0]);
    case Op::Abs: return std::fabs(a[0]);
    case Op::Sign: return a[0] > 0.0 ? 1.0 : (a[0] < 0.0 ? -1.0 : 0.0);
    case Op::Atan2: return std::atan2(a[0], a[1]);
    case Op::Min: return a[0] < a[1] ? a[0] : a[1];
    case Op::Max: return a[0] > a[1] ? a[0] : a[1];
    case Op::Less: return a[0] < a[1] ? 1.0 : 0.0;
    case Op::LessEqual: return a[0] <= a[1] ? 1.0 : 0.0;
    case Op::Greater: return a[0] > a[1] ? 1.0 : 0.0;
    case Op::GreaterEqual: return a[0] >= a[1] ? 1.0 : 0.0;
    case Op::And: return (a[0] != 0.0 && a[1] != 0.0) ? 1.0 : 0.0;
    case Op::Or: return (a[0] != 0.0 || a[1] != 0.0) ? 1.0 : 0.0;
    case Op::IfElse: return a[0] != 0.0 ? a[1] : a[2];
    case Op::Table: return e.table()->evaluate(a[0], e.order());
    default: throw std::logic_error("apply: not an operation: " + to_string(e));
  }
}

class Evaluator {
 public:
  explicit Evaluator(const LeafValues& leaf_value) : leaf_value_(leaf_value) {}

  double value(const Expr& e) {
    if (e.is_constant()) return e.coef().value;  // a value, not a decision: unguarded (coef.hpp)
    if (e.is_leaf()) return leaf_value_(e);
    if (auto it = memo_.find(e); it != memo_.end()) return it->second;
    std::vector<double> a;
    a.reserve(e.args().size());
    for (const Expr& x : e.args()) a.push_back(value(x));
    double v = apply(e.op(), a, e);
    memo_.emplace(e, v);
    return v;
  }

 private:
  const LeafValues& leaf_value_;
  std::unordered_map<Expr, double, ExprHash> memo_;
};

}  // namespace

double evaluate(const Expr& e, const LeafValues& leaf_value) { return Evaluator(leaf_value).value(e); }

Expr rebuild(const Expr& e, std::span<const Expr> a) {
  switch (e.op()) {
    case Op::Add: return sum(a);
    case Op::Mul: return product(a);
    case Op::Pow: return pow(a[0], a[1]);
    case Op::Sqrt: return sqrt(a[0]);
    case Op::Exp: return exp(a[0]);
    case Op::Log: return log(a[0]);
    case Op::Sin: return sin(a[0]);
    case Op::Cos: return cos(a[0]);
    case Op::Tan: return tan(a[0]);
    case Op::Asin: return asin(a[0]);
    case Op::Acos: return acos(a[0]);
    case Op::Atan: return atan(a[0]);
    case Op::Tanh: return tanh(a[0]);
    case Op::Abs: return abs(a[0]);
    case Op::Sign: return sign(a[0]);
    case Op::Atan2: return atan2(a[0], a[1]);
    case Op::Min: return min(a[0], a[1]);
    case Op::Max: return max(a[0], a[1]);
    case Op::Less: return a[0] < a[1];
    case Op::LessEqual: return a[0] <= a[1];
    case Op::Greater: return a[0] > a[1];
    case Op::GreaterEqual: return a[0] >= a[1];
    case Op::And: return logical_and(a[0], a[1]);
    case Op::Or: return logical_or(a[0], a[1]);
    case Op::IfElse: return if_else(a[0], a[1], a[2]);
    case Op::Table: return detail::table_node(e.table(), e.order(), a[0]);
    case Op::Derivative: {
      Expr d = a[0];
      for (int k = 0; k < e.order(); ++k) d = der(d);
      return d;
    }
    default: return e;  // leaves have no arguments
  }
}

namespace {

/// Rebuilds an expression bottom-up with some nodes replaced. `Lookup` returns the replacement of a
/// node, or nullptr to keep it.
template <typename Lookup>
class Substitution {
 public:
  explicit Substitution(Lookup lookup) : lookup_(std::move(lookup)) {}

  Expr walk(const Expr& x) {
    if (const Expr* value = lookup_(x)) return *value;
    if (x.args().empty()) return x;
    if (Expr* done = memo_.find(x)) return *done;
    Expr r = x;
    if (x.op() == Op::Derivative) {
      // der^k(v) with v replaced by an expression is the k-th time derivative of that expression.
      Expr v = walk(x.args()[0]);
      if (v != x.args()[0]) {
        r = v;
        for (int k = 0; k < x.order(); ++k) r = time_derivative(r);
      }
    } else {
      boost::container::small_vector<Expr, 8> a;  // no heap for the usual few arguments
      bool changed = false;
      for (const Expr& y : x.args()) {
        a.push_back(walk(y));
        changed = changed || a.back() != y;
      }
      if (changed) r = rebuild(x, std::span<const Expr>(a.data(), a.size()));
    }
    memo_.insert(x, r);
    return r;
  }

 private:
  Lookup lookup_;
  detail::NodeMap<Expr> memo_;
};

}  // namespace

Expr substitute(const Expr& e, const std::unordered_map<Expr, Expr, ExprHash>& replacements) {
  if (replacements.empty()) return e;
  if (replacements.size() == 1) {
    // One key (the common case when solving for one unknown at a time): a pointer comparison
    // instead of a hash lookup at every node.
    const detail::Node* key = replacements.begin()->first.node();
    const Expr* value = &replacements.begin()->second;
    return Substitution([key, value](const Expr& x) { return x.node() == key ? value : nullptr; }).walk(e);
  }
  return Substitution([&replacements](const Expr& x) -> const Expr* {
           auto it = replacements.find(x);
           return it == replacements.end() ? nullptr : &it->second;
         }).walk(e);
}

Expr substitute(const Expr& e, const std::function<const Expr*(const Expr& node)>& replacement) {
  return Substitution([&replacement](const Expr& x) { return replacement(x); }).walk(e);
}

namespace {

/// rename_variables() with its memo of the nodes copied so far.
class Renaming {
 public:
  explicit Renaming(const std::function<const Expr*(const Expr&)>& renamed) : renamed_(renamed) {}

  // Recursion depth is the expression's depth: a component's equations are shallow.
  Expr copy(const Expr& x) {
    if (x.op() == Op::Variable) {
      const Expr* to = renamed_(x);
      return to != nullptr ? *to : x;
    }
    if (x.args().empty()) return x;
    if (Expr* d = done_.find(x)) return *d;
    boost::container::small_vector<Expr, 8> a;
    bool changed = false;
    for (const Expr& y : x.args()) {
      a.push_back(copy(y));
      changed = changed || a.back() != y;
    }
    Expr r = changed ? detail::with_arguments(x, std::span<const Expr>(a.data(), a.size())) : x;
    done_.insert(x, r);
    return r;
  }

 private:
  const std::function<const Expr*(const Expr&)>& renamed_;
  detail::NodeMap<Expr> done_;
};

}  // namespace

Expr rename_variables(const Expr& e, const std::function<const Expr*(const Expr& variable)>& renamed) {
  return Renaming(renamed).copy(e);
}

namespace {

bool is_scaled_leaf(const Expr& t) {
  if (t.is_constant() || t.is_leaf()) return true;
  const auto a = t.args();
  return t.op() == Op::Mul && a.size() == 2 && a[0].is_constant() && a[1].is_leaf();
}

}  // namespace

bool is_linear_combination(const Expr& e) {
  if (e.op() != Op::Add) return is_scaled_leaf(e);
  return std::all_of(e.args().begin(), e.args().end(), is_scaled_leaf);
}

std::vector<Expr> leaves(const Expr& e) {
  std::vector<Expr> out;
  if (e.op() == Op::Add && e.args().size() <= 32 && is_linear_combination(e)) {
    // The terms' leaves in term order: the order of the walk below, without its bookkeeping. (A
    // canonical sum has each leaf in one term; one built without simplification may not.)
    for (const Expr& t : e.args()) {
      if (t.is_constant()) continue;
      const Expr& leaf = t.is_leaf() ? t : t.args()[1];
      if (std::find(out.begin(), out.end(), leaf) == out.end()) out.push_back(leaf);
    }
    return out;
  }
  detail::NodeMap<bool> seen;
  std::vector<Expr> stack{e};
  while (!stack.empty()) {
    Expr x = stack.back();
    stack.pop_back();
    if (x.is_constant() || seen.find(x)) continue;
    seen.insert(x, true);
    if (x.is_leaf()) {
      out.push_back(x);
      continue;
    }
    for (auto it = x.args().rbegin(); it != x.args().rend(); ++it) stack.push_back(*it);
  }
  return out;
}

std::vector<Expr> switch_indicators(const Expr& x) {
  auto a = x.args();
  switch (x.op()) {
    case Op::Less:
    case Op::LessEqual:
    case Op::Greater:
    case Op::GreaterEqual:
    case Op::Min:
    case Op::Max: return {a[0] - a[1]};
    case Op::Sign:
    case Op::Abs: return {a[0]};
    case Op::Table: {
      // Only where the interpolant's slope jumps: between those points the table is C¹.
      std::vector<Expr> out;
      for (std::size_t k : x.table()->kinks()) out.push_back(a[0] - x.table()->x()[k]);
      return out;
    }
    default: return {};
  }
}

std::vector<Condition> conditions(const Expr& e) {
  std::vector<Condition> out;
  if (is_linear_combination(e)) return out;
  std::unordered_set<Expr, ExprHash> seen_nodes;
  std::unordered_set<Expr, ExprHash> seen_indicators;
  std::vector<Expr> stack{e};
  while (!stack.empty()) {
    Expr x = stack.back();
    stack.pop_back();
    if (x.is_leaf() || !seen_nodes.insert(x).second) continue;
    for (const Expr& indicator : switch_indicators(x))
      if (!indicator.is_constant() && seen_indicators.insert(indicator).second) out.push_back({x, indicator});
    for (auto it = x.args().rbegin(); it != x.args().rend(); ++it) stack.push_back(*it);
  }
  return out;
}

}  // namespace acausal
