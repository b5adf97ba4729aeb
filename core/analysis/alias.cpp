#include "core/analysis/alias.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <deque>
#include <optional>
#include <sstream>

#include "core/model/errors.hpp"
#include "core/expr/expr_walk.hpp"

namespace acausal {
namespace {

int priority_rank(StatePriority p) {
  switch (p) {
    case StatePriority::Always: return 4;
    case StatePriority::Prefer: return 3;
    case StatePriority::Default: return 2;
    case StatePriority::Avoid: return 1;
    case StatePriority::Never: return 0;
  }
  return 2;
}

std::string number(double v) {
  std::ostringstream os;
  os << v;
  return os.str();
}

/// Weighted union-find: value(i) = sign[i]·value(parent[i]) + offset[i].
class AliasForest {
 public:
  explicit AliasForest(const Model& model) : model_(model), n_(model.variables.size()) {
    parent_.resize(n_);
    for (std::size_t i = 0; i < n_; ++i) parent_[i] = i;
    sign_.assign(n_, 1.0);
    offset_.assign(n_, 0.0);
    constant_.assign(n_, std::nullopt);
  }

  /// Root of i, with value(i) = s·value(root) + o. Compresses the path.
  std::size_t find(std::size_t i, double& s, double& o) {
    std::vector<std::size_t>& path = path_;  // reused: no allocation per call
    path.clear();
    std::size_t r = i;
    for (; parent_[r] != r; r = parent_[r]) path.push_back(r);
    // From the node next to the root down to i: value(k) = sign_k·value(parent_k) + offset_k
    // with value(parent_k) = ps·value(r) + po already composed.
    double ps = 1.0;
    double po = 0.0;
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
      std::size_t k = *it;
      const double sk = sign_[k];
      sign_[k] = sk * ps;
      offset_[k] = sk * po + offset_[k];
      parent_[k] = r;
      ps = sign_[k];
      po = offset_[k];
    }
    s = ps;
    o = po;
    return r;
  }

  /// a = k·b + c (k = ±1). Returns false when the equation must stay (loop or constant tied twice).
  bool join(std::size_t a, std::size_t b, double k, double c) {
    double sa, oa, sb, ob;
    std::size_t ra = find(a, sa, oa);
    std::size_t rb = find(b, sb, ob);
    if (ra == rb) return false;
    // sa·ra + oa = k·(sb·rb + ob) + c  ⇒  ra = (k·sb/sa)·rb + (k·ob + c − oa)/sa
    double s = k * sb / sa;
    double o = (k * ob + c - oa) / sa;
    if (constant_[ra] && constant_[rb]) return false;
    if (better(ra, rb)) {  // keep ra as the root: rb = (ra − o)/s = s·ra − s·o (s = ±1)
      link(rb, ra, s, -s * o);
    } else {
      link(ra, rb, s, o);
    }
    return true;
  }

  /// a = c. Returns false when a's class is a constant already.
  bool fix(std::size_t a, double c) {
    double sa, oa;
    std::size_t ra = find(a, sa, oa);
    if (constant_[ra]) return false;
    constant_[ra] = (c - oa) / sa;
    return true;
  }

  std::optional<double> constant_of_root(std::size_t r) const { return constant_[r]; }

 private:
  /// Child's class joins root's: value(child) = s·value(root) + o.
  void link(std::size_t child, std::size_t root, double s, double o) {
    parent_[child] = root;
    sign_[child] = s;
    offset_[child] = o;
    if (constant_[child]) {
      // value(root) = (value(child) − o)/s
      constant_[root] = (*constant_[child] - o) / s;
      constant_[child].reset();
    }
  }

  /// Should a stay the representative rather than b?
  bool better(std::size_t a, std::size_t b) const {
    const Definition::Variable& x = model_.declared(a);
    const Definition::Variable& y = model_.declared(b);
    if (x.is_port != y.is_port) return !x.is_port;
    int px = priority_rank(model_.state_priority(a));
    int py = priority_rank(model_.state_priority(b));
    if (px != py) return px > py;
    const TargetPriority tx = model_.variables[a].target, ty = model_.variables[b].target;
    if (tx != ty) return tx > ty;
    return a < b;
  }

  const Model& model_;
  std::size_t n_;
  std::vector<std::size_t> parent_;
  std::vector<double> sign_;
  std::vector<double> offset_;
  std::vector<std::optional<double>> constant_;
  std::vector<std::size_t> path_;
};

}  // namespace

std::optional<Expr> AliasElimination::replacement(const Expr& variable) const {
  const std::size_t i = model->variable_of(variable);
  if (i == std::string::npos || representative_[i] == i) return std::nullopt;
  const AliasOf a = of(i);
  if (a.is_constant()) return Expr(a.offset);
  return a.sign() * model->symbol(a.representative) + a.offset;
}

Expr AliasElimination::in_representatives(const Expr& e) const {
  std::deque<Expr> made;  // stable addresses for the replacements handed to substitute()
  return substitute(e, [&](const Expr& node) -> const Expr* {
    std::optional<Expr> r = replacement(node);
    if (!r) return nullptr;
    made.push_back(std::move(*r));
    return &made.back();
  });
}

void AliasElimination::resize(std::size_t n) {
  representative_.resize(n);
  for (std::size_t v = 0; v < n; ++v) representative_[v] = static_cast<std::uint32_t>(v);
  offset_and_sign_.assign(n, 0);
}

