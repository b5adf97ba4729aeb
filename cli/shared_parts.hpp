#pragma once
/// @file
/// Printing an expression with its repeated parts named once: a 3D law that reads |r| in three
/// places prints `sqrt(_1)` and, below it, `where _1 = r_rel[1]^2 + r_rel[2]^2 + r_rel[3]^2`.

#include <string>
#include <utility>
#include <vector>

#include "core/expr/expr.hpp"

namespace acausal::cli {

/// `e` as text, with every part of at least six nodes that occurs twice or more replaced by a name
/// `_1`, `_2`, … (smaller parts first, so that larger ones read in their names); `where` receives
/// each name and its text, in order.
std::string with_shared_parts(const Expr& e, std::vector<std::pair<std::string, std::string>>& where);

}  // namespace acausal::cli
