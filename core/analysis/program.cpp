#include "core/analysis/program.hpp"

#include <cmath>
#include <stdexcept>
#include <string_view>
#include <functional>
#include <unordered_map>
#include <unordered_set>

#include "core/expr/expr_diff.hpp"
#include "core/expr/expr_map.hpp"
#include "core/expr/expr_walk.hpp"
#include "core/model/errors.hpp"

namespace acausal {
namespace {

struct PairHash {
  std::size_t operator()(const std::pair<Expr, Expr>& p) const { return p.first.hash() * 31 + p.second.hash(); }
};

/// Where tapes read the unknowns (y, y'), the initial parameters, the external inputs and the
/// discrete variables: the parameters from p, or (for the initialization, `parameters_as_unknowns`)
/// from y after the n unknowns; the inputs from u; the discrete variables from d.
/// `dae` (and its model, when the unknowns' symbols are not written) must outlive the map.
InputMap unknown_inputs(const ReducedDae& dae, const InitialParameters& initial, const ExternalInputs& external,
                        const DiscreteVariables& discretes, bool parameters_as_unknowns = false) {
  struct Slot {
    InputKind kind;
    std::uint32_t index;
  };
  auto parameter = std::make_shared<std::unordered_map<Expr, Slot, ExprHash>>();
  const auto n = static_cast<std::uint32_t>(dae.size());
  for (std::size_t k = 0; k < initial.symbols.size(); ++k)
    parameter->emplace(initial.symbols[k], Slot{InputKind::P, static_cast<std::uint32_t>(k)});
  for (std::size_t k = 0; k < external.symbols.size(); ++k)
    parameter->emplace(external.symbols[k], Slot{InputKind::U, static_cast<std::uint32_t>(k)});
  const auto m = static_cast<std::uint32_t>(discretes.size());
  for (std::uint32_t k = 0; k < m; ++k) {
    parameter->emplace(discretes.symbols[k], Slot{InputKind::D, k});
    parameter->emplace(discretes.pre_symbols[k], Slot{InputKind::D, m + k});
  }
  parameter->emplace(ComponentBuilder::initial(), Slot{InputKind::D, 2 * m});
  return [&dae, parameter, parameters_as_unknowns, n](const Expr& leaf) -> std::optional<InputSlot> {
    switch (leaf.op()) {
      case Op::Time: return InputSlot{InputKind::Time, 0};
      case Op::Parameter: {
        auto it = parameter->find(leaf);
        if (it == parameter->end()) return std::nullopt;
        const Slot s = it->second;
        if (s.kind == InputKind::P && parameters_as_unknowns) return InputSlot{InputKind::Y, n + s.index};
        return InputSlot{s.kind, s.index};
      }
      case Op::Variable: {
        const std::optional<std::size_t> k = dae.column_of(leaf);
        if (!k) return std::nullopt;
        return InputSlot{InputKind::Y, static_cast<std::uint32_t>(*k)};
      }
      case Op::Derivative: {
        const std::optional<std::size_t> k = dae.column_of(leaf.args()[0]);
        if (!k || leaf.order() != 1) return std::nullopt;
        return InputSlot{InputKind::YP, static_cast<std::uint32_t>(*k)};
      }
      default: return std::nullopt;
    }
  };
}

/// The coefficient c of `derivative` in `r` when r = c·derivative + (terms free of derivatives)
/// with c a constant, else nullopt. Read off the terms of a linear combination; diff() otherwise.
std::optional<Coef> explicit_coefficient(const Expr& r, const Expr& derivative) {
  if (r.op() == Op::Add && is_linear_combination(r)) {
    for (const Expr& t : r.args())
      if (t == derivative) return Coef(1.0);
      else if (t.op() == Op::Mul && t.args()[1] == derivative) return t.args()[0].coef();
    return std::nullopt;
  }
  const Expr c = diff(r, derivative);
  if (!c.is_constant()) return std::nullopt;
  return c.coef();
}

}  // namespace

ExplicitDerivatives::ExplicitDerivatives(const ReducedDae& dae, const InputMap& inputs)
    : dae_(&dae), inputs_(&inputs), explicit_in_(dae.size()) {
  for (std::size_t i = 0; i < dae.rows.size(); ++i) {
    const RowView row = dae.rows[i];
    std::optional<std::uint32_t> column;  // of the one derivative the row reads
    bool single = true;
    auto note = [&](Slot s) {
      if (s.order != 1 || column == s.column) return;
      single = single && !column;
      column = s.column;
    };
    for (const LinearRow::Term& t : row.terms) note(t.slot());
    for (Slot s : row.rest_slots) note(s);
    if (!column || !single || !explicit_in_[*column].coefficient.is_zero()) continue;
    std::optional<Coef> c = row.coefficient(Slot{*column, 1});
    // A derivative in the remainder: explicit only where it enters it with a constant factor.
    if (row.in_rest(*column)) c = explicit_coefficient(dae.residual(i), der(dae.unknown(*column)));
    if (!c || c->is_zero()) continue;
    explicit_in_[*column] = {i, *c};
  }
}

void ExplicitDerivatives::clear() {
  explicit_in_ = decltype(explicit_in_)();
  built_ = decltype(built_)();
}

const Expr* ExplicitDerivatives::find(const Expr& derivative) {
  if (derivative.op() != Op::Derivative) return nullptr;
  const std::optional<InputSlot> slot = (*inputs_)(derivative);
  if (!slot || slot->kind != InputKind::YP || slot->index >= explicit_in_.size()) return nullptr;
  const Residual& r = explicit_in_[slot->index];
  if (r.coefficient.is_zero()) return nullptr;
  if (auto it = built_.find(derivative); it != built_.end()) return &it->second;
  const Expr rest = dae_->residual(r.index) - Expr(r.coefficient) * derivative;
  return &built_.emplace(derivative, -rest / Expr(r.coefficient)).first->second;
}

/// Every indicator of the residuals and outputs, once. Indicators are written in y alone (explicit
/// derivatives replaced, der(s) → v): the same switch seen through der(s) in one place and v in
/// another is then one event, and root finding watches a function of the state. The index knows
/// each indicator both as written in its expression and in that canonical form.
Program::IndicatorSet Program::collect_indicators(const ReducedDae& dae, const std::vector<Expr>& outputs,
                                                 const std::vector<Expr>& discrete_values, const InputMap& inputs,
                                                 ExplicitDerivatives& derivatives) {
  const auto explicit_form = [&derivatives](const Expr& x) { return derivatives.find(x); };
  const auto discrete_only = [&inputs](const Expr& indicator) {
    for (const Expr& leaf : leaves(indicator)) {
      const std::optional<InputSlot> in = inputs(leaf);
      if (!in || in->kind != InputKind::D) return false;
    }
    return true;
  };
  IndicatorSet set;
  auto add = [&](const Expr& e) {
    for (const Condition& c : conditions(e)) {
      if (set.index.count(c.indicator)) continue;
      if (discrete_only(c.indicator)) {
        set.index.emplace(c.indicator, kLiveIndicator);
        continue;
      }
      const Expr canonical = substitute(c.indicator, explicit_form);
      auto [it, fresh] = set.index.emplace(canonical, static_cast<std::uint32_t>(set.expressions.size()));
      if (fresh) set.expressions.push_back(canonical);
      set.index.emplace(c.indicator, it->second);
    }
  };
  for (const RowView r : dae.rows) add(r.rest);  // the linear terms switch nothing
  for (const Expr& e : outputs) add(e);
  // Those switch branches of the continuous equations: always watched. Those of the discrete
  // equations alone matter only where the discrete conditions around them hold.
  set.activity.assign(set.expressions.size(), Expr(1.0));
  const std::size_t continuous = set.first_discrete = set.expressions.size();
  for (const Expr& e : discrete_values) add(e);  // events where a mode may change
  set.activity.resize(set.expressions.size(), Expr(0.0));
  std::unordered_set<std::pair<Expr, Expr>, PairHash> seen;
  const std::function<void(const Expr&, const Expr&)> walk = [&](const Expr& e, const Expr& guard) {
    if (e.is_leaf() || !seen.insert({e, guard}).second) return;
    for (const Expr& indicator : switch_indicators(e)) {
      auto it = set.index.find(indicator);
      if (it == set.index.end() || it->second == kLiveIndicator || it->second < continuous) continue;
      set.activity[it->second] = logical_or(set.activity[it->second], guard);
    }
    const auto a = e.args();
    // What a sibling of a conjunction requires of the discrete variables: its conjuncts of them alone.
    const std::function<Expr(const Expr&)> discrete_condition = [&](const Expr& c) {
      if (discrete_only(c)) return c;
      if (c.op() == Op::And) return logical_and(discrete_condition(c.args()[0]), discrete_condition(c.args()[1]));
      return Expr(1.0);
    };
    switch (e.op()) {
      case Op::And:
        walk(a[0], logical_and(guard, discrete_condition(a[1])));
        walk(a[1], logical_and(guard, discrete_condition(a[0])));
        return;
      case Op::IfElse:
        walk(a[0], guard);
        walk(a[1], discrete_only(a[0]) ? logical_and(guard, a[0]) : guard);
        walk(a[2], discrete_only(a[0]) ? logical_and(guard, logical_not(a[0])) : guard);
        return;
      default:
        for (const Expr& x : a) walk(x, guard);
    }
  };
  for (const Expr& e : discrete_values) walk(e, Expr(1.0));
  return set;
}

std::vector<Expr> Program::build_state_jumps(const Model& model) {
  std::vector<Expr> values;
  for (std::size_t i = 0; i < model.instances.size(); ++i)
    for (const Definition::Reinit& r : model.instances[i].definition->reinits) {
      const ModelInstance& instance = model.instances[i];
      const std::string what = instance.name() + ": reinit of " + to_string(model.in_instance(i, r.variable));
      // The variable as the integrator carries it: c·y_k + d with y_k a differential unknown.
      const Expr carried = dae_->in_unknowns(model.in_instance(i, r.variable));
      const std::vector<Expr> read = leaves(carried);
      const std::optional<InputSlot> slot = read.size() == 1 ? inputs_(read[0]) : std::nullopt;
      if (!slot || slot->kind != InputKind::Y || !dae_->differential[slot->index])
        throw ModelError(instance.pointer(), what + ": it is not a state the integrator carries (it is " +
                                                 to_string(carried) + ")");
      const Expr c = diff(carried, read[0]);
      const Expr d = substitute(carried, std::unordered_map<Expr, Expr, ExprHash>{{read[0], Expr(0.0)}});
      if (!c.is_constant() || !d.is_constant() || c.constant_value() == 0.0)
        throw ModelError(instance.pointer(), what + ": the state it is carried as enters it nonlinearly (" + to_string(carried) + ")");
      state_jumps_.push_back({inputs_(model.in_instance(i, r.trigger))->index, slot->index, c.constant_value(), d.constant_value()});
      values.push_back(dae_->in_unknowns(model.in_instance(i, r.value)));
    }
  return values;
}

std::vector<Expr> Program::build_discrete_values(const Model& model) {
  const auto explicit_form = [this](const Expr& x) { return derivatives_.find(x); };
  std::vector<Expr> out;
  out.reserve(discretes_.size());
  // Each reads the discrete variables' current values; the Simulator evaluates the update again
  // until they settle, so that one whose equation came earlier is read at its new value.
  for (std::size_t i = 0; i < model.instances.size(); ++i)
    for (const Definition::Discrete& x : model.instances[i].definition->discretes)
      out.push_back(substitute(dae_->in_unknowns(model.in_instance(i, *x.value)), explicit_form));
  // The state selection's σ keep their values at events (the run sets them where it chooses anew).
  for (const Expr& sigma : dae_->reduction.switches) out.push_back(sigma);
  return out;
}

namespace {

std::vector<Expr> output_expressions(const Model& model, const ReducedDae& dae, ExplicitDerivatives& derivatives) {
  const auto explicit_form = [&derivatives](const Expr& x) { return derivatives.find(x); };
  std::vector<Expr> out;
  out.reserve(model.outputs.size());
  auto discrete = model.output_discretes.begin();
  for (std::size_t v : model.output_variables) {
    // The discrete outputs (a mode) read their d input, in their places among the others.
    for (; discrete != model.output_discretes.end() && discrete->position == out.size(); ++discrete)
      out.push_back(model.instances[discrete->instance].definition->discretes[discrete->local].symbol);
    out.push_back(substitute(dae.in_unknowns(model.symbol(v)), explicit_form));
  }
  for (; discrete != model.output_discretes.end(); ++discrete)
    out.push_back(model.instances[discrete->instance].definition->discretes[discrete->local].symbol);
  return out;
}

/// The components' discrete variables, then the state selection's σ (IndexReduction::switches),
/// which change only where the run chooses the states again.
DiscreteVariables collect_discretes(const Model& model, const ReducedDae& dae) {
  DiscreteVariables out;
  // An instance with discrete variables is never a copy (they are named after it).
  for (const ModelInstance& instance : model.instances)
    for (const Definition::Discrete& d : instance.definition->discretes) {
      out.names.push_back(d.symbol.name());
      out.pointers.push_back(instance.pointer());
      out.starts.push_back(d.start);
      out.booleans.push_back(d.boolean);
      out.symbols.push_back(d.symbol);
      out.pre_symbols.push_back(d.pre_symbol);
    }
  const IndexReduction& reduction = dae.reduction;
  for (std::size_t k = 0; k < reduction.switches.size(); ++k) {
    out.names.push_back(reduction.switch_names[k]);
    out.pointers.emplace_back();
    out.starts.push_back(reduction.switch_starts[k]);
    out.booleans.push_back(true);
    out.symbols.push_back(reduction.switches[k]);
    out.pre_symbols.push_back(reduction.pre_switches[k]);
  }
  return out;
}

ExternalInputs collect_external_inputs(const Model& model) {
  ExternalInputs out;
  for (const ModelInput& in : model.inputs) {
    out.symbols.push_back(in.symbol);
    out.names.push_back(in.name);
    out.units.push_back(in.unit);
    out.pointers.push_back(in.pointer);
  }
  return out;
}

InitialParameters collect_initial_parameters(const Model& model, const ReducedDae& dae) {
  InitialParameters out;
  // An instance with initial parameters is never a copy (they are named after it). Those with a
  // defining equation first: their rows follow the model's in Program::initial_problem.
  for (const bool defined : {true, false})
    for (const ModelInstance& instance : model.instances)
      for (const Definition::InitialParameter& p : instance.definition->initial_parameters) {
        if (p.value.has_value() != defined) continue;
        out.names.push_back(p.symbol.name());
        out.symbols.push_back(p.symbol);
        if (defined) out.values.push_back(dae.in_unknowns(*p.value));
        out.guesses.push_back(p.guess);
        out.units.emplace_back(p.unit);
        out.pointers.push_back(p.pointer.empty() ? instance.pointer() : p.pointer);
      }
  out.defined = out.values.size();
  return out;
}

}  // namespace

Program::Program(const Model& model, ReducedDae dae, ProgramOptions options)
    : dae_(std::move(dae)),
      size_(dae_->size()),
      kept_analysis_(options.keep_analysis),
      initial_(collect_initial_parameters(model, *dae_)),
      external_(collect_external_inputs(model)),
      discretes_(collect_discretes(model, *dae_)),
      inputs_(unknown_inputs(*dae_, initial_, external_, discretes_)),
      derivatives_(*dae_, inputs_),
      output_expressions_(output_expressions(model, *dae_, derivatives_)),
      discrete_values_(build_discrete_values(model)),
      indicator_set_(collect_indicators(*dae_, output_expressions_, discrete_values_, inputs_, derivatives_)),
      residual_(std::span<const Expr>(), inputs_),  // compiled below, once what only the outputs need is gone
      jacobian_(std::span<const Expr>(), inputs_, 0),
      indicators_(indicator_set_.expressions, inputs_),
      outputs_(output_expressions_, inputs_, &indicator_set_.index),
      discrete_update_(discrete_values_, inputs_, &indicator_set_.index, Tape::Unindexed::Compare),
      indicator_activity_(indicator_set_.activity, inputs_, nullptr, Tape::Unindexed::Compare),
      jump_values_(build_state_jumps(model), inputs_, nullptr, Tape::Unindexed::Compare),
      assertions_(build_assertions(model)),
      selection_(build_selection()) {
  for (std::size_t k = 0; k < size_; ++k) {
    const Definition::Variable& v = model.declared(dae_->unknown_variable[k]);
    id_.push_back(dae_->differential[k] ? 1.0 : 0.0);
    // Magnitude for absolute tolerances: the nominal that reaches the unknown (analysis.hpp), else
    // 1 or the start value if larger (1 for a derivative that index reduction made an unknown).
    const std::optional<double>& nominal = dae_->nominal[k];
    if (dae_->unknown_order[k] > 0) {
      start_.push_back(0.0);
      nominal_.push_back(nominal.value_or(1.0));
      continue;
    }
    start_.push_back(v.options.start);
    nominal_.push_back(nominal ? *nominal : std::max(1.0, std::fabs(v.options.start)));
  }
  // A candidate whose role the run chooses starts as what the choice at the start values made it.
  const std::size_t component_discretes = discretes_.size() - dae_->reduction.switches.size();
  for (PivotBlock& block : dae_->reduction.pivots) {
    block.columns.clear();
    for (std::size_t f = 0; f < block.free.size(); ++f) {
      const std::optional<std::size_t> column = dae_->column_of(block.candidates[f]);
      if (!column) throw std::logic_error("a candidate of a state choice made during the run is no unknown: " + block.variables[block.free[f]]);
      block.columns.push_back(static_cast<std::uint32_t>(*column));
      id_[*column] = block.selected[block.free[f]] ? 0.0 : 1.0;
    }
    block.first_switch += component_discretes;
  }
  first_discrete_indicator_ = indicator_set_.first_discrete;
  for (const Expr& value : discrete_values_) {
    bool continuous = false;
    for (const Expr& leaf : leaves(value)) {
      const std::optional<InputSlot> in = inputs_(leaf);
      continuous = continuous || (in && in->kind != InputKind::D && in->kind != InputKind::P);
    }
    discrete_reads_continuous_.push_back(continuous);
  }
  for (const Expr& indicator : indicator_set_.expressions) {
    std::vector<std::uint32_t>& columns = indicator_algebraic_.emplace_back();
    for (const Expr& leaf : leaves(indicator))
      if (const std::optional<InputSlot> in = inputs_(leaf); in && in->kind == InputKind::Y && in->index < size_ &&
                                                             !dae_->differential[in->index])
        columns.push_back(in->index);
  }
  if (options.energy) build_energy(model, options.power_audit);
  // The residual and its Jacobian read the rows alone: what carried the model's variables to the
  // unknowns (the aliases, the solved definitions) has done its work for the outputs, indicators,
  // assertions and energy terms, and goes first when the analysis is not kept.
  if (!options.keep_analysis) release_expressions();
  residual_ = Tape(dae_->rows, inputs_, &indicator_set_.index);
  jacobian_ = JacobianTape(dae_->rows, inputs_, size_, &indicator_set_.index);
  indicator_scales_.emplace(build_indicator_scales());
  if (!initial_.symbols.empty()) build_initial_problem();
  build_trace();
  keep_what_messages_read(model, options.keep_analysis);
}

std::vector<const Tape*> Program::tapes() const {
  std::vector<const Tape*> out{&residual_, &indicators_, &outputs_, &discrete_update_, &indicator_activity_,
                               &jump_values_, &assertions_, &selection_};
  for (const std::optional<Tape>* t :
       {&energy_, &energy_flows_, &energy_stored_, &energy_totals_, &time_partials_, &indicator_scales_})
    if (*t) out.push_back(&**t);
  if (initial_problem_) out.push_back(&initial_problem_->residual);
  return out;
}

void Program::build_trace() {
  std::vector<std::uint32_t> steps;
  auto add = [&steps](const std::vector<std::uint32_t>& more) { steps.insert(steps.end(), more.begin(), more.end()); };
  for (const Tape* t : tapes()) add(t->traced_steps());
  add(jacobian_.traced_steps());
  if (energy_totals_jacobian_) add(energy_totals_jacobian_->traced_steps());
  if (initial_problem_) add(initial_problem_->jacobian.traced_steps());
  if (!steps.empty()) trace_ = CompiledTrace(current_trace(), steps);
}

std::optional<std::size_t> Program::tunable_index(std::string_view name) const {
  const std::vector<std::string>& names = trace_.parameter_names();
  for (std::size_t k = 0; k < names.size(); ++k)
    if (names[k] == name) return k;
  return std::nullopt;
}

const ReducedDae& Program::dae() const {
  if (!kept_analysis_)
    throw std::logic_error("dae(): the program was compiled without keeping its analysis (ProgramOptions::keep_analysis)");
  return *dae_;
}

void Program::release_expressions() {
  dae_->aliases = AliasElimination();
  dae_->solved = SolvedUnknowns();
  dae_->derivatives = decltype(dae_->derivatives)();
  derivatives_.clear();
  output_expressions_ = decltype(output_expressions_)();
  discrete_values_ = decltype(discrete_values_)();
}

void Program::release_analysis() {
  release_expressions();
  // What is left holds no expression: the program outlives its expression store, and any thread
  // may destroy it.
  dae_.reset();
  inputs_ = InputMap();
  initial_.symbols = decltype(initial_.symbols)();
  initial_.values = decltype(initial_.values)();
  external_.symbols = decltype(external_.symbols)();
  discretes_.symbols = decltype(discretes_.symbols)();
  discretes_.pre_symbols = decltype(discretes_.pre_symbols)();
  indicator_set_ = IndicatorSet();
  jacobian_.release_expressions();
  if (energy_totals_jacobian_) energy_totals_jacobian_->release_expressions();
  if (initial_problem_) initial_problem_->jacobian.release_expressions();
}

void Program::keep_what_messages_read(const Model& model, bool keep_analysis) {
  // First what the analysis gives them, then (once the analysis is freed, unless kept) the model's.
  names_.reserve(size());
  for (std::size_t k = 0; k < size(); ++k) names_.push_back(dae_->name(model, k));
  pivot_blocks_ = dae_->reduction.pivots;
  for (PivotBlock& b : pivot_blocks_) {
    b.entries.clear();
    b.candidates.clear();
    b.derivatives.clear();
  }
  residual_equation_ = dae_->residual_equation;
  for (const Model::LoopCut& cut : model.loop_cuts)
    for (std::size_t e : cut.rows) loop_closures_.emplace(e, cut.port);
  for (std::size_t e : residual_equation_) {
    if (e == ReducedDae::kNoEquation) continue;
    const EquationLabels::Label label = model.labels->label(e);
    if (label.who < model.instances.size() && model.instances[label.who].definition->closes_loops)
      loop_closures_.emplace(e, model.instances[label.who].name());
  }
  residual_definitions_ = std::move(dae_->residual_definitions);  // read by messages only
  solved_equation_ = std::move(dae_->solved_equation);
  solved_definitions_ = std::move(dae_->solved_definitions);
  for (std::size_t r = 0; r < residual_equation_.size(); ++r)
    if (residual_equation_[r] == ReducedDae::kNoEquation) written_residuals_[r] = to_string(dae_->residual(r));
  const std::vector<Target> targets = std::move(dae_->targets);
  dae_->targets = decltype(dae_->targets)();
  for (std::size_t k = 0; k < initial_.defined; ++k)
    initial_parameter_texts_.push_back(initial_.pointers[k] + " (initial parameter: " + initial_.symbols[k].name() +
                                       " = " + to_string(initial_.values[k]) + ")");
  if (!keep_analysis) release_analysis();

  output_names_ = model.outputs;
  output_units_.assign(output_names_.size(), std::string());  // a discrete variable's: none
  std::size_t next = 0;
  std::vector<bool> discrete(output_names_.size(), false);
  for (const Model::OutputDiscrete& d : model.output_discretes) discrete[d.position] = true;
  for (std::size_t k = 0; k < output_names_.size(); ++k)
    if (!discrete[k]) output_units_[k] = std::string(model.declared(model.output_variables[next++]).unit);
  // The targets, read by the initialization and messages only, with the netlist's words for them.
  targets_.reserve(targets.size());
  for (const Target& t : targets) {
    TargetMessage& m = targets_.emplace_back(TargetMessage{t.priority, t.value});
    if (t.variable == Target::kNone) continue;
    const InitialTarget& given = model.target(t.variable);
    m.netlist_value = given.value;
    m.instance = model.variables[t.variable].instance;
    m.local = model.variables[t.variable].local;
    m.written = given.written;
  }
  labels_ = model.labels;
}

std::string Program::target_variable(std::size_t k) const {
  const TargetMessage& t = targets_[k];
  return t.instance == TargetMessage::kNone ? "" : labels_->variable_name(t.instance, t.local);
}

std::string Program::target_pointer(std::size_t k) const {
  const TargetMessage& t = targets_[k];
  if (t.instance == TargetMessage::kNone) return "";
  return labels_->target_pointer(t.instance, t.local, t.written);
}

std::string Program::residual_provenance(std::size_t r) const {
  const auto equation = [&](std::size_t e) {
    const std::string description = labels_->description(e);
    return labels_->origin(e) + (description.empty() ? "" : " (" + description + ")") + ", " + labels_->pointer(e);
  };
  const std::size_t e = residual_equation_[r];
  std::string text = e == ReducedDae::kNoEquation ? written_residuals_.at(r) : equation(e);
  if (r >= residual_definitions_.size()) return text;
  const std::vector<std::size_t> merged =
      ReducedDae::substituted_equations(residual_definitions_[r], solved_equation_, solved_definitions_);
  if (merged.empty()) return text;
  text += ", with these substituted into it:";
  for (std::size_t m : merged) text += " " + equation(m) + ";";
  text.pop_back();
  return text;
}

std::string Program::loop_closed_at(std::size_t r) const {
  const std::size_t e = residual_equation_[r];
  if (e == ReducedDae::kNoEquation) return {};
  const auto it = loop_closures_.find(e);
  return it == loop_closures_.end() ? std::string() : it->second;
}

std::string Program::residual_equation_text(std::size_t r) const {
  const std::size_t e = residual_equation_[r];
  if (e == ReducedDae::kNoEquation) return "0 = " + written_residuals_.at(r);
  return labels_->pointer(e) + " (" + labels_->origin(e) + ": " + labels_->description(e) + ")";
}

Tape Program::build_assertions(const Model& model) {
  std::vector<Expr> conditions;
  for (std::size_t i = 0; i < model.instances.size(); ++i)
    for (const Definition::Assertion& a : model.instances[i].definition->assertions) {
      conditions.push_back(dae_->in_unknowns(model.in_instance(i, a.condition)));
      assertion_messages_.push_back(model.instances[i].name() + ": " + a.message);
    }
  for (const Definition::Assertion& a : model.assertions) {
    conditions.push_back(dae_->in_unknowns(a.condition));
    assertion_messages_.push_back(a.message);
  }
  return Tape(conditions, inputs_, &indicator_set_.index, Tape::Unindexed::Compare);
}

Tape Program::build_selection() const {
  std::vector<Expr> entries;
  for (const PivotBlock& b : dae_->reduction.pivots)
    for (const Expr& e : b.entries) entries.push_back(dae_->in_reduced_unknowns(e));
  return Tape(entries, inputs_);
}

void Program::build_energy(const Model& model, bool power_audit) {
  std::vector<Expr> terms;
  auto add = [&](const Expr& e) {
    terms.push_back(e);
    return terms.size() - 1;
  };
  for (std::size_t i = 0; i < model.instances.size(); ++i) {
    const Definition& d = *model.instances[i].definition;
    // The instance's terms (each port's power, then stored, loss, injected) in its own variables,
    // renamed together, then in the unknowns.
    std::vector<Expr> own;
    for (const Definition::PortInfo& port : d.ports) own.push_back(port.port.domain->power(port.port));
    own.insert(own.end(), {d.stored_energy, d.loss_power, d.injected_power});
    std::vector<Expr> terms_of = model.in_instance(i, own);
    for (Expr& e : terms_of) e = dae_->in_unknowns(e);
    Expr port_power = 0.0;
    Expr throughput = 0.0;
    for (std::size_t k = 0; k < d.ports.size(); ++k) {
      port_power += terms_of[k];
      throughput += abs(terms_of[k]);
    }
    const Expr& stored = terms_of[d.ports.size()];
    const Expr& loss = terms_of[d.ports.size() + 1];
    const Expr& injected = terms_of[d.ports.size() + 2];
    // Nothing to book: a constant stored energy cancels out of every balance, but a constant power
    // does not (a fixed heat flow injects Q_flow·t).
    const auto zero = [](const Expr& e) { return e == Expr(0.0); };
    if (stored.is_constant() && zero(loss) && zero(injected) && zero(port_power)) continue;
    EnergyAccount a;
    a.instance = model.instances[i].name();
    a.stored = add(stored);
    if (power_audit) a.stored_rate = add(dae_->rate(stored));
    a.loss = add(loss);
    a.injected = add(injected);
    a.port_power = add(port_power);
    a.throughput = add(throughput);
    accounts_.push_back(a);
  }
  // What the ledger evaluates at every step: the flows it integrates, and the stored energies. All
  // energy tapes hold the solver's branch signs: a switch the equations share switches the energy
  // terms with them; the others (the throughput's |port power|) compare live.
  std::vector<Expr> flows, stored;
  auto flow = [&](std::size_t term) {
    if (terms[term] == Expr(0.0)) return EnergyAccount::kNoFlow;  // a mass loses nothing, a spring neither
    flows.push_back(terms[term]);
    return static_cast<std::uint32_t>(flows.size() - 1);
  };
  for (EnergyAccount& a : accounts_) {
    a.loss_flow = flow(a.loss);
    a.injected_flow = flow(a.injected);
    a.ports_flow = flow(a.port_power);
    stored.push_back(terms[a.stored]);
  }
  // The throughputs last: they only scale the balances, and are summed by the trapezoidal rule
  // instead of integrated (energy_integrated_flows()).
  energy_integrated_flows_ = flows.size();
  for (EnergyAccount& a : accounts_) a.throughput_flow = flow(a.throughput);
  energy_flows_.emplace(flows, inputs_, &indicator_set_.index, Tape::Unindexed::Compare);
  energy_stored_.emplace(stored, inputs_, &indicator_set_.index, Tape::Unindexed::Compare);
  std::vector<Expr> loss_terms, injected_terms;
  for (const EnergyAccount& a : accounts_) {
    loss_terms.push_back(terms[a.loss]);
    injected_terms.push_back(terms[a.injected]);
  }
  const Expr totals[2] = {sum(loss_terms), sum(injected_terms)};
  energy_totals_.emplace(totals, inputs_, &indicator_set_.index, Tape::Unindexed::Compare);
  energy_totals_jacobian_.emplace(totals, inputs_, size(), &indicator_set_.index, Tape::Unindexed::Compare);
  if (!power_audit) return;
  energy_.emplace(terms, inputs_, &indicator_set_.index, Tape::Unindexed::Compare);
  std::vector<Expr> partials;
  for (const RowView r : dae_->rows) partials.push_back(diff(r.rest, Expr::time()));  // only rest reads t
  time_partials_.emplace(partials, inputs_, &indicator_set_.index);
}

const Tape& Program::energy() const {
  if (!energy_) throw std::logic_error("energy(): the program was compiled without the power audit's terms (ProgramOptions::power_audit)");
  return *energy_;
}

const Tape& Program::energy_totals() const {
  if (!energy_totals_) throw std::logic_error("energy_totals(): the program was compiled without its energy terms (ProgramOptions::energy)");
  return *energy_totals_;
}

const JacobianTape& Program::energy_totals_jacobian() const {
  if (!energy_totals_jacobian_)
    throw std::logic_error("energy_totals_jacobian(): the program was compiled without its energy terms (ProgramOptions::energy)");
  return *energy_totals_jacobian_;
}

const Tape& Program::energy_flows() const {
  if (!energy_flows_) throw std::logic_error("energy_flows(): the program was compiled without its energy terms (ProgramOptions::energy)");
  return *energy_flows_;
}

const Tape& Program::energy_stored() const {
  if (!energy_stored_) throw std::logic_error("energy_stored(): the program was compiled without its energy terms (ProgramOptions::energy)");
  return *energy_stored_;
}

const Tape& Program::time_partials() const {
  if (!time_partials_)
    throw std::logic_error("time_partials(): the program was compiled without the power audit's terms (ProgramOptions::power_audit)");
  return *time_partials_;
}

std::optional<std::size_t> Program::unknown_index(std::string_view name) const {
  for (std::size_t k = 0; k < names_.size(); ++k)
    if (names_[k] == name) return k;
  return std::nullopt;
}

std::optional<std::size_t> Program::input_index(std::string_view name) const {
  for (std::size_t k = 0; k < external_.names.size(); ++k)
    if (external_.names[k] == name) return k;
  return std::nullopt;
}

const InitialProblem& Program::initial_problem() const {
  if (!initial_problem_) throw std::logic_error("initial_problem(): the model has no initial parameters");
  return *initial_problem_;
}

void Program::build_initial_problem() {
  RowStore rows = dae_->rows;
  for (std::size_t k = 0; k < initial_.defined; ++k) {
    LinearRow defining;  // p_k − value_k, read through the inputs
    defining.rest = initial_.symbols[k] - initial_.values[k];
    rows.push_back(defining);
  }
  const InputMap inputs = unknown_inputs(*dae_, initial_, external_, discretes_, true);
  const std::size_t columns = size() + initial_.symbols.size();
  // The defining equations may switch where the model does not: they compare live.
  initial_problem_ = std::make_unique<InitialProblem>(InitialProblem{
      Tape(rows, inputs, &indicator_set_.index, Tape::Unindexed::Compare),
      JacobianTape(rows, inputs, columns, &indicator_set_.index, Tape::Unindexed::Compare)});
}

std::vector<double> Program::indicator_scales(const TapeInputs& at) const {
  std::vector<double> scales(indicator_scales_->output_count());
  indicator_scales_->evaluate(at, scales.data());
  return scales;
}

Tape Program::build_indicator_scales() const {
  std::vector<Expr> scales;
  for (const Expr& g : indicator_set_.expressions) {
    std::vector<Expr> terms;
    for (const Expr& leaf : leaves(g)) {
      const std::optional<InputSlot> slot = inputs_(leaf);
      if (!slot || slot->kind != InputKind::Y) continue;
      terms.push_back(abs(diff(g, leaf)) * nominal_[slot->index]);
    }
    scales.push_back(sum(terms));
  }
  // |∂g/∂y| compares live: the scale is a magnitude wherever it is evaluated.
  return Tape(scales, inputs_, nullptr, Tape::Unindexed::Compare);
}

std::unique_ptr<Program> compile(const Model& model, ProgramOptions options) {
  return std::make_unique<Program>(model, analyze(model), options);
}

}  // namespace acausal
