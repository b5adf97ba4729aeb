#pragma once
/// @file
/// Internal: the expression node and the hash-consing store. Only core/expr*.cpp include this.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "expr.hpp"

namespace acausal::detail {

struct Node {
  std::uint32_t refcount = 0;
  Op op = Op::Constant;
  int order = 0;  // Derivative order, Table derivative order
  std::uint64_t id = 0;
  std::size_t hash = 0;
  double value = 0.0;    // Constant
  std::string name;      // Variable, Parameter
  std::shared_ptr<const Table1D> table;
  std::vector<Expr> args;
};

/// The structural content of a node, used to look one up before creating it.
struct NodeKey {
  Op op = Op::Constant;
  int order = 0;
  double value = 0.0;
  std::string_view name;
  const Table1D* table = nullptr;
  std::span<const Expr> args;
};

/// Returns the unique node with this content, creating it (with a copy of `table`) when absent.
Expr intern(const NodeKey& key, const std::shared_ptr<const Table1D>& table = nullptr);

/// Shorthand for an operation node with the given arguments, no simplification.
Expr make_node(Op op, std::span<const Expr> args);

/// The table (order 0) or its derivative of the given order, at x; folds a constant x.
Expr table_node(std::shared_ptr<const Table1D> table, int order, const Expr& x);

}  // namespace acausal::detail
