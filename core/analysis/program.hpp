#pragma once
/// @file
/// The compiled model: tapes for the residual, the iteration matrix, event indicators, outputs and
/// energy terms, all over the unknowns y, their derivatives y' and time. The solver needs nothing else.

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/analysis/analysis.hpp"
#include "core/expr/expr_map.hpp"
#include "core/expr/jacobian_tape.hpp"
#include "core/expr/parameter_trace.hpp"
#include "core/model/model.hpp"
#include "core/expr/tape.hpp"

namespace acausal {

/// The energy terms of one component instance, as tape outputs: of Program::energy() (the power
/// audit's), and its flows' of Program::energy_flows() (what the ledger integrates; a flow that is
/// identically zero has none).
struct EnergyAccount {
  static constexpr std::uint32_t kNoFlow = 0xFFFFFFFFu;
  std::string instance;
  std::size_t stored = 0;      ///< output index of E [J]
  std::size_t stored_rate = 0; ///< of dE/dt [W]
  std::size_t loss = 0;        ///< of the dissipated power [W]
  std::size_t injected = 0;    ///< of the power taken from signals [W]
  std::size_t port_power = 0;  ///< of Σ port power into the component [W]
  std::size_t throughput = 0;  ///< of Σ |port power|: what passes through (the audit's scale) [W]
  /// Of energy_flows():
  std::uint32_t loss_flow = kNoFlow, injected_flow = kNoFlow, ports_flow = kNoFlow, throughput_flow = kNoFlow;
};

/// der(x) = g(t, y) for every residual that is an explicit ODE for one derivative
/// (0 = c·der(x) + rest, c constant, no other derivative). Between the solver's steps the
/// interpolated y' agrees with such a g only to the local error; outputs and indicators read g
/// instead, so that a speed sensor on a mass shows exactly the mass's velocity. Which residual
/// defines which derivative is found up front; g is built when first asked for (a large model
/// has thousands, and its outputs read a few).
class ExplicitDerivatives {
 public:
  /// `dae` and `inputs` (where tapes read the unknowns) must outlive this object.
  ExplicitDerivatives(const ReducedDae& dae, const InputMap& inputs);
  /// g for `derivative`, or nullptr when it is not a derivative an explicit residual defines.
  const Expr* find(const Expr& derivative);
  /// Forgets every residual and every g built (find() finds none after it).
  void clear();

