// Construction of operation nodes, with constant folding and the simplifications that keep the
// DAG canonical enough for hash-consing to find shared subexpressions:
//   sums     flatten nested sums, distribute constant coefficients over inner sums, collect like
//            terms (c1·x + c2·x → (c1+c2)·x), one constant term last;
//   products flatten, fold constants into a leading coefficient, collect like bases with constant
//            exponents (x·x → x², x/x → 1);
//   powers   fold constants, (x^a)^n → x^(a·n) and (x·y)^n → xⁿ·yⁿ for integer n.

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <unordered_map>

#include <boost/container/small_vector.hpp>

#include "core/expr/expr.hpp"
#include "core/expr/expr_node.hpp"
#include "core/expr/table.hpp"

namespace acausal {
namespace {

using detail::make_node;

Expr node1(Op op, const Expr& a) { return make_node(op, std::span<const Expr>(&a, 1)); }
Expr node2(Op op, const Expr& a, const Expr& b) {
  const Expr args[2] = {a, b};
  return make_node(op, args);
}

bool is_integer(double v) { return std::isfinite(v) && v == std::floor(v); }

/// Rank of a node kind in the canonical order of factors: numbers and parameters first, then time,
/// variables, derivatives, and operations.
int kind_rank(Op op) {
  switch (op) {
    case Op::Constant: return 0;
    case Op::Parameter: return 1;
    case Op::Time: return 2;
    case Op::Variable: return 3;
    case Op::Derivative: return 4;
    default: return 5 + static_cast<int>(op);
  }
}

/// A total order on expressions that depends on structure only (never on addresses), so that
/// canonical forms and printed output are the same in every run.
bool structural_less(const Expr& a, const Expr& b) {
  if (a == b) return false;
  if (kind_rank(a.op()) != kind_rank(b.op())) return kind_rank(a.op()) < kind_rank(b.op());
  switch (a.op()) {
    case Op::Constant:
      if (a.coef().value != b.coef().value) return a.coef().value < b.coef().value;
      return a.order() < b.order();  // the same number, one traced (coef.hpp)
    case Op::Parameter:
    case Op::Variable: return a.name() < b.name();
    case Op::Derivative:
      if (a.name() != b.name()) return a.name() < b.name();
      return a.order() < b.order();
    default: break;
  }
  if (a.order() != b.order()) return a.order() < b.order();
  if (a.op() == Op::Table && a.table() != b.table()) return a.table()->label() < b.table()->label();
  auto x = a.args();
  auto y = b.args();
  if (x.size() != y.size()) return x.size() < y.size();
  for (std::size_t i = 0; i < x.size(); ++i)
    if (x[i] != y[i]) return structural_less(x[i], y[i]);
  return false;
}

/// A product split into its constant coefficient and the remaining factors (as one expression).
struct Scaled {
  Coef coefficient;
  Expr rest;
};

/// Short lists live on the stack: nearly every sum and product a model builds has a few terms, and
/// a heap allocation per builder call cost more than the arithmetic.
template <typename T>
using ShortList = boost::container::small_vector<T, 8>;

std::span<const Expr> as_span(const ShortList<Expr>& list) { return {list.data(), list.size()}; }

Scaled split_coefficient(const Expr& term) {
  if (term.op() == Op::Mul && term.args()[0].is_constant()) {
    auto args = term.args();
    if (args.size() == 2) return {args[0].coef(), args[1]};
    return {args[0].coef(), make_node(Op::Mul, args.subspan(1))};
  }
  return {Coef(1.0), term};
}

/// coefficient · rest, where rest is canonical and not itself carrying a coefficient. A traced
/// coefficient stays, whatever its value: a run may change it.
Expr scale(Coef coefficient, const Expr& rest) {
  if (coefficient.is_zero()) return Expr(0.0);
  if (coefficient.is_one()) return rest;
  ShortList<Expr> args{Expr(coefficient)};
  if (rest.op() == Op::Mul)
    args.insert(args.end(), rest.args().begin(), rest.args().end());
  else
    args.push_back(rest);
  return make_node(Op::Mul, as_span(args));
}

/// Like terms (or bases) are found by a linear scan while there are few of them — nearly always;
/// a hash index is built only for long sums and products.
constexpr std::size_t kIndexFrom = 16;
using LikeIndex = std::unordered_map<Expr, std::size_t, ExprHash>;

Scaled* find_like(ShortList<Scaled>& items, const LikeIndex& index, const Expr& rest) {
  if (items.size() < kIndexFrom) {
    for (Scaled& s : items)
      if (s.rest == rest) return &s;
    return nullptr;
  }
  auto it = index.find(rest);
  return it == index.end() ? nullptr : &items[it->second];
}

void add_like(ShortList<Scaled>& items, LikeIndex& index, Scaled item) {
  items.push_back(std::move(item));
  if (items.size() == kIndexFrom)
    for (std::size_t k = 0; k < items.size(); ++k) index.emplace(items[k].rest, k);
  else if (items.size() > kIndexFrom)
    index.emplace(items.back().rest, items.size() - 1);
}

/// Collects terms in first-appearance order, merging equal ones.
class TermCollector {
 public:
  void add(const Expr& term, Coef factor) {
    if (term.is_constant()) {
      constant_ += factor * term.coef();
      return;
    }
    if (term.op() == Op::Add) {
      for (const Expr& t : term.args()) add(t, factor);
      return;
    }
    Scaled s = split_coefficient(term);
    if (s.rest.op() == Op::Add) {  // c·(a + b) inside a sum: distribute
      add(s.rest, factor * s.coefficient);
      return;
    }
    if (Scaled* same = find_like(order_, index_, s.rest))
      same->coefficient += factor * s.coefficient;
    else
      add_like(order_, index_, {factor * s.coefficient, s.rest});
  }

