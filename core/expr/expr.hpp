#pragma once
/// @file
/// Symbolic expressions: an immutable, hash-consed DAG.
///
/// Two structurally equal expressions are the same node, so `a == b` is a pointer comparison and
/// common subexpressions are shared automatically. Simplification happens at construction: constants
/// fold, sums collect like terms (`x - x` is 0), products collect like factors (`x*x` is `x^2`,
/// `x/x` is 1), and the trivial identities (`x + 0`, `x*1`, `x*0`, `--x`) never build a node.
///
/// Threads: nodes live in a store, the current one of the thread that builds them — the store of an
/// `ExprContext` (expr_context.hpp) while one lives on the thread, else the thread's own. Reference
/// counts are not atomic and a store is not locked: an expression, and everything built from it
/// (a definition, a model, its analysis), belongs to one thread at a time, and expressions of two
/// stores never meet in one operation (that throws std::logic_error). Two threads build two models
/// at once, each with its own expressions. Compiled tapes (tape.hpp) hold no node.

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/expr/coef.hpp"

namespace acausal {

class Table1D;

/// Kind of an expression node.
enum class Op : std::uint8_t {
  // leaves
  Constant,
  Variable,    ///< an unknown of the model, by name
  Derivative,  ///< der(variable), of order ≥ 1; its single argument is the variable leaf
  Parameter,   ///< a named parameter, constant during a simulation
  Time,
  // arithmetic (Add and Mul are n-ary; a constant coefficient of a Mul is its first argument)
  Add,
  Mul,
  Pow,
  // elementary functions of one argument
  Sqrt,
  Exp,
  Log,
  Sin,
  Cos,
  Tan,
  Asin,
  Acos,
  Atan,
  Tanh,
  Abs,
  Sign,
  // functions of two arguments
  Atan2,
  Min,
  Max,
  // conditions: the value is 1 when true, 0 when false
  Less,
  LessEqual,
  Greater,
  GreaterEqual,
  And,
  Or,
  IfElse,  ///< if_else(condition, then, else)
  Table,   ///< 1D table interpolation, or its derivative of some order, at its single argument
};

namespace detail {
struct Node;
class Store;
/// Drops the last reference of a node (removes it from the store that made it).
void release_last(Node* n) noexcept;
}

/// A handle to an immutable expression node. Cheap to copy (a reference count).
class Expr {
 public:
  /// The constant 0.
  Expr();
  /// A constant. Implicit, so that numbers mix with expressions (`2*x + 1`).
  Expr(double value);  // NOLINT(google-explicit-constructor)
  Expr(int value);     // NOLINT(google-explicit-constructor)
  /// A constant that may be traced (coef.hpp): a number computed from tunable parameters.
  explicit Expr(Coef value);

  // Handles are reference counts on the node (inline: they are the hottest code of model building).
  Expr(const Expr& other) noexcept;
  Expr(Expr&& other) noexcept;
  Expr& operator=(const Expr& other) noexcept;
  Expr& operator=(Expr&& other) noexcept;
  ~Expr();

  /// An unknown of the model, e.g. `inertia1.phi`.
  static Expr variable(std::string_view name);
  /// The variables named by the pieces of `names` (piece k ends at ends[k], the next starts there),
  /// appended to `out`. Looked up together: in a large model each new name misses the cache, and a
  /// batch overlaps the misses.
  static void variables(std::string_view names, std::span<const std::size_t> ends, std::vector<Expr>& out);
  /// A named parameter, e.g. `spring1.c`.
  static Expr parameter(std::string_view name);
  /// The independent variable t.
  static Expr time();

