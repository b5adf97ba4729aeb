// Readable infix printing, Modelica-flavoured: `der(inertia1.phi) - inertia1.w`,
// `if theta >= 0 then k*theta else 2*k*theta`, `x^2`, `a*b / (c*d)`.

#include <charconv>
#include <cmath>
#include <ostream>
#include <string>
#include <vector>

#include "core/expr/expr.hpp"
#include "core/expr/table.hpp"

namespace acausal {
namespace {

// Binding strength; a child is parenthesized when it binds more weakly than its context needs.
enum Precedence : int { kIf = 0, kOr = 1, kAnd = 2, kRelation = 3, kSum = 4, kProduct = 5, kUnary = 6, kPower = 7, kAtom = 8 };

std::string number(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[32];
  // Whole numbers print as integers (100000, not 1e+05); others in their shortest exact form.
  auto [end, ec] = std::fabs(v) < 1e15 && v == std::floor(v)
                       ? std::to_chars(buf, buf + sizeof buf, static_cast<long long>(v))
                       : std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, end);
}

const char* function_name(Op op) {
  switch (op) {
    case Op::Sqrt: return "sqrt";
    case Op::Exp: return "exp";
    case Op::Log: return "log";
    case Op::Sin: return "sin";
    case Op::Cos: return "cos";
    case Op::Tan: return "tan";
    case Op::Asin: return "asin";
    case Op::Acos: return "acos";
    case Op::Atan: return "atan";
    case Op::Tanh: return "tanh";
    case Op::Abs: return "abs";
    case Op::Sign: return "sign";
    case Op::Atan2: return "atan2";
    case Op::Min: return "min";
    case Op::Max: return "max";
    default: return nullptr;
  }
}

const char* relation_symbol(Op op) {
  switch (op) {
    case Op::Less: return " < ";
    case Op::LessEqual: return " <= ";
    case Op::Greater: return " > ";
    case Op::GreaterEqual: return " >= ";
    case Op::And: return " and ";
    default: return " or ";
  }
}

struct Printed {
  std::string text;
  int precedence;
};

class Printer {
 public:
  Printed print(const Expr& e) {
    switch (e.op()) {
      case Op::Constant: {
        double v = e.coef().value;
        return {number(v), v < 0 ? kUnary : kAtom};
      }
      case Op::Variable:
      case Op::Parameter: return {e.name(), kAtom};
      case Op::Time: return {"time", kAtom};
      case Op::Derivative: {
        std::string s = e.name();
        for (int i = 0; i < e.order(); ++i) s = "der(" + s + ")";
        return {s, kAtom};
      }
      case Op::Add: return sum(e);
      case Op::Mul: return product(e, false);
      case Op::Pow: {
        const Expr& n = e.args()[1];
        if (n.is_constant() && n.coef().value < 0) {  // 1 / x^k
          double k = -n.coef().value;
          return {"1 / " + (k == 1.0 ? wrap(e.args()[0], kPower) : power(e.args()[0], Expr(k)).text), kProduct};
        }
        return power(e.args()[0], n);
      }
      case Op::Less:
      case Op::LessEqual:
      case Op::Greater:
      case Op::GreaterEqual: return binary(e, kRelation, kSum);
      case Op::And: return binary(e, kAnd, kAnd);
      case Op::Or: return binary(e, kOr, kOr);
      case Op::IfElse:
        return {"if " + wrap(e.args()[0], kOr) + " then " + wrap(e.args()[1], kOr) + " else " +
                    wrap(e.args()[2], kIf),
                kIf};
      case Op::Table: {
        std::string f = e.order() == 0    ? "table"
                        : e.order() == -1 ? "table_integral"
                                          : "table_d" + std::to_string(e.order());
        return {f + "(" + e.table()->label() + ", " + print(e.args()[0]).text + ")", kAtom};
      }
      default: return call(e);
    }
  }

 private:
  std::string wrap(const Expr& e, int needed) {
    Printed p = print(e);
    return p.precedence < needed ? "(" + p.text + ")" : p.text;
  }

  Printed call(const Expr& e) {
    std::string s = std::string(function_name(e.op())) + "(";
    for (std::size_t i = 0; i < e.args().size(); ++i) s += (i ? ", " : "") + print(e.args()[i]).text;
    return {s + ")", kAtom};
  }

  Printed binary(const Expr& e, int own, int operand) {
    return {wrap(e.args()[0], operand) + relation_symbol(e.op()) + wrap(e.args()[1], operand), own};
  }

  /// A term of a sum: its text without sign, and whether it is subtracted.
  std::pair<std::string, bool> signed_term(const Expr& t) {
    if (t.is_constant() && t.coef().value < 0) return {number(-t.coef().value), true};
    if (t.op() == Op::Mul && t.args()[0].is_constant() && t.args()[0].coef().value < 0) {
      Printed p = product(t, true);
      return {p.precedence < kSum + 1 ? "(" + p.text + ")" : p.text, true};
    }
    return {wrap(t, kSum + 1), false};
  }

  Printed sum(const Expr& e) {
    std::string s;
    bool first = true;
    for (const Expr& t : e.args()) {
      auto [text, negative] = signed_term(t);
      if (first)
        s = negative ? "-" + text : text;
      else
        s += (negative ? " - " : " + ") + text;
      first = false;
    }
    return {s, kSum};
  }

  /// A product as `c*a*b / (d*e)`; with `negate`, the coefficient's sign is flipped.
  Printed product(const Expr& e, bool negate) {
    double c = 1.0;
    std::vector<std::string> num;
    std::vector<std::string> den;
    for (const Expr& f : e.args()) {
      if (f.is_constant()) {
        c = f.coef().value;
      } else if (f.op() == Op::Pow && f.args()[1].is_constant() && f.args()[1].coef().value < 0) {
        double k = -f.args()[1].coef().value;
        den.push_back(k == 1.0 ? wrap(f.args()[0], kPower) : power(f.args()[0], Expr(k)).text);
      } else {
        num.push_back(wrap(f, kProduct + 1));
      }
    }
    if (negate) c = -c;
    bool minus = c < 0;
    double mag = std::fabs(c);
    std::string s;
    if (mag != 1.0 || num.empty()) s = number(mag);
    for (const std::string& n : num) s += (s.empty() ? "" : "*") + n;
    if (!den.empty()) {
      std::string d;
      for (const std::string& x : den) d += (d.empty() ? "" : "*") + x;
      s += " / " + (den.size() > 1 ? "(" + d + ")" : d);
    }
    if (minus) return {"-" + s, kUnary};
    return {s, kProduct};
  }

  Printed power(const Expr& base, const Expr& exponent) {
    return {wrap(base, kPower + 1) + "^" + wrap(exponent, kPower + 1), kPower};
  }
};

}  // namespace

std::string to_string(const Expr& e) { return Printer().print(e).text; }

std::ostream& operator<<(std::ostream& os, const Expr& e) { return os << to_string(e); }

}  // namespace acausal
