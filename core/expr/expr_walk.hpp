#pragma once
/// @file
/// Whole-expression algorithms: evaluation, substitution, leaves, and switching conditions.

#include <functional>
#include <unordered_map>
#include <vector>

#include "core/expr/expr.hpp"

namespace acausal {

/// Value of a leaf (Variable, Derivative, Parameter or Time) during tree evaluation.
using LeafValues = std::function<double(const Expr& leaf)>;

/// Evaluates `e` by walking the DAG (each shared node once). The reference for the compiled tape.
double evaluate(const Expr& e, const LeafValues& leaf_value);

/// The same operation as `e` applied to new arguments, simplified as at construction.
Expr rebuild(const Expr& e, std::span<const Expr> args);

/// Replaces every occurrence of a key (any node, usually a leaf) by its value, then re-simplifies.
/// A derivative der(x) without a key of its own, whose x is replaced by an expression, becomes the
/// time derivative of that expression.
Expr substitute(const Expr& e, const std::unordered_map<Expr, Expr, ExprHash>& replacements);
/// The same with replacements computed on demand: `replacement(node)` is the node's replacement, or
/// nullptr to keep it (the pointer must stay valid during the call).
Expr substitute(const Expr& e, const std::function<const Expr*(const Expr& node)>& replacement);

/// `e` with variables renamed: `renamed(v)` is the new variable for the Variable `v`, or nullptr to
/// keep it. The structure stays exactly as it is, without simplification (renaming one variable to
/// another enables none), so a copy costs one node lookup per node.
Expr rename_variables(const Expr& e, const std::function<const Expr*(const Expr& variable)>& renamed);

/// True for a constant, a leaf, c·leaf, or a sum of these: the usual residual after analysis. Its
/// leaves are its terms' (each leaf in one term of a canonical sum), and it has no conditions.
bool is_linear_combination(const Expr& e);

/// The distinct Variable, Derivative, Parameter and Time leaves of `e`, in first-visit order.
std::vector<Expr> leaves(const Expr& e);

/// A place where an expression switches branch. The branch changes where `indicator` crosses zero:
/// a relation a < b (a − b), sign(x) and abs(x) (x), min/max(a, b) (a − b), and every breakpoint
/// x_i of a table at x where its slope jumps (x − x_i; Table1D::kinks).
struct Condition {
  Expr source;     ///< the relation, sign, abs, min, max or table node
  Expr indicator;  ///< continuous function whose zero crossing switches the branch
};

/// The indicators of one switching node (a relation, sign, abs, min, max or table); empty for any
/// other node. Shared by conditions() and the tape, so both see the same indicators.
std::vector<Expr> switch_indicators(const Expr& node);

/// The switching conditions in `e`, each distinct indicator once, in first-visit order.
std::vector<Condition> conditions(const Expr& e);

}  // namespace acausal