 private:
  struct Residual {
    std::size_t index = 0;
    Coef coefficient = 0.0;  ///< 0: no explicit residual
  };
  const ReducedDae* dae_;
  const InputMap* inputs_;
  std::vector<Residual> explicit_in_;  ///< per unknown: the residual explicit in its derivative
  std::unordered_map<Expr, Expr, ExprHash> built_;
};

/// The parameters fixed at initialization of every instance: first those a component defines
/// (ComponentBuilder::initial_parameter, an equation each), then the netlist's parameters given
/// `"fixed": false`, which initial values determine (each needs one initial value more).
struct InitialParameters {
  std::vector<std::string> names;     ///< `instance.name`
  /// Their Parameter leaves, and what the first `defined` equal at the start time in the unknowns
  /// (while the program compiles; gone with the analysis, ProgramOptions::keep_analysis).
  std::vector<Expr> symbols;
  std::vector<Expr> values;
  std::size_t defined = 0;            ///< how many have a defining equation
  std::vector<double> guesses;        ///< where the initialization starts each
  std::vector<std::string> units;     ///< SI
  /// The JSON pointer of the instance that declared each (of the parameter, for the netlist's).
  std::vector<std::string> pointers;
};

/// The external inputs (the netlist's `inputs`, Model::inputs): every tape reads their values as
/// its u inputs, which a run sets from outside (ProgramState::input_values).
struct ExternalInputs {
  std::vector<Expr> symbols;  ///< their Parameter leaves, in the model's order (gone with the analysis)
  std::vector<std::string> names, units, pointers;
};

/// The discrete variables of every instance (ComponentBuilder::boolean, integer: modes), in
/// instance order and, within an instance, in declaration order. Tapes read them as d:
/// d[k] the value of discrete variable k, d[size() + k] its pre() value, d[2·size()] initial().
struct DiscreteVariables {
  std::vector<std::string> names;     ///< `brake.mode`
  std::vector<std::string> pointers;  ///< the JSON pointer of the instance that declared each
  std::vector<double> starts;         ///< pre() at the initialization
  std::vector<bool> booleans;
  /// Their value and pre() leaves (gone with the analysis).
  std::vector<Expr> symbols, pre_symbols;
  std::size_t size() const { return names.size(); }
  /// The length of the d input: values, pre() values and initial().
  std::size_t input_size() const { return 2 * size() + 1; }
};

/// A jump of a state at an event (ComponentBuilder::reinit): where discrete variable `trigger`
/// becomes true, y[column] = (value − offset) / coefficient, `value` being output k of
/// Program::jump_values() for the k-th jump (the state's variable is coefficient·y[column] + offset).
struct StateJump {
  std::uint32_t trigger = 0;
  std::uint32_t column = 0;
  double coefficient = 1.0, offset = 0.0;
};

/// The initialization's view of a model with initial parameters: the parameters become algebraic
/// unknowns after the others (y[n + k] for parameter k), and their defining equations
/// p_k − value_k = 0 residual rows after the model's (row n + k).
struct InitialProblem {
  Tape residual;
  JacobianTape jacobian;
};

/// What to compile besides the residual, Jacobian, indicators, outputs and assertions.
struct ProgramOptions {
  bool energy = false;  ///< the energy terms the ledger integrates (energy accounting)
  /// With `energy`: also what the power audit evaluates (SimulationOptions::power_audit): every
  /// stored energy's rate and the residuals' time partials, for consistent derivatives.
  bool power_audit = false;
  /// Keep the analysis it was compiled from (Program::dae(), for `acausal check` and tests). Without
  /// it, the aliases and solved definitions are freed once the outputs, indicators, assertions and
  /// energy terms are compiled (before the residual and its Jacobian), and the rest of the analysis
  /// once every tape exists: the compile's high-water mark is lower by about their size (a large
  /// model's, like the simulate command's).
  bool keep_analysis = true;
};

/// An unknown's initial target as the initialization and messages show it: the analysis' Target
/// with the netlist's words for it, kept by the program once the model is gone.
struct TargetMessage {
  TargetPriority priority = TargetPriority::None;
  double value = 0.0;          ///< for the unknown (SI)
  double netlist_value = 0.0;  ///< the value as the netlist gave it (for the variable it named)
  static constexpr std::uint32_t kNone = static_cast<std::uint32_t>(-1);
  /// The variable the netlist named (Program::target_variable): its instance (kNone: none) and its
  /// index there.
  std::uint32_t instance = kNone, local = 0;
  std::uint32_t written = InitialTarget::kAtEntry;  ///< where (Program::target_pointer)
};

class Program {
 public:
  /// Compiles every tape the solver will use, up front: the solver only evaluates.
  Program(const Model& model, ReducedDae dae, ProgramOptions options = {});
  // Parts refer to the program's own members (the explicit derivatives to its residuals).
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;

  std::size_t size() const { return size_; }
  /// The analysis it was compiled from (for `acausal check` and tests). Its residual_definitions,
  /// solved_equation and solved_definitions have moved to the program's messages
  /// (residual_provenance), its targets to targets().
  /// @throws std::logic_error when compiled without ProgramOptions::keep_analysis.
  const ReducedDae& dae() const;

  /// Name of unknown k (`der(x)` for a dummy derivative or a derivative state).
  const std::string& name(std::size_t k) const { return names_[k]; }
  /// The unknown named `name` (as name() gives it), if there is one (a search over the names).
  std::optional<std::size_t> unknown_index(std::string_view name) const;
  /// The initial target of each unknown (priority None: none), with the netlist's place and name.
  const std::vector<TargetMessage>& targets() const { return targets_; }
  /// The variable the netlist gave unknown k's target for (`mass1.s`); "" when none.
  std::string target_variable(std::size_t k) const;
  /// Where the netlist sets unknown k's target (`/components/mass1/initial/s`); "" when none.
  std::string target_pointer(std::size_t k) const;
  /// The state selection's pivot blocks (index-reduced models), without their entries: those are
  /// selection()'s outputs.
  const std::vector<PivotBlock>& pivot_blocks() const { return pivot_blocks_; }

