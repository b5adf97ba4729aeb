#pragma once
/// @file
/// The instantiated model: every component's definition, flattened into one set of variables and
/// equations, with the connection equations of the netlist added.

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/expr/linear_row.hpp"
#include "core/model/component.hpp"
#include "core/model/equation_labels.hpp"
#include "core/model/name_index.hpp"
#include "core/model/netlist.hpp"
#include "core/model/registry.hpp"

namespace acausal {

/// An instance of the flat model. Instances of one type with equal parameters share their
/// definition (core/model/instance_factory.hpp): a copy's is the type's first instance's, in that
/// instance's variables; Model::in_instance reads its expressions in the copy's own.
struct ModelInstance {
  std::shared_ptr<const Definition> definition;
  const EquationSource* source = nullptr;  ///< its name and pointer (those of its equations)
  std::uint32_t first_variable = 0;  ///< Model::variables of definition->variables, in order, from here
  bool copy = false;                 ///< `definition` is an earlier instance's

  const std::string& name() const { return source->origin; }      ///< `spring1`, `g1.stage.shaft`
  std::string pointer() const { return source->pointer(); }  ///< `/components/spring1`
  const std::string& type() const { return definition->type; }
};

/// A variable of the flat model: what its instance declared (Model::declared) is not copied here,
/// nor its symbol (Model::symbol).
/// 8 bytes: a large model has millions.
struct ModelVariable {
  static constexpr std::size_t kMaxLocals = 65536;  ///< variables of one component
  std::uint32_t instance = 0;  ///< index into Model::instances
  std::uint16_t local = 0;     ///< index into that instance's definition's variables
  /// Set by the netlist's "initial" (Model::targets has the value and where it is written).
  TargetPriority target = TargetPriority::None;
};

/// An initial value the netlist gives a variable.
struct InitialTarget {
  static constexpr std::uint32_t kAtEntry = EquationLabels::kAtEntry;  ///< see written
  double value = 0.0;  ///< SI
  std::uint32_t variable = 0;
  /// Where the netlist sets it (Model::target_pointer): kAtEntry, at the variable's entry of its
  /// instance's "initial" (`/components/mass/initial/s`); else the pointer Model::labels keeps
  /// (EquationLabels::add_target_pointer).
  std::uint32_t written = kAtEntry;
};

/// A stored equation of the flat model, 0 = Σ coefficient·der^order(variable) + constant + rest: its
/// linear part split once when the model is built, so that alias elimination and the analysis read
/// numbers. Who wrote it and what it says are in Model::labels.
struct ModelEquation {
  std::uint32_t first_term = 0;  ///< the linear part: terms[first_term, first_term + term_count) of its store
  std::uint32_t term_count = 0;
  Coef constant = 0.0;
  Expr rest = 0.0;  ///< the terms not linear in the variables (in their symbols)
};

/// Equation e of a model as the analysis reads it (Model::equation): its linear part, constant and
/// remainder. A copied instance's equations are its type's, whose terms name the type's first
/// instance's variables by their position there: `offset` (the copy's first variable) moves them.
struct EquationView {
  std::span<const LinearRow::Term> written;  ///< columns before `offset`
  std::uint32_t offset = 0;
  Coef constant = 0.0;
  const Expr* rest = nullptr;  ///< in the model's symbols

