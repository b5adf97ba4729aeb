#pragma once
/// @file
/// Structural analysis: alias elimination, then a check that every unknown is fixed by exactly one
/// equation (maximum matching, Dulmage–Mendelsohn diagnostics in the netlist's terms), then index
/// reduction where the system needs it (Pantelides and dummy derivatives, index_reduction.hpp), and
/// the elimination of explicitly solved unknowns: the index-1 system IDA solves.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/analysis/alias.hpp"
#include "core/analysis/index_lists.hpp"
#include "core/analysis/index_reduction.hpp"
#include "core/expr/expr_map.hpp"
#include "core/expr/linear_row.hpp"
#include "core/expr/row_store.hpp"
#include "core/model/model.hpp"

namespace acausal {

/// Unknowns substituted away after alias elimination (explicitly solved), each defined in the
/// unknowns that stay by a linear row; a definition becomes an expression on first use (outputs and
/// energy terms ask for a few of them, a large model has hundreds of thousands).
class SolvedUnknowns {
 public:
  SolvedUnknowns() = default;
  /// `model`: whose variables the unknowns are (it must outlive the lookups); the unknown of each
  /// column the definitions' slots refer to: `column_symbols` when given, else the symbol of the
  /// model variable `column_variables` gives (made when a definition is asked for).
  SolvedUnknowns(const Model& model, std::vector<Expr> column_symbols, std::vector<std::size_t> column_variables)
      : model_(&model), column_symbols_(std::move(column_symbols)), column_variables_(std::move(column_variables)) {}

  /// variable[k]: the model variable definitions[k] defines, or kSymbolOnly for an unknown that
  /// is no model variable (a derivative index reduction made an unknown), whose symbol `symbols`
  /// gives as (k, symbol). Replaces what was set before.
  static constexpr std::size_t kSymbolOnly = static_cast<std::size_t>(-1);
  void set(const std::vector<std::size_t>& variable, const std::vector<std::pair<std::size_t, Expr>>& symbols,
           RowStore definitions);
  /// The definition of `variable` (a symbol), or nullptr when it was not solved.
  const Expr* find(const Expr& variable) const;
  bool empty() const { return definitions_.empty(); }
  /// The expression of a slot (an unknown or its derivative).
  Expr leaf(Slot s) const;

 private:
  static constexpr std::uint32_t kNone = static_cast<std::uint32_t>(-1);

  Expr symbol(std::uint32_t column) const;