  /// For messages about residual r: `origin (description), pointer` of the equation it came from
  /// (or the residual itself for one index reduction wrote), then `, with these substituted into it: …` naming
  /// the equations whose solved unknowns were substituted into it.
  std::string residual_provenance(std::size_t r) const;
  /// Residual r's equation as the initialization lists it: `<pointer> (<origin>: <description>)`,
  /// or `0 = …`.
  std::string residual_equation_text(std::size_t r) const;
  /// What residual row r closes a kinematic loop at: the cut port of a loop the orientation graph
  /// cut, or a component whose equations close loops (Definition::closes_loops); empty otherwise.
  std::string loop_closed_at(std::size_t r) const;
  /// Initial parameter k (< InitialParameters::defined) as the initialization lists its defining
  /// equation: `<pointer> (initial parameter: p = value)`.
  const std::string& initial_parameter_text(std::size_t k) const { return initial_parameter_texts_[k]; }
  /// 1 for differential unknowns, 0 for algebraic ones (IDA's id vector).
  const std::vector<double>& id() const { return id_; }
  /// Magnitude of each unknown, for absolute tolerances: the nominal that reaches it
  /// (ReducedDae::nominal), else max(1, |start|); 1 for a derivative that index reduction made an
  /// unknown.
  const std::vector<double>& nominal() const { return nominal_; }
  /// Component start value of each unknown (a guess unless a target says otherwise).
  const std::vector<double>& start() const { return start_; }

  /// The parameters fixed at initialization (ComponentBuilder::initial_parameter). Every tape reads
  /// their values as its p inputs, which a run keeps (ProgramState::parameters).
  const InitialParameters& initial_parameters() const { return initial_; }
  /// The external inputs (the netlist's `inputs`, by name); input k is u[k] to every tape.
  const ExternalInputs& external_inputs() const { return external_; }
  const std::vector<std::string>& input_names() const { return external_.names; }
  /// The index of the input named `name`, or nullopt.
  std::optional<std::size_t> input_index(std::string_view name) const;
  /// The discrete variables (modes) the components declare; tapes read them as d.
  const DiscreteVariables& discretes() const { return discretes_; }
  /// What every discrete variable becomes at an event, one output each (DiscreteVariables order),
  /// from (t, y, y', d) and the side each indicator is on (the branch signs given: the caller decides
  /// them from the indicators' values there, with the hysteresis band), the discrete variables
  /// read at their values in d. Evaluated until its outputs equal d (at most size() + 1 times: a
  /// component's equations read only those written before them), a variable whose equation comes
  /// earlier is read at its new value.
  const Tape& discrete_update() const { return discrete_update_; }
  /// Per discrete variable: whether its equation reads the continuous solution (time, y, y', u), or
  /// only other discrete variables. The event iteration starts each round from pre() for the first
  /// kind and derives the second from them (tearing the mixed system as Modelica tools do).
  const std::vector<bool>& discrete_reads_continuous() const { return discrete_reads_continuous_; }
  /// The states' jumps at events (reinit), and the values they jump to (one output each, relations
  /// compared live).
  const std::vector<StateJump>& state_jumps() const { return state_jumps_; }
  /// Per indicator, 1 where its crossing can change something, 0 where not (a relation of a discrete
  /// equation inside a condition of discrete variables that is false: `pre(mode) == Backward and
  /// v > v_small` while sliding forward), from d alone; the root finding ignores the others.
  const Tape& indicator_activity() const { return indicator_activity_; }
  /// Indicators from here on are those of the discrete equations alone (the others switch branches
  /// of the continuous equations or outputs).
  std::size_t first_discrete_indicator() const { return first_discrete_indicator_; }
  /// Per indicator, the algebraic unknowns it reads: the integrator controls their error while the
  /// indicator is watched, so that its crossing is located on an accurate interpolation of them.
  const std::vector<std::vector<std::uint32_t>>& indicator_algebraic_columns() const { return indicator_algebraic_; }
  const Tape& jump_values() const { return jump_values_; }

  /// The tunable parameters (Netlist::tunable) the compiled numbers come from, by name, and their
  /// values at the build; a run sets its own (ProgramState::set_tunable_values). A parameter named
  /// tunable that no compiled number depends on (one a component reads as a plain number, or one
  /// nothing uses) is not among them.
  const std::vector<std::string>& tunable_names() const { return trace_.parameter_names(); }
  std::span<const double> tunable_build_values() const { return trace_.build_values(); }
  /// Their units (SI, as the components declare them) and checks, by the same index.
  const std::vector<TunableParameter>& tunable_parameters() const { return trace_.parameters(); }
  /// The index of tunable parameter `name`, or nullopt.
  std::optional<std::size_t> tunable_index(std::string_view name) const;
  /// How the compiled numbers follow from the tunable parameters.
  const CompiledTrace& trace() const { return trace_; }

