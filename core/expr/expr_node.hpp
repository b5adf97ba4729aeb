#pragma once
/// @file
/// Internal: building nodes, and a map keyed by node. Only core/expr*.cpp include this.

#include <cstdint>
#include <memory>
#include <optional>
#include <unordered_map>
#include <string>

#include <boost/container/small_vector.hpp>

#include "core/expr/expr.hpp"

namespace acausal::detail {

/// The structural content of a node, used to look one up before creating it.
struct NodeKey {
  Op op = Op::Constant;
  int order = 0;
  double value = 0.0;
  std::string_view name;
  const Table1D* table = nullptr;
  std::span<const Expr> args;
};

/// Returns the unique node with this content in this thread's current store, creating it (with a
/// copy of `table`) when absent. @throws std::logic_error when an argument is of another store.
Expr intern(const NodeKey& key, const std::shared_ptr<const Table1D>& table = nullptr);

/// The node with `e`'s operation, order, value, name and table over new arguments, no simplification.
Expr with_arguments(const Expr& e, std::span<const Expr> args);

/// Shorthand for an operation node with the given arguments, no simplification.
Expr make_node(Op op, std::span<const Expr> args);

/// A map keyed by node that stays a flat array while small (most equations have a few dozen nodes,
/// and a hash table would cost more to build than to search) and becomes a hash map as it grows.
/// The flat array is inline: a walk over a small expression allocates nothing.
/// Keys are node addresses; the caller keeps the nodes alive.
template <typename V>
class NodeMap {
 public:
  V* find(const Expr& e) {
    const Node* k = e.node();
    if (!big_) {
      for (auto& [key, value] : small_)
        if (key == k) return &value;
      return nullptr;
    }
    auto it = big_->find(k);
    return it == big_->end() ? nullptr : &it->second;
  }
  void insert(const Expr& e, V value) {
    if (!big_ && small_.size() < kSmall) {
      small_.emplace_back(e.node(), std::move(value));
      return;
    }
    if (!big_) {
      big_.emplace(small_.begin(), small_.end());
      small_.clear();
    }
    big_->emplace(e.node(), std::move(value));
  }

 private:
  static constexpr std::size_t kSmall = 32;
  boost::container::small_vector<std::pair<const Node*, V>, kSmall> small_;  // no heap while small
  std::optional<std::unordered_map<const Node*, V>> big_;
};

/// The table (order 0) or its derivative of the given order, at x; folds a constant x.
Expr table_node(std::shared_ptr<const Table1D> table, int order, const Expr& x);

}  // namespace acausal::detail