void AliasElimination::set(std::size_t v, const AliasOf& a) {
  representative_[v] = a.representative;
  std::uint32_t index = 0;
  // Bit for bit: -0.0 is an offset of its own (the rows add it as written).
  if (std::bit_cast<std::uint64_t>(a.offset) != 0) {
    // Offsets come in few distinct values (a flange at ±L/2): the last one is looked at first.
    const auto same = [&a](double x) { return std::bit_cast<std::uint64_t>(x) == std::bit_cast<std::uint64_t>(a.offset); };
    if (offsets_.size() > 1 && same(offsets_.back())) {
      index = static_cast<std::uint32_t>(offsets_.size() - 1);
    } else {
      if (offsets_.size() > kOffsetIndex) throw std::length_error("alias elimination: more than 2^31 offsets");
      index = static_cast<std::uint32_t>(offsets_.size());
      offsets_.push_back(a.offset);
    }
  }
  offset_and_sign_[v] = index | (a.negated ? kNegated : 0);
}

AliasElimination eliminate_aliases(const Model& model) {
  const std::size_t n = model.variables.size();
  AliasElimination out;
  out.model = &model;

  AliasForest forest(model);
  out.eliminated_equation.assign(model.equation_count(), false);
  for (std::size_t e = 0; e < model.equation_count(); ++e) {
    // An alias equation is c0 + Σ k_i·x_i over one or two variables (not their derivatives).
    const EquationView f = model.equation(e);
    if (!f.rest->is_literal(0.0) || f.empty() || f.size() > 2) continue;
    if (f[0].slot().order != 0 || (f.size() == 2 && f[1].slot().order != 0)) continue;
    // A number a run may change (a tunable parameter's, coef.hpp) keeps its equation: an alias is
    // resolved once, when the model is built.
    if (f.constant.traced() || f[0].coefficient().traced() || (f.size() == 2 && f[1].coefficient().traced())) continue;
    if (f.size() == 1) {  // k·a + c0 = 0
      out.eliminated_equation[e] = forest.fix(f[0].slot().column, -f.constant.value / f[0].coefficient().value);
    } else {
      const double ka = f[0].coefficient().value;
      const double kb = f[1].coefficient().value;
      if (std::fabs(ka) != std::fabs(kb)) continue;  // a scaled relation stays an equation
      // ka·a + kb·b + c0 = 0  ⇒  a = (−kb/ka)·b − c0/ka
      out.eliminated_equation[e] = forest.join(f[0].slot().column, f[1].slot().column, -kb / ka, -f.constant.value / ka);
    }
  }

  out.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    double s, o;
    std::size_t r = forest.find(i, s, o);
    if (auto c = forest.constant_of_root(r)) {
      out.set(i, {s * *c + o, AliasOf::kConstant, false});
    } else {
      if (std::fabs(s) != 1.0) throw std::logic_error("alias elimination: a scale of " + std::to_string(s));
      out.set(i, {o, static_cast<std::uint32_t>(r), s < 0.0});
    }
  }

  // Move the initial targets onto the representatives; conflicting high targets are an error.
  for (std::size_t i = 0; i < n; ++i) {
    const ModelVariable& v = model.variables[i];
    if (v.target == TargetPriority::None) continue;
    const InitialTarget& given = model.target(i);
    const AliasOf a = out.of(i);
    if (a.is_constant()) {
      if (v.target == TargetPriority::High && std::fabs(given.value - a.offset) > 1e-12 * (1 + std::fabs(a.offset)))
        throw ModelError(model.target_pointer(given), "initial value " + number(given.value) + " of " + model.variable_name(i) +
                                               " cannot hold: the model fixes it at " + number(a.offset));
      continue;
    }
    double value = (given.value - a.offset) / a.sign();
    Target& t = out.target[a.representative];
    if (t.priority == TargetPriority::High && v.target == TargetPriority::High &&
        std::fabs(t.value - value) > 1e-12 * (1 + std::fabs(value))) {
      const std::string name = model.variable_name(i), other = model.variable_name(t.variable);
      const InitialTarget& first = model.target(t.variable);
      throw ModelError(model.target_pointer(given), "initial value " + number(given.value) + " of " + name + " conflicts with " +
                                          other + " = " + number(first.value) + " (" + model.target_pointer(first) +
                                          "): they are the same quantity; free one of: " + other + ", " + name);
    }
    if (v.target > t.priority) t = {value, static_cast<std::uint32_t>(i), v.target};
  }

  // The smallest nominal of a class reaches its representative (value = ±representative + offset:
  // the same magnitude of change): the netlist's and those the components declare apart, since a
  // netlist's nominal replaces a declared one wherever it reaches (analysis.cpp, unknown_nominals).
  // A constant has no unknown to scale.
  auto keep_smallest = [&out](std::unordered_map<std::size_t, double>& kept, std::size_t v, double value) {
    if (out.of(v).is_constant()) return;
    const auto [it, first] = kept.try_emplace(out.of(v).representative, std::fabs(value));
    if (!first) it->second = std::min(it->second, std::fabs(value));
  };
  for (const auto& [v, value] : model.nominals) keep_smallest(out.nominal, v, value);
  for (std::size_t i = 0; i < n; ++i)
    if (const std::optional<double> declared = model.declared(i).options.nominal)
      if (model.nominals.count(i) == 0) keep_smallest(out.declared_nominal, i, *declared);

  return out;
}

}  // namespace acausal