  /// The initialization's residual and Jacobian with the initial parameters as unknowns.
  /// @throws std::logic_error for a model without initial parameters (use the tapes).
  const InitialProblem& initial_problem() const;

  // The tapes. A program is immutable once compiled: a run evaluates its tapes with workspaces,
  // parameter values and branch signs of its own (ProgramState), so that one program serves any
  // number of runs, in any number of threads, at once.
  const Tape& residual() const { return residual_; }
  const JacobianTape& jacobian() const { return jacobian_; }
  /// Event indicators (continuous; a branch switches where one crosses zero). The residual,
  /// Jacobian and output tapes take the branch signs of these indicators.
  const Tape& indicators() const { return indicators_; }
  /// The indicators as expressions (empty once the analysis is released: ProgramOptions::keep_analysis).
  const std::vector<Expr>& indicator_expressions() const { return indicator_set_.expressions; }
  std::size_t indicator_count() const { return indicators_.output_count(); }
  /// For each indicator g_k: Σ_j |∂g_k/∂y_j|·nominal_j at (t, y, y'), how far g_k moves when every
  /// unknown it reads moves by its nominal magnitude. Times the relative tolerance, the level below
  /// which g_k is indistinguishable from zero in a solution of that accuracy. 0 for an indicator
  /// of time alone.
  std::vector<double> indicator_scales(const TapeInputs& at) const;
  /// The tape indicator_scales() evaluates (its outputs: the scales).
  const Tape& indicator_scales_tape() const { return *indicator_scales_; }

  /// The model's outputs (names as in the netlist), in terms of the unknowns.
  const Tape& outputs() const { return outputs_; }
  const std::vector<std::string>& output_names() const { return output_names_; }
  /// Each output's SI unit as its component declares it ("" for a discrete variable).
  const std::vector<std::string>& output_units() const { return output_units_; }

  /// Whether the energy tapes were compiled (ProgramOptions::energy).
  bool has_energy() const { return energy_flows_.has_value(); }
  /// Whether the power audit's terms were compiled (ProgramOptions::power_audit).
  bool has_power_audit() const { return energy_.has_value(); }
  /// Energy terms of every instance that has any, in one tape (ProgramOptions::energy). Its
  /// switching nodes hold the branches of the model's indicators where they share them (evaluate
  /// with the branch signs) and compare live elsewhere. @throws std::logic_error without them.
  const Tape& energy() const;
  /// The flows the ledger books: every account's loss, injected power and Σ port power, which it
  /// integrates (the first energy_integrated_flows() outputs), then every account's Σ |port power|,
  /// which only scales the balances; each where not identically zero (EnergyAccount::loss_flow …).
  /// @throws std::logic_error without the energy terms.
  const Tape& energy_flows() const;
  std::size_t energy_integrated_flows() const { return energy_integrated_flows_; }
  /// The stored energy of every account, one output each in account order.
  const Tape& energy_stored() const;
  /// The model's total loss power and total injected power (two outputs), and their Jacobian
  /// (∂/∂y + cj·∂/∂y', two rows): what the integrator integrates to steer its steps by the works.
  const Tape& energy_totals() const;
  const JacobianTape& energy_totals_jacobian() const;
  const std::vector<EnergyAccount>& accounts() const { return accounts_; }
  /// ∂F/∂t of every residual (explicit time dependence; ProgramOptions::energy): with the Jacobian
  /// it gives the derivatives of the algebraic unknowns (consistency.hpp).
  const Tape& time_partials() const;

  /// The entries of the state selection's solution-dependent blocks (dae().reduction.pivots, each
  /// rows × cols, row-major, one after the other); no outputs when there are none.
  const Tape& selection() const { return selection_; }

  /// The components' assertions (Definition::assertions), one tape output each (valid while > 0),
  /// with their messages "<instance>: <message>".
  const Tape& assertions() const { return assertions_; }
  const std::vector<std::string>& assertion_messages() const { return assertion_messages_; }