  std::size_t size() const { return written.size(); }
  bool empty() const { return written.empty(); }
  /// Term k, its column a model variable.
  LinearRow::Term operator[](std::size_t k) const {
    LinearRow::Term t = written[k];
    t.set_column(t.slot().column + offset);
    return t;
  }
  class iterator {
   public:
    iterator(const EquationView* v, std::size_t k) : v_(v), k_(k) {}
    LinearRow::Term operator*() const { return (*v_)[k_]; }
    iterator& operator++() { ++k_; return *this; }
    bool operator==(const iterator& o) const { return k_ == o.k_; }
   private:
    const EquationView* v_;
    std::size_t k_;
  };
  iterator begin() const { return {this, 0}; }
  iterator end() const { return {this, size()}; }
};

/// An external input of the model (the netlist's `inputs`): a leaf that the structural analysis
/// treats as a parameter (constant in time, never an unknown, never differentiated) and that the
/// compiled program reads from the run (InputKind::U). Each fed port p gets the equation
/// p − factor·symbol = 0.
struct ModelInput {
  std::string name;
  std::string unit;   ///< what its values are given in
  double factor = 1.0;  ///< SI per unit of its values
  std::string description;
  Expr symbol;          ///< the Parameter leaf `name`
  std::string pointer;  ///< `/inputs/<name>`
  std::vector<std::string> feeds;  ///< the ports it drives, "instance.port"
};

struct Model {
  std::string name;
  std::string source;
  std::vector<ModelInstance> instances;  ///< in netlist order
  std::vector<ModelVariable> variables;
  /// The equations, in order: per equation, its index into stored_equations, or kCopied for a copied
  /// instance's (its label says which of the type's it is). Read them with equation(e).
  std::vector<std::uint32_t> equation_slots;
  static constexpr std::uint32_t kCopied = static_cast<std::uint32_t>(-1);
  std::vector<ModelEquation> stored_equations;  ///< all but the copies'
  std::vector<LinearRow::Term> terms;           ///< the stored equations' linear parts, one after the other
  /// The equations of a type that has copies, split over its first instance's variables (positions
  /// among them), keyed by that instance's definition: what a copy's equations are.
  struct TypeEquations {
    std::vector<ModelEquation> equations;
    std::vector<LinearRow::Term> terms;
  };
  std::unordered_map<const Definition*, TypeEquations> type_equations;
  /// A copy's equations' remainders that are not constant, in its own symbols, by equation.
  std::unordered_map<std::size_t, Expr> copied_rests;
  /// The residuals of the equations the model wrote (EquationLabels::kWritten), by their label's local.
  std::vector<Expr> written;
  /// Who wrote each equation and what it says; shared with the compiled program for its messages.
  std::shared_ptr<EquationLabels> labels = std::make_shared<EquationLabels>();
  /// The initial values the netlist gives, by variable in ascending order (ModelVariable::target says
  /// how strongly): Model::target(v).
  std::vector<InitialTarget> targets;
  /// By variable, the nominals the netlist gives (they replace the declared ones).
  std::unordered_map<std::size_t, double> nominals;
  /// A connection that closes a kinematic loop (the orientation graph cut it): the equations that
  /// close it at the cut port, in the order of LoopClosure's rows.
  struct LoopCut {
    std::string port;               ///< "instance.port"
    std::vector<std::size_t> rows;  ///< equations; a released row's is its replacement
  };
  std::vector<LoopCut> loop_cuts;
  /// The closure rows the assembly found implied by the rest of their loop and replaced
  /// (core/model/redundant_closures.hpp), as `check` lists them.
  std::vector<std::string> released_closures;
  /// Conditions of the model's own beside its components' assertions (Definition::assertions),
  /// in the model's symbols: each released closure row stays within kReleasedDrift of holding.
  std::vector<Definition::Assertion> assertions;
  /// How far a released closure row may come from holding before the run stops: this fraction of
  /// the loops' size (RedundantClosures::size) for the origins' agreement, in radians for the
  /// orientations'. Far above the integration error (the rows a loop's joints imply hold to
  /// rounding), far below a loop visibly open.
  static constexpr double kReleasedDrift = 1e-3;
  /// By variable, the state selections the netlist gives (they replace the declared ones).
  std::unordered_map<std::size_t, StatePriority> state_selects;
  std::vector<std::string> unconnected_ports;  ///< conserving ports left open (their flow is zero)
  std::vector<ModelInput> inputs;  ///< the external inputs, in the netlist's order (by name)
  /// The input whose symbol is `leaf`, or nullptr.
  const ModelInput* input_of(const Expr& leaf) const;
  Experiment experiment;
  std::vector<std::string> outputs;  ///< validated variable names; all variables when the netlist gives none
  std::vector<std::size_t> output_variables;  ///< the variable of each output that is a variable
  /// The outputs that are discrete variables (Definition::discretes): where among the outputs, and
  /// which of which instance.
  struct OutputDiscrete {
    std::size_t position = 0;
    std::uint32_t instance = 0, local = 0;
  };
  std::vector<OutputDiscrete> output_discretes;