  Expr result() const {
    ShortList<Expr> terms;
    for (const Scaled& s : order_)
      if (!s.coefficient.is_zero()) terms.push_back(scale(s.coefficient, s.rest));
    if (!constant_.is_zero() || terms.empty()) terms.emplace_back(constant_);
    if (terms.size() == 1) return terms[0];
    return make_node(Op::Add, as_span(terms));
  }

 private:
  Coef constant_ = 0.0;
  ShortList<Scaled> order_;
  LikeIndex index_;
};

/// Collects factors in first-appearance order, merging equal bases with constant exponents.
class FactorCollector {
 public:
  void multiply(const Expr& factor) {
    if (factor.is_constant()) {
      coefficient_ *= factor.coef();
      return;
    }
    if (factor.op() == Op::Mul) {
      for (const Expr& f : factor.args()) multiply(f);
      return;
    }
    // x^c contributes c to the exponent of x; any other factor (x^y included) is a base of its own.
    Expr base = factor;
    Coef exponent = 1.0;
    if (factor.op() == Op::Pow && factor.args()[1].is_constant()) {
      base = factor.args()[0];
      exponent = factor.args()[1].coef();
    }
    if (Scaled* same = find_like(bases_, index_, base))
      same->coefficient += exponent;
    else
      add_like(bases_, index_, {exponent, base});
  }

  Expr result() const {
    if (coefficient_.is_zero()) return Expr(0.0);
    // Bases are never constants, products or powers with constant exponents (all split above),
    // so pow() of a base is a single factor. Factors are sorted canonically, so that x*y and y*x
    // are one node (and a×a is exactly zero).
    ShortList<Expr> factors;
    for (const Scaled& b : bases_)
      if (!b.coefficient.is_zero()) factors.push_back(pow(b.rest, Expr(b.coefficient)));
    std::sort(factors.begin(), factors.end(), [](const Expr& a, const Expr& b) { return structural_less(a, b); });
    ShortList<Expr> args;
    if (!coefficient_.is_one()) args.emplace_back(coefficient_);
    args.insert(args.end(), factors.begin(), factors.end());
    if (args.empty()) return Expr(coefficient_);
    if (args.size() == 1) return args[0];
    return make_node(Op::Mul, as_span(args));
  }