 private:
  struct IndicatorSet {
    std::vector<Expr> expressions;
    IndicatorIndex index;
    /// Per indicator, the condition of discrete variables under which its crossing matters (1: always).
    std::vector<Expr> activity;
    std::size_t first_discrete = 0;  ///< indicators from here on are the discrete equations' alone
  };
  /// The indicators of the residuals, outputs and discrete equations. A relation of discrete
  /// variables alone (`pre(mode) == 1`) changes only at events: it is indexed to compare live.
  static IndicatorSet collect_indicators(const ReducedDae& dae, const std::vector<Expr>& outputs,
                                         const std::vector<Expr>& discrete_values, const InputMap& inputs,
                                         ExplicitDerivatives& derivatives);
  std::vector<Expr> build_discrete_values(const Model& model);
  /// state_jumps_ and the expressions of their values. @throws ModelError for a reinit of a variable
  /// that is not a state the integrator carries.
  std::vector<Expr> build_state_jumps(const Model& model);
  void build_energy(const Model& model, bool power_audit);
  Tape build_assertions(const Model& model);
  Tape build_selection() const;
  void build_initial_problem();
  /// The trace of the numbers the tapes compiled from tunable parameters (once every tape exists).
  void build_trace();
  /// Every tape of the program but the Jacobians (the initialization's included).
  std::vector<const Tape*> tapes() const;
  void keep_what_messages_read(const Model& model, bool keep_analysis);
  /// Frees what only the outputs, indicators, assertions and energy terms were compiled from.
  void release_expressions();
  void release_analysis();
  Tape build_indicator_scales() const;

  std::optional<ReducedDae> dae_;  ///< released once compiled unless ProgramOptions::keep_analysis
  std::size_t size_ = 0;
  bool kept_analysis_ = true;
  InitialParameters initial_;
  ExternalInputs external_;
  DiscreteVariables discretes_;
  InputMap inputs_;  ///< where every tape reads the unknowns (one column map, shared)
  ExplicitDerivatives derivatives_;
  std::vector<Expr> output_expressions_;
  std::vector<Expr> discrete_values_;  ///< what discrete_update() computes (gone once compiled)
  IndicatorSet indicator_set_;
  Tape residual_;
  JacobianTape jacobian_;
  Tape indicators_;
  Tape outputs_;
  Tape discrete_update_;
  std::vector<bool> discrete_reads_continuous_;
  Tape indicator_activity_;
  std::vector<std::vector<std::uint32_t>> indicator_algebraic_;
  std::size_t first_discrete_indicator_ = 0;
  std::vector<StateJump> state_jumps_;
  Tape jump_values_;
  std::vector<std::string> assertion_messages_;
  Tape assertions_;
  Tape selection_;
  std::vector<EnergyAccount> accounts_;
  std::optional<Tape> energy_, energy_flows_, energy_stored_, energy_totals_;
  std::size_t energy_integrated_flows_ = 0;
  std::optional<JacobianTape> energy_totals_jacobian_;
  std::optional<Tape> time_partials_;
  std::optional<Tape> indicator_scales_;  ///< built once the nominals are known
  std::unique_ptr<InitialProblem> initial_problem_;
  CompiledTrace trace_;
  std::vector<double> id_, nominal_, start_;

  // What messages and the solver read, owned (the model may be gone):
  std::vector<std::string> names_, output_names_, output_units_;
  std::vector<TargetMessage> targets_;
  std::vector<PivotBlock> pivot_blocks_;
  /// Who wrote each model equation and what it says (the model's, shared).
  std::shared_ptr<const EquationLabels> labels_;
  std::vector<std::size_t> residual_equation_;
  /// By model equation: where it closes a loop (loop_closed_at), for the equations that do.
  std::unordered_map<std::size_t, std::string> loop_closures_;
  IndexLists residual_definitions_;
  std::vector<std::size_t> solved_equation_;
  IndexLists solved_definitions_;
  std::unordered_map<std::size_t, std::string> written_residuals_;  ///< the rows without an equation, as text
  std::vector<std::string> initial_parameter_texts_;
};

/// Loads, assembles, analyzes and compiles in one call.
std::unique_ptr<Program> compile(const Model& model, ProgramOptions options = {});

}  // namespace acausal