 private:
  /// find_variable's index of the instances by name, made on first use (keys: the names in
  /// labels, which stay in place).
  mutable NameIndex instance_by_name_;

 public:

  /// Index of the variable with this name, or npos.
  std::size_t find_variable(std::string_view name) const;
  /// The variable that `symbol` (a Variable leaf) is, or npos.
  std::size_t variable_of(const Expr& symbol) const {
    return symbol.op() == Op::Variable ? find_variable(symbol.name()) : std::string::npos;
  }
  /// Variable v's symbol, Expr::variable(variable_name(v)). A copied instance's variables have no symbol
  /// until one is asked for (most of a large model's never are); symbols are interned by name, so
  /// every call gives the same node while one is held.
  Expr symbol(std::size_t v) const;
  /// symbol(v) of each of `variables`, appended to `out`, made as one batch (a large model's).
  void symbols(std::span<const std::size_t> variables, std::vector<Expr>& out) const;
  /// `inertia1.w`, `spring1.R.tau`: `<instance>.<local name>`.
  std::string variable_name(std::size_t v) const;
  /// What variable v's instance declared: its unit, description, options, whether it is a port's.
  const Definition::Variable& declared(std::size_t v) const {
    return instances[variables[v].instance].definition->variables[variables[v].local];
  }
  /// How strongly variable v should be a state: the netlist's "state_select", else its declaration's.
  StatePriority state_priority(std::size_t v) const {
    if (!state_selects.empty())
      if (const auto it = state_selects.find(v); it != state_selects.end()) return it->second;
    return declared(v).options.priority;
  }
  /// An expression of instance i's definition (its energy terms, a port's quantities, ...) in
  /// instance i's variables.
  Expr in_instance(std::size_t i, const Expr& e) const;
  /// The same for several expressions (a copy's symbols are made once for all of them).
  std::vector<Expr> in_instance(std::size_t i, std::span<const Expr> es) const;
  /// Instance i's definition in its own variables (a copy's is built).
  Definition definition(std::size_t i) const;
  /// The initial value the netlist gives variable v. @throws std::out_of_range when it gives none.
  const InitialTarget& target(std::size_t v) const;
  /// Where the netlist sets it: `/components/mass/initial/s`.
  std::string target_pointer(const InitialTarget& t) const;
  /// Equation e's residual as an expression (as written; a copy's is made from its type's).
  Expr residual(std::size_t e) const;
  /// Equation e's description: "Hooke's law", "sum of f at sd1.R, mass1.flange is zero", ...
  std::string description(std::size_t e) const { return labels->description(e); }
  /// The instance that wrote equation e, or "connection".
  const std::string& origin(std::size_t e) const { return labels->origin(e); }
  /// Where the netlist writes equation e: `/components/mass1`, `/connections/3`.
  std::string pointer(std::size_t e) const { return labels->pointer(e); }
  std::size_t equation_count() const { return equation_slots.size(); }
  /// Equation e's linear part, constant and remainder.
  EquationView equation(std::size_t e) const;
};

/// Instantiates every component (parameters, ports, variables, equations, initial targets), then
/// assembles the connection sets: across variables equal, through variables summing to zero,
/// open conserving ports with zero flow, one output per signal node.
/// @throws ModelError for unknown types, parameters, ports, variables and outputs, domain
///         mismatches, signal nodes without or with two outputs, unconnected signal inputs, inputs
///         that feed a port that is not an unconnected signal input of their dimension.
Model build_model(const Netlist& netlist, const Registry& registry);

}  // namespace acausal
