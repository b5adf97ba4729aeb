#include "core/expr/expr_diff.hpp"

#include <functional>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include "core/expr/expr_node.hpp"

namespace acausal {
namespace {

/// Forward-mode symbolic differentiation over the DAG; `leaf_derivative` says what each leaf
/// differentiates to, which is the only difference between ∂/∂x and d/dt.
class Differentiator {
 public:
  explicit Differentiator(std::function<Expr(const Expr&)> leaf_derivative)
      : leaf_derivative_(std::move(leaf_derivative)) {}

  Expr d(const Expr& e) {
    if (e.is_constant()) return Expr(0.0);
    if (e.is_leaf()) return leaf_derivative_(e);
    if (Expr* done = memo_.find(e)) return *done;
    Expr r = rule(e);
    memo_.insert(e, r);
    return r;
  }

 private:
  Expr rule(const Expr& e) {
    auto a = e.args();
    switch (e.op()) {
      case Op::Add: {
        std::vector<Expr> terms;
        terms.reserve(a.size());
        for (const Expr& t : a) terms.push_back(d(t));
        return sum(terms);
      }
      case Op::Mul: {  // product rule over n factors
        std::vector<Expr> terms;
        std::vector<Expr> factors;
        for (std::size_t i = 0; i < a.size(); ++i) {
          Expr di = d(a[i]);
          if (di.is_literal(0.0)) continue;
          factors.assign(a.begin(), a.end());
          factors[i] = di;
          terms.push_back(product(factors));
        }
        return sum(terms);
      }
      case Op::Pow: {
        const Expr& b = a[0];
        const Expr& n = a[1];
        Expr dn = d(n);
        // With a constant (or merely symbolic but here constant) exponent the power rule holds at
        // b = 0 too; the logarithmic form is needed only when the exponent varies.
        if (dn.is_literal(0.0)) return n * pow(b, n - 1.0) * d(b);
        return e * (dn * log(b) + n * d(b) / b);
      }
      case Op::Sqrt: return d(a[0]) / (2.0 * e);
      case Op::Exp: return e * d(a[0]);
      case Op::Log: return d(a[0]) / a[0];
      case Op::Sin: return cos(a[0]) * d(a[0]);
      case Op::Cos: return -sin(a[0]) * d(a[0]);
      case Op::Tan: return (1.0 + pow(e, 2)) * d(a[0]);
      case Op::Asin: return d(a[0]) / sqrt(1.0 - pow(a[0], 2));
      case Op::Acos: return -d(a[0]) / sqrt(1.0 - pow(a[0], 2));
      case Op::Atan: return d(a[0]) / (1.0 + pow(a[0], 2));
      case Op::Atan2: {  // atan2(y, x)
        const Expr& y = a[0];
        const Expr& x = a[1];
        return (x * d(y) - y * d(x)) / (pow(x, 2) + pow(y, 2));
      }
      case Op::Tanh: return (1.0 - pow(e, 2)) * d(a[0]);
      case Op::Abs: return sign(a[0]) * d(a[0]);
      case Op::Sign: return Expr(0.0);
      // min and max choose a branch with the same condition their value uses
      case Op::Min: return if_else(a[0] < a[1], d(a[0]), d(a[1]));
      case Op::Max: return if_else(a[0] > a[1], d(a[0]), d(a[1]));
      case Op::IfElse: return if_else(a[0], d(a[1]), d(a[2]));
      case Op::Less:
      case Op::LessEqual:
      case Op::Greater:
      case Op::GreaterEqual:
      case Op::And:
      case Op::Or: return Expr(0.0);  // piecewise constant
      case Op::Table: return detail::table_node(e.table(), e.order() + 1, a[0]) * d(a[0]);
      default: throw std::logic_error("differentiate: unexpected node " + to_string(e));
    }
  }

  std::function<Expr(const Expr&)> leaf_derivative_;
  detail::NodeMap<Expr> memo_;
};

}  // namespace

Expr diff(const Expr& e, const Expr& wrt) {
  switch (wrt.op()) {
    case Op::Variable:
    case Op::Derivative:
    case Op::Parameter:
    case Op::Time: break;
    default: throw std::invalid_argument("diff: cannot differentiate with respect to " + to_string(wrt));
  }
  return Differentiator([&wrt](const Expr& leaf) { return Expr(leaf == wrt ? 1.0 : 0.0); }).d(e);
}

Expr time_derivative(const Expr& e) {
  return Differentiator([](const Expr& leaf) -> Expr {
           switch (leaf.op()) {
             case Op::Variable:
             case Op::Derivative: return der(leaf);
             case Op::Time: return Expr(1.0);
             default: return Expr(0.0);  // parameters
           }
         })
      .d(e);
}

}  // namespace acausal