  const Model* model_ = nullptr;
  std::vector<Expr> column_symbols_;
  std::vector<std::size_t> column_variables_;
  mutable std::unordered_map<std::uint32_t, Expr> first_derivatives_;  ///< der(unknown) by column, made on first use
  std::vector<std::uint32_t> by_variable_;  ///< per model variable: its definition, or kNone
  ExprMap<std::size_t> by_symbol_;          ///< the definitions of unknowns that are no model variable
  RowStore definitions_;  ///< a large model keeps hundreds of thousands
  mutable std::unordered_map<std::size_t, Expr> built_;  ///< the definitions asked for, as expressions
};

/// The DAE IDA integrates: F(t, y, y') = 0 with y the unknowns.
struct ReducedDae {
  std::vector<std::size_t> unknown_variable;  ///< model variable of unknown k
  /// Derivative order of unknown k relative to its model variable: 0 for the variable itself,
  /// k ≥ 1 for an unknown `der(x)` that index reduction introduced.
  std::vector<int> unknown_order;
  /// Every unknown's symbol when index reduction (or a test) wrote them all; otherwise empty, and
  /// unknown(k) makes each from its model variable when asked (a large model's outputs and messages
  /// read a few of hundreds of thousands).
  std::vector<Expr> unknowns;
  const Model* analyzed = nullptr;  ///< the model analyzed, whose variables the unknowns are
  std::size_t size() const { return unknown_variable.size(); }
  /// Unknown k's symbol. Without `unknowns`, the model must still exist.
  Expr unknown(std::size_t k) const;
  /// The unknown whose symbol is `symbol`, or nullopt. Without `unknowns`, the model must still exist.
  std::optional<std::size_t> column_of(const Expr& symbol) const;
  std::vector<bool> differential;             ///< der(unknown) occurs (IDA id = 1)
  /// Residual i = Σ coefficient·slot + constant + rest: its slots over the unknowns (column k is
  /// unknowns[k], order 1 its derivative), rest in their symbols. Most residuals of a mechanical
  /// model are linear: the program compiles these numbers, and a residual is written out as an
  /// expression only where something reads it so (printing, messages, the few explicit derivatives
  /// outputs ask for).
  RowStore rows;
  std::size_t residual_count() const { return rows.size(); }
  /// Residual i as an expression.
  Expr residual(std::size_t i) const;
  /// Every residual as an expression (printing, tests: a large model writes hundreds of thousands).
  std::vector<Expr> residual_expressions() const;
  std::vector<std::size_t> residual_equation;  ///< model equation of residual i (kNoEquation: see below)
  /// How often residual i's model equation was differentiated by index reduction.
  std::vector<int> residual_differentiations;
  /// residual_equation of a relation der(der^(k−1)(x)) = der^k(x) between two orders of a variable
  /// that are both states (index reduction adds it; no model equation stands behind it).
  static constexpr std::size_t kNoEquation = static_cast<std::size_t>(-1);
  /// Explicitly solved unknowns substituted into residual i (indices into solved_equation).
  IndexLists residual_definitions;
  /// Where the k-th explicitly solved unknown came from: the model equation it was solved from
  /// (solved_equation[k]), and the solved unknowns that had been substituted into that equation or
  /// into its definition later (solved_definitions[k]).
  std::vector<std::size_t> solved_equation;
  IndexLists solved_definitions;
  /// Model equations whose solved variables went into a residual (`direct`: its entry of
  /// residual_definitions), directly or through other solved variables, sorted (for diagnostics).
  static std::vector<std::size_t> substituted_equations(std::span<const std::uint32_t> direct,
                                                        const std::vector<std::size_t>& solved_equation,
                                                        const IndexLists& solved_definitions);
  std::vector<Target> targets;                 ///< per unknown
  /// Per unknown: the smallest nominal (given in the netlist, else declared by a component) that
  /// reaches it from its alias class or from a quantity it equals up to a factor and an offset, else
  /// one its integral's nominal below 1 gives it per second (see docs/netlist-format.md, "Nominals");
  /// none: the default magnitude applies.
  std::vector<std::optional<double>> nominal;
  AliasElimination aliases;
  /// Unknowns substituted away after alias elimination: their definitions in the remaining unknowns.
  SolvedUnknowns solved;
  /// After index reduction: der^k(x) of a model variable, and der(u) of an unknown u that is not a
  /// state, in terms of the unknowns (states' derivatives and dummy derivatives).
  std::unordered_map<Expr, Expr, ExprHash> derivatives;
  IndexReduction reduction;
  /// column_of()'s map when `unknowns` are written (made on first use, again if they grew).
  mutable std::shared_ptr<const ExprMap<std::size_t>> written_columns;

  /// Any model expression (energy terms, outputs) in terms of the unknowns. Looks variables up
  /// through the model (aliases, solved): valid while the model it was analyzed from lives.
  Expr in_unknowns(const Expr& e) const;
  /// An expression in representatives and their derivatives, in the unknowns.
  Expr in_reduced_unknowns(Expr e) const;
  /// d/dt of an expression in the unknowns, with derivatives of non-states replaced.
  Expr rate(const Expr& e_in_unknowns) const;
  /// `inertia1.phi`, or `der(inertia1.phi)` for a dummy derivative.
  std::string name(const Model& model, std::size_t k) const;
};

/// @throws ModelError for an over- or under-determined model (naming the equations, variables and
///         instances involved, with JSON pointers), and for constraints that index reduction
///         cannot solve for any variable (naming the constraint equations).
ReducedDae analyze(const Model& model);

}  // namespace acausal