  Op op() const;
  bool is_constant() const { return op() == Op::Constant; }
  /// True for Constant, Variable, Derivative, Parameter and Time.
  bool is_leaf() const;
  /// The value of a Constant node, for code that decides something from it: a traced constant is
  /// guarded to keep this value in every run (coef.hpp). @throws std::logic_error for any other node.
  double constant_value() const;
  /// The number of a Constant node with its trace: for arithmetic that carries it on, unguarded.
  /// @throws std::logic_error for any other node.
  Coef coef() const;
  /// Whether this is the literal (untraced) constant `v`.
  bool is_literal(double v) const { return op() == Op::Constant && order() == 0 && constant_value() == v; }
  /// The name of a Variable or Parameter node, or of the variable of a Derivative node.
  /// @throws std::logic_error for any other node.
  const std::string& name() const;
  /// The order of a Derivative node, or the derivative order of a Table node (0 = the table itself,
  /// −1 = its antiderivative).
  int order() const;
  /// The table of a Table node. @throws std::logic_error for any other node.
  const std::shared_ptr<const Table1D>& table() const;
  /// Arguments of an operation; empty for Constant, Variable, Parameter, Time; the variable for Derivative.
  std::span<const Expr> args() const;

  /// A number unique in the node's store, increasing in creation order while the node lives.
  std::uint64_t id() const;
  /// Structural hash (consistent with ==).
  std::size_t hash() const;

  /// Structural identity (hash-consing makes it a pointer comparison).
  friend bool operator==(const Expr& a, const Expr& b) { return a.node_ == b.node_; }

  /// Internal: wraps a node, taking one reference.
  explicit Expr(detail::Node* adopted) noexcept : node_(adopted) {}
  detail::Node* node() const { return node_; }

 private:
  detail::Node* node_;
};

namespace detail {

/// What only a few nodes carry: the name of a Variable or Parameter, the table of a Table node.
struct NodeExtra {
  std::string name;
  std::shared_ptr<const Table1D> table;
};

/// True for the operations whose nodes carry a NodeExtra: Variable, Parameter, Table.
inline bool has_extra(Op op) { return op == Op::Variable || op == Op::Parameter || op == Op::Table; }

/// Internal: an expression node. Only core/expr*.cpp create nodes; the definition is here so that
/// the handle's accessors and reference counting can be inline. A node and its arguments are one
/// block from the store's pool: the `arg_count` argument handles follow the node in memory.
/// 48 bytes: a large model holds millions.
struct Node {
  std::uint32_t refcount = 0;
  Op op = Op::Constant;
  std::uint32_t arg_count = 0;
  int order = 0;  // Derivative order, Table derivative order, a Constant's trace step (coef.hpp)
  std::uint64_t id = 0;
  std::size_t hash = 0;
  union {
    double value = 0.0;  // Constant
    NodeExtra* extra;    // Variable, Parameter, Table (has_extra); owned by the node
  };
  Store* store = nullptr;  // the store that made the node, to which it returns