 private:
  Coef coefficient_ = 1.0;
  ShortList<Scaled> bases_;  // (exponent, base)
  LikeIndex index_;
};

/// op(x), folded into a constant (traced as `code` when x is) for a constant x.
Expr fold_or(Op op, const Expr& x, TraceCode code) {
  if (x.is_constant()) return Expr(apply(code, x.coef()));
  return node1(op, x);
}

/// A relation or logical combination, a constant, or a Boolean discrete variable (a parameter leaf
/// whose value is 0 or 1 and changes only at events).
bool is_condition_expr(const Expr& c) { return is_condition(c.op()) || c.is_constant() || c.op() == Op::Parameter; }

Expr relation(Op op, const Expr& a, const Expr& b) {
  if (a.is_constant() && b.is_constant()) {
    switch (op) {
      case Op::Less: return Expr(apply(TraceCode::Less, a.coef(), b.coef()));
      case Op::LessEqual: return Expr(apply(TraceCode::LessEqual, a.coef(), b.coef()));
      case Op::Greater: return Expr(apply(TraceCode::Greater, a.coef(), b.coef()));
      default: return Expr(apply(TraceCode::GreaterEqual, a.coef(), b.coef()));
    }
  }
  return node2(op, a, b);
}

void require_condition(const Expr& c, const char* where) {
  if (!is_condition_expr(c))
    throw std::invalid_argument(std::string(where) + " needs a condition (a < b, a >= b, logical_and, ...), not " +
                                to_string(c));
}

}  // namespace

Expr operator+(const Expr& a, const Expr& b) {
  if (b.is_literal(0.0)) return a;
  if (a.is_literal(0.0)) return b;
  TermCollector c;
  c.add(a, 1.0);
  c.add(b, 1.0);
  return c.result();
}

Expr operator-(const Expr& a, const Expr& b) {
  if (b.is_literal(0.0)) return a;
  TermCollector c;
  c.add(a, 1.0);
  c.add(b, -1.0);
  return c.result();
}

Expr operator-(const Expr& a) { return Expr(-1.0) * a; }

Expr sum(std::span<const Expr> terms) {
  if (terms.size() == 1) return terms[0];
  TermCollector c;
  for (const Expr& t : terms) c.add(t, 1.0);
  return c.result();
}

Expr linear_combination(std::span<const std::pair<Coef, Expr>> terms, Coef constant) {
  TermCollector c;
  for (const auto& [coefficient, term] : terms) c.add(term, coefficient);
  c.add(Expr(constant), Coef(1.0));
  return c.result();
}

Expr product(std::span<const Expr> factors) {
  if (factors.size() == 1) return factors[0];
  FactorCollector c;
  for (const Expr& f : factors) c.multiply(f);
  return c.result();
}

Expr operator*(const Expr& a, const Expr& b) {
  if (a.is_literal(1.0)) return b;
  if (b.is_literal(1.0)) return a;
  FactorCollector c;
  c.multiply(a);
  c.multiply(b);
  return c.result();
}

Expr operator/(const Expr& a, const Expr& b) {
  if (b.is_constant()) {
    if (b.is_literal(1.0)) return a;
    if (a.is_constant()) return Expr(a.coef() / b.coef());
  }
  return a * pow(b, Expr(-1.0));
}

Expr& operator+=(Expr& a, const Expr& b) { return a = a + b; }
Expr& operator-=(Expr& a, const Expr& b) { return a = a - b; }
Expr& operator*=(Expr& a, const Expr& b) { return a = a * b; }
Expr& operator/=(Expr& a, const Expr& b) { return a = a / b; }

Expr pow(const Expr& base, int exponent) { return pow(base, Expr(exponent)); }
Expr pow(const Expr& base, double exponent) { return pow(base, Expr(exponent)); }

Expr pow(const Expr& base, const Expr& exponent) {
  if (exponent.is_constant() && base.is_constant()) return Expr(apply(TraceCode::Pow, base.coef(), exponent.coef()));
  if (exponent.is_constant() && !exponent.coef().traced()) {  // a traced exponent stays a node
    double e = exponent.constant_value();
    if (e == 0.0) return Expr(1.0);
    if (e == 1.0) return base;
    if (is_integer(e)) {
      if (base.op() == Op::Pow && base.args()[1].is_constant())
        return pow(base.args()[0], Expr(base.args()[1].coef() * Coef(e)));
      if (base.op() == Op::Mul) {
        FactorCollector c;
        for (const Expr& f : base.args()) c.multiply(pow(f, exponent));
        return c.result();
      }
    }
  } else if (base.is_literal(1.0)) {
    return Expr(1.0);
  }
  return node2(Op::Pow, base, exponent);
}

Expr sqrt(const Expr& x) { return fold_or(Op::Sqrt, x, TraceCode::Sqrt); }
Expr exp(const Expr& x) { return fold_or(Op::Exp, x, TraceCode::Exp); }
Expr log(const Expr& x) { return fold_or(Op::Log, x, TraceCode::Log); }
Expr sin(const Expr& x) { return fold_or(Op::Sin, x, TraceCode::Sin); }
Expr cos(const Expr& x) { return fold_or(Op::Cos, x, TraceCode::Cos); }
Expr tan(const Expr& x) { return fold_or(Op::Tan, x, TraceCode::Tan); }
Expr asin(const Expr& x) { return fold_or(Op::Asin, x, TraceCode::Asin); }
Expr acos(const Expr& x) { return fold_or(Op::Acos, x, TraceCode::Acos); }
Expr atan(const Expr& x) { return fold_or(Op::Atan, x, TraceCode::Atan); }
Expr tanh(const Expr& x) { return fold_or(Op::Tanh, x, TraceCode::Tanh); }

Expr abs(const Expr& x) {
  if (x.op() == Op::Abs) return x;
  return fold_or(Op::Abs, x, TraceCode::Abs);
}

Expr sign(const Expr& x) {
  return fold_or(Op::Sign, x, TraceCode::Sign);
}

Expr atan2(const Expr& y, const Expr& x) {
  if (y.is_constant() && x.is_constant()) return Expr(apply(TraceCode::Atan2, y.coef(), x.coef()));
  return node2(Op::Atan2, y, x);
}

Expr min(const Expr& a, const Expr& b) {
  if (a == b) return a;
  if (a.is_constant() && b.is_constant()) return Expr(apply(TraceCode::Min, a.coef(), b.coef()));
  return node2(Op::Min, a, b);
}

Expr max(const Expr& a, const Expr& b) {
  if (a == b) return a;
  if (a.is_constant() && b.is_constant()) return Expr(apply(TraceCode::Max, a.coef(), b.coef()));
  return node2(Op::Max, a, b);
}

Expr operator<(const Expr& a, const Expr& b) { return relation(Op::Less, a, b); }
Expr operator<=(const Expr& a, const Expr& b) { return relation(Op::LessEqual, a, b); }
Expr operator>(const Expr& a, const Expr& b) { return relation(Op::Greater, a, b); }
Expr operator>=(const Expr& a, const Expr& b) { return relation(Op::GreaterEqual, a, b); }

Expr logical_and(const Expr& a, const Expr& b) {
  require_condition(a, "logical_and");
  require_condition(b, "logical_and");
  if (a.is_constant()) return a.constant_value() != 0.0 ? b : Expr(0.0);
  if (b.is_constant()) return b.constant_value() != 0.0 ? a : Expr(0.0);
  if (a == b) return a;
  return node2(Op::And, a, b);
}

Expr logical_or(const Expr& a, const Expr& b) {
  require_condition(a, "logical_or");
  require_condition(b, "logical_or");
  if (a.is_constant()) return a.constant_value() != 0.0 ? Expr(1.0) : b;
  if (b.is_constant()) return b.constant_value() != 0.0 ? Expr(1.0) : a;
  if (a == b) return a;
  return node2(Op::Or, a, b);
}

Expr logical_not(const Expr& a) {
  require_condition(a, "logical_not");
  if (a.is_constant()) return Expr(a.constant_value() != 0.0 ? 0.0 : 1.0);
  auto x = a.args();
  switch (a.op()) {
    case Op::Less: return x[0] >= x[1];
    case Op::LessEqual: return x[0] > x[1];
    case Op::Greater: return x[0] <= x[1];
    case Op::GreaterEqual: return x[0] < x[1];
    case Op::And: return logical_or(logical_not(x[0]), logical_not(x[1]));
    case Op::Or: return logical_and(logical_not(x[0]), logical_not(x[1]));
    default: return a < Expr(0.5);  // a Boolean discrete variable
  }
}

Expr equals(const Expr& a, const Expr& b) { return logical_and(a >= b, a <= b); }

Expr if_else(const Expr& condition, const Expr& then_value, const Expr& else_value) {
  require_condition(condition, "if_else");
  if (condition.is_constant()) return condition.constant_value() != 0.0 ? then_value : else_value;
  if (then_value == else_value) return then_value;
  const Expr args[3] = {condition, then_value, else_value};
  return make_node(Op::IfElse, args);
}

namespace detail {
Expr table_node(std::shared_ptr<const Table1D> table, int order, const Expr& x) {
  if (x.is_constant()) return Expr(table->evaluate(x.constant_value(), order));
  if (order > Table1D::max_nonzero_derivative_order(table->interpolation())) return Expr(0.0);
  NodeKey k;
  k.op = Op::Table;
  k.order = order;
  k.table = table.get();
  k.args = std::span<const Expr>(&x, 1);
  return intern(k, table);
}
}  // namespace detail

Expr interpolate(std::shared_ptr<const Table1D> table, const Expr& x) {
  if (!table) throw std::invalid_argument("interpolate() needs a table");
  return detail::table_node(std::move(table), 0, x);
}

Expr table_integral(std::shared_ptr<const Table1D> table, const Expr& x) {
  if (!table) throw std::invalid_argument("table_integral() needs a table");
  return detail::table_node(std::move(table), -1, x);
}

}  // namespace acausal
