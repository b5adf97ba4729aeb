#include "cli/shared_parts.hpp"

#include <functional>
#include <optional>
#include <unordered_map>

#include "core/expr/expr_walk.hpp"

namespace acausal::cli {
namespace {

/// A part worth a name: of at least this many nodes, counted as a tree.
constexpr double kSmallestShared = 6.0;

/// The smallest part of `e` that occurs twice or more (as a tree) and has kSmallestShared nodes or
/// more, or none.
std::optional<Expr> smallest_repeated(const Expr& e) {
  // Nodes in an order where each comes after every node it is an argument of (reverse post-order).
  std::vector<Expr> order;
  std::unordered_map<Expr, double, ExprHash> size;
  std::function<void(const Expr&)> visit = [&](const Expr& x) {
    if (size.contains(x)) return;
    double s = 1.0;
    const bool derivative = x.op() == Op::Derivative;  // its argument is part of the leaf
    if (!derivative)
      for (const Expr& a : x.args()) {
        visit(a);
        s += size.at(a);
      }
    size.emplace(x, s);
    order.push_back(x);
  };
  visit(e);
  std::unordered_map<Expr, double, ExprHash> occurrences{{e, 1.0}};
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const double n = occurrences[*it];
    if (it->op() != Op::Derivative)
      for (const Expr& a : it->args()) occurrences[a] += n;
  }
  std::optional<Expr> best;
  for (const Expr& x : order)
    if (occurrences[x] >= 2.0 && size.at(x) >= kSmallestShared && (!best || size.at(x) < size.at(*best))) best = x;
  return best;
}

}  // namespace

std::string with_shared_parts(const Expr& e, std::vector<std::pair<std::string, std::string>>& where) {
  Expr current = e;
  while (const std::optional<Expr> part = smallest_repeated(current)) {
    const std::string name = "_" + std::to_string(where.size() + 1);
    where.emplace_back(name, to_string(*part));
    current = substitute(current, {{*part, Expr::parameter(name)}});
  }
  return to_string(current);
}

}  // namespace acausal::cli