  const Expr* arg_data() const { return reinterpret_cast<const Expr*>(this + 1); }
  std::span<const Expr> args() const { return {arg_data(), arg_count}; }
};
static_assert(sizeof(Node) % alignof(Expr) == 0, "the arguments follow the node");
static_assert(sizeof(Node) == 48 || sizeof(void*) != 8, "a node stays 48 bytes on 64-bit targets");

}  // namespace detail

inline Expr::Expr(const Expr& other) noexcept : node_(other.node_) { ++node_->refcount; }
inline Expr::Expr(Expr&& other) noexcept : Expr(other) {}  // a moved-from Expr stays a valid handle
inline Expr& Expr::operator=(const Expr& other) noexcept {
  ++other.node_->refcount;
  if (--node_->refcount == 0) detail::release_last(node_);
  node_ = other.node_;
  return *this;
}
inline Expr& Expr::operator=(Expr&& other) noexcept { return *this = static_cast<const Expr&>(other); }
inline Expr::~Expr() {
  if (--node_->refcount == 0) detail::release_last(node_);
}
inline Op Expr::op() const { return node_->op; }
inline int Expr::order() const { return node_->order; }
inline std::span<const Expr> Expr::args() const { return node_->args(); }
inline std::uint64_t Expr::id() const { return node_->id; }
inline std::size_t Expr::hash() const { return node_->hash; }

/// Hash functor for unordered containers keyed by Expr.
struct ExprHash {
  std::size_t operator()(const Expr& e) const { return e.hash(); }
};

/// der(x) of a Variable x, or of a Derivative (raising its order). @throws std::invalid_argument otherwise.
Expr der(const Expr& x);

// Arithmetic.
Expr operator+(const Expr& a, const Expr& b);
Expr operator-(const Expr& a, const Expr& b);
Expr operator*(const Expr& a, const Expr& b);
Expr operator/(const Expr& a, const Expr& b);
Expr operator-(const Expr& a);
inline Expr operator+(const Expr& a) { return a; }
Expr& operator+=(Expr& a, const Expr& b);
Expr& operator-=(Expr& a, const Expr& b);
Expr& operator*=(Expr& a, const Expr& b);
Expr& operator/=(Expr& a, const Expr& b);

/// Σ terms, simplified in one pass (cheaper than adding one term at a time).
Expr sum(std::span<const Expr> terms);
/// Σ coefficient·term + constant, simplified like sum() without building the products first.
Expr linear_combination(std::span<const std::pair<Coef, Expr>> terms, Coef constant = 0.0);
/// Π factors, simplified in one pass.
Expr product(std::span<const Expr> factors);

/// Integer power (x^n); `pow(x, 2)` is the same node as `x*x`.
Expr pow(const Expr& base, int exponent);
/// Real power with a constant exponent.
Expr pow(const Expr& base, double exponent);
/// Real power base^exponent (the exponent may be an expression).
Expr pow(const Expr& base, const Expr& exponent);

Expr sqrt(const Expr& x);
Expr exp(const Expr& x);
Expr log(const Expr& x);
Expr sin(const Expr& x);
Expr cos(const Expr& x);
Expr tan(const Expr& x);
Expr asin(const Expr& x);
Expr acos(const Expr& x);
Expr atan(const Expr& x);
Expr atan2(const Expr& y, const Expr& x);
Expr tanh(const Expr& x);
Expr abs(const Expr& x);
/// sign(x): −1, 0 or 1.
Expr sign(const Expr& x);
/// min(a, b): a when a < b, else b.
Expr min(const Expr& a, const Expr& b);
/// max(a, b): a when a > b, else b.
Expr max(const Expr& a, const Expr& b);

// Relational conditions (value 1 or 0). Note: == and != are structural identity, not conditions.
Expr operator<(const Expr& a, const Expr& b);
Expr operator<=(const Expr& a, const Expr& b);
Expr operator>(const Expr& a, const Expr& b);
Expr operator>=(const Expr& a, const Expr& b);
Expr logical_and(const Expr& a, const Expr& b);
Expr logical_or(const Expr& a, const Expr& b);
/// The negation of a condition (a relation turned round, De Morgan for logical combinations).
Expr logical_not(const Expr& a);
/// a = b as a condition (for the integer values of modes: `equals(pre(mode), kStuck)`).
Expr equals(const Expr& a, const Expr& b);
/// `then_value` where `condition` holds, else `else_value`. @throws std::invalid_argument unless
/// `condition` is a relational condition, a logical combination of them, a constant, or a Boolean
/// discrete variable (ComponentBuilder::boolean).
Expr if_else(const Expr& condition, const Expr& then_value, const Expr& else_value);

/// Interpolation of `table` at `x`.
Expr interpolate(std::shared_ptr<const Table1D> table, const Expr& x);
/// The exact antiderivative ∫₀ˣ of `table`'s interpolant at `x` (a table node of order −1; its
/// derivative is the table itself). The stored energy of a spring given by a table.
Expr table_integral(std::shared_ptr<const Table1D> table, const Expr& x);

/// True for the relational and logical condition operations.
bool is_condition(Op op);

/// Readable infix form, e.g. `der(inertia1.phi) - inertia1.w`.
std::string to_string(const Expr& e);
std::ostream& operator<<(std::ostream& os, const Expr& e);

}  // namespace acausal
