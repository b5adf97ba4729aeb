#pragma once
/// @file
/// Structural analysis: alias elimination, then a check that every unknown is fixed by exactly one
/// equation (maximum matching, Dulmage–Mendelsohn diagnostics in the netlist's terms), then a check
/// that the system is index ≤ 1 (a matching on the highest derivatives), which is what IDA solves.

#include <string>
#include <vector>

#include "core/alias.hpp"
#include "core/model.hpp"

namespace acausal {

/// The DAE IDA integrates: F(t, y, y') = 0 with y the unknowns.
struct ReducedDae {
  std::vector<std::size_t> unknown_variable;  ///< model variable of unknown k
  std::vector<Expr> unknowns;                 ///< its symbol
  std::vector<bool> differential;             ///< der(unknown) occurs (IDA id = 1)
  std::vector<Expr> residuals;
  std::vector<std::size_t> residual_equation;  ///< model equation of residual i
  /// Model equations whose solved variable was substituted into residual i (for diagnostics).
  std::vector<std::vector<std::size_t>> substituted_equations;
  std::vector<Target> targets;                 ///< per unknown
  AliasElimination aliases;
  /// Unknowns substituted away after alias elimination: their definitions in the remaining unknowns.
  std::unordered_map<Expr, Expr, ExprHash> solved;

  /// Any model expression (energy terms, outputs) in terms of the unknowns.
  Expr in_unknowns(const Expr& e) const;
};

/// @throws ModelError for an over- or under-determined model (naming the equations, variables and
///         instances involved, with JSON pointers), and for a model that needs index reduction
///         (naming the constraint equations).
ReducedDae analyze(const Model& model);

}  // namespace acausal
