#pragma once
/// @file
/// The component API: a component class declares its parameters, ports, variables, equations and
/// energy terms through a ComponentBuilder, in one method. Nothing else: no solver, no netlist.
///
/// ```cpp
/// class Spring final : public Component {
///  public:
///   std::string_view type() const override { return "translational.Spring"; }
///   std::string_view summary() const override { return "Linear spring: f = c·(s_rel − s_rel0)"; }
///   void define(ComponentBuilder& b) const override {
///     Expr c = b.parameter("c", "N/m", 1.0, "Spring constant", positive());
///     Expr s_rel0 = b.parameter("s_rel0", "m", 0.0, "Unstretched length");
///     Compliant e = define_compliant(b, translational());
///     b.equation(e.flow - c * (e.rel - s_rel0), "Hooke's law");
///     b.stored_energy(0.5 * c * pow(e.rel - s_rel0, 2));
///   }
/// };
/// ```

#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/model/domain.hpp"
#include "core/model/environment.hpp"
#include "core/model/frame_roles.hpp"
#include "core/expr/expr.hpp"
#include "core/expr/table.hpp"

namespace acausal {

class PointerMap;    // core/model/netlist.hpp
class TunableNames;  // core/model/tunable_names.hpp

/// Attributes of a declared variable.
struct VariableOptions {
  double start = 0.0;                    ///< initial guess or target (see InitialTarget)
  std::optional<double> nominal;         ///< magnitude for absolute tolerances; default from start or 1
  StatePriority priority = StatePriority::Default;
};

/// Where a variable's initial value comes from.
enum class TargetPriority : std::uint8_t {
  None,  ///< the component's start value, used as a guess
  Low,   ///< met if the rest of the model allows it
  High,  ///< must hold exactly
};

/// A check on a numeric parameter value: returns an error message ("must be positive") or nothing.
using ParameterCheck = std::function<std::optional<std::string>(double value)>;
ParameterCheck positive();
ParameterCheck non_negative();
ParameterCheck in_range(double low, double high);  ///< closed interval
ParameterCheck at_least(double low);

/// Everything one instance declared, in declaration order. Names, units and descriptions are kept
/// text (core/model/kept_text.hpp): shared by all instances, valid for the life of the process.
struct Definition {
  struct Parameter {
    std::string_view name, unit, description;
    std::string_view default_text;  ///< for documentation: "1", "[0, 0, 0, 0, 0]", "\"symmetric\""
    bool given = false;             ///< set by the netlist (or --set)
    std::optional<double> value;    ///< a real number's value in SI (parameter(), parameter_value())
  };
  /// A physical constant of the law, with its unit (ComponentBuilder::constant).
  struct Constant {
    std::string_view name, unit, description;
    double value;  ///< in SI
  };
  struct Variable {
    std::string_view local_name;  ///< within the instance: `w`, `flange.phi`, `tau` (a signal port)
    Expr symbol;                  ///< Expr::variable("<instance>.<local_name>")
    std::string_view unit, description;
    VariableOptions options;
    TargetPriority target = TargetPriority::None;
    bool is_port = false;
  };
  struct Equation {
    Expr residual;  ///< residual = 0
    std::string_view description;
  };
  struct PortInfo {
    Port port;
    std::string_view description;
  };
  /// A condition the model stays valid under (ComponentBuilder::assertion).
  struct Assertion {
    Expr condition;  ///< valid while > 0
    std::string message;
  };
  /// A discrete variable (ComponentBuilder::discrete): a Boolean (0 or 1) or an Integer, constant
  /// between events, set by its equation at every event.
  struct Discrete {
    std::string_view local_name, description;
    Expr symbol;      ///< its value: Expr::parameter("<instance>.<local_name>")
    Expr pre_symbol;  ///< its value before the event: Expr::parameter("pre(<instance>.<local_name>)")
    double start = 0.0;  ///< pre() at the initialization
    bool boolean = false;
    /// What it becomes at an event (ComponentBuilder::discrete_equation), in the instance's
    /// variables; null until written.
    std::optional<Expr> value;
  };
  /// A jump of a state at an event (ComponentBuilder::reinit).
  struct Reinit {
    Expr trigger;   ///< a Boolean discrete variable: the jump happens where it becomes true
    Expr variable;  ///< the state
    Expr value;     ///< what it jumps to, in the instance's variables
  };
  /// A parameter fixed at initialization: ComponentBuilder::initial_parameter, or a netlist
  /// parameter given `"fixed": false`.
  struct InitialParameter {
    std::string_view local_name;
    Expr symbol;  ///< Expr::parameter("<instance>.<local_name>")
    /// What it equals at the start time, in the instance's variables; none for a netlist parameter
    /// given `"fixed": false`, which an initial value of the netlist determines instead.
    std::optional<Expr> value;
    std::string_view unit, description;
    double guess = 0.0;   ///< where the initialization's Newton starts it (the netlist's "value")
    std::string pointer;  ///< the netlist parameter's JSON pointer; empty for a component's own
  };

  std::string instance;  ///< empty when describing a type
  std::string type;
  std::string pointer;   ///< JSON pointer of the instance: `/components/<instance>`
  std::vector<Parameter> parameters;
  std::vector<Constant> constants;
  std::vector<PortInfo> ports;
  std::vector<Variable> variables;
  std::vector<Equation> equations;
  /// In declaration order (their equations hold together at an event: ComponentBuilder::discrete_equation).
  std::vector<Discrete> discretes;
  std::vector<Reinit> reinits;
  std::vector<InitialParameter> initial_parameters;
  std::vector<Assertion> assertions;
  /// Remarks for `acausal check` about the parameter values (a choice that slows the simulation).
  std::vector<std::string> notes;
  /// Set by a component that provides the model's gravity (multibody.World).
  std::optional<Gravity> provided_gravity;
  /// Set by a component whose equations close kinematic loops (a planar cut joint, a rod with a
  /// spherical end): initialization names it when those equations cannot be met.
  bool closes_loops = false;
  /// The parts of its own orientation graph (frame ports joined by its branches) with no root:
  /// what the local balance counts a frame's orientation by (parts_without_root(), local_balance()).
  /// Set where the component's frame declaration is at hand: in a model, and by testing::instantiate().
  std::size_t frame_parts_without_root = 0;
  Expr stored_energy = 0.0;   ///< [J]
  Expr loss_power = 0.0;      ///< [W], dissipated (≥ 0 for a passive element)
  Expr injected_power = 0.0;  ///< [W], taken from a signal by a source

  /// The variable with this local name, or nullptr.
  const Variable* find_variable(std::string_view local_name) const;
  /// The port with this name, or nullptr.
  const Port* find_port(std::string_view name) const;
  /// The discrete variable with this local name, or nullptr.
  const Discrete* find_discrete(std::string_view local_name) const;
};

/// Hands a component its parameter values and records what it declares.
///
/// In an instance (from a netlist) numeric parameters are constants, so zero coefficients fold away
/// (an odd polynomial has no sign() and so no events). When describing a type they are symbolic
/// parameters named after themselves, so `acausal describe` prints `tau - c*phi_rel`.
class ComponentBuilder {
 public:
  enum class Mode { Instance, Describe };

  /// `params` is the instance's "params" object (or null); its keys that are never asked for are
  /// reported as unknown parameters by finish().
  ComponentBuilder(Mode mode, std::string instance, std::string type, std::string pointer,
                   const nlohmann::json* params);
  ~ComponentBuilder();
  ComponentBuilder(const ComponentBuilder&) = delete;
  ComponentBuilder& operator=(const ComponentBuilder&) = delete;

  /// Where the values of some parameters were written, when not at `<pointer>/params/<name>` (a
  /// subsystem parameter's value: NetlistComponent::param_pointers); nullptr: none.
  void set_param_pointers(const PointerMap* pointers) { param_pointers_ = pointers; }

  Mode mode() const { return mode_; }
  const std::string& instance() const {
    depends_on_name_ = true;
    return def_.instance;
  }
  /// True when the definition depends on the instance name beyond the names of its variables (it
  /// asked for instance(), or built a table, which is named after the instance).
  bool depends_on_name() const { return depends_on_name_; }
  /// The parameters parameter() gives as tunable numbers (Netlist::tunable; nullptr: none).
  void set_tunable(const TunableNames* tunable) { tunable_ = tunable; }
  /// Whether parameter() gave a tunable number (the definition then holds this instance's own trace
  /// steps, and is no template for others).
  bool has_tunable() const { return has_tunable_; }

  // ---- parameters -------------------------------------------------------------------------------
  /// A physical constant of the law in `unit` (SI), as Modelica's `constant Real R(unit = "J/(kg.K)")`:
  /// a netlist cannot set it, but it carries its unit, so the law's dimensions check (a number
  /// folded into an equation has none). In Describe mode the symbol `name`.
  Expr constant(std::string_view name, std::string_view unit, double value, std::string_view description);
  /// The factor by which a quantity in a given unit grows when the unit system changes; constant()
  /// applies it. Set by the testing API's unit check; 1 for every unit otherwise.
  void set_unit_conversion(std::function<double(std::string_view unit)> conversion) {
    unit_conversion_ = std::move(conversion);
  }

  /// A real parameter in `unit` (SI; the netlist may give another unit of the same dimension).
  /// The netlist may also give `{ "value": <guess>, "fixed": false }` (Modelica's `fixed = false`):
  /// the parameter is then an unknown of the initialization, determined by one more initial value
  /// than the model's states need, and constant afterwards; the check applies to the guess.
  /// @throws ModelError at /components/<i>/params/<name> for a wrong unit, a non-finite value, or a
  ///         failed check (message: "<name> must be positive, got -3").
  Expr parameter(std::string_view name, std::string_view unit, double default_value, std::string_view description,
                 const ParameterCheck& check = {});
  /// The numeric value of a parameter in an instance; in Describe mode the default. A number the
  /// definition computes with, so the netlist cannot give it `"fixed": false`.
  double parameter_value(std::string_view name, std::string_view unit, double default_value,
                         std::string_view description, const ParameterCheck& check = {});
  /// An array of `size` reals (size 0: any length ≥ 1).
  std::vector<double> vector_parameter(std::string_view name, std::string_view unit, std::vector<double> default_value,
                                       std::string_view description, std::size_t size = 0);
  /// Polynomial coefficients c1..cn: an array of exactly `units.size()` reals, element i in
  /// units[i] (N·m/rad, N·m/rad², …); `unit_text` documents them all ("N*m/rad^i").
  /// @throws ModelError naming the parameter for a wrong count ("k must have 5 coefficients
  ///         (k1..k5), got 3"), a wrong unit or a non-finite element (at its element's pointer).
  std::vector<double> coefficients(std::string_view name, const std::vector<std::string>& units,
                                   std::string_view unit_text, std::vector<double> default_value,
                                   std::string_view description);
  /// An object of named vectors, `{ "<name>": [x, y, …], … }`, each of `size` reals in `unit`
  /// (numbers or unit strings); empty when not given. Names follow the instance-name rule.
  /// @throws ModelError at the offending member: a bad name, a wrong length, a bad value.
  std::vector<std::pair<std::string, std::vector<double>>> named_vectors(std::string_view name, std::string_view unit,
                                                                         std::size_t size, std::string_view description);
  /// The name and unit of one column of a rows_parameter().
  struct RowColumn {
    std::string_view name, unit;
  };
  /// A table given as rows: an array of at least one row, each an array of exactly
  /// `columns.size()` reals, element j a number or a "<number> <unit>" string in columns[j].unit.
  /// Documented as `[[<name 0>, <name 1>, …], …]`.
  /// @throws ModelError at the parameter (not an array, no row), at a row (wrong length, "row 2
  ///         must have 5 values [w, eta_mf1, …], got [1, 2]") or at an element (a bad value,
  ///         "eta_mf1 is not a finite number").
  std::vector<std::vector<double>> rows_parameter(std::string_view name, const std::vector<RowColumn>& columns,
                                                  std::vector<std::vector<double>> default_rows,
                                                  std::string_view description);
  /// Whether the netlist gives parameter `name` (does not count as asking for it).
  bool is_given(std::string_view name) const;
  /// The number of values in the first row of parameter `name` when the netlist gives it as an
  /// array of arrays, else 0 (for rows whose width the netlist chooses: a table of n columns read
  /// with rows_parameter). Does not count as asking for it.
  std::size_t first_row_length(std::string_view name) const;
  /// A data file that a string parameter names (`"file": "cycle.csv"`): `path` as resolved (for
  /// messages), `text` its contents.
  struct DataFile {
    std::string path;
    std::string text;
  };
  /// Reads the data file parameter `name` names, when the model is built: a path relative to the
  /// file the instance is written in (the netlist, or the subsystem file that defines it), whose
  /// real path must lie in the netlist's directory tree or one of its search path
  /// (core/model/file_access.hpp), a regular file of at most kMaxFileBytes. Outside a netlist
  /// (the testing API) a path is relative to the working directory and must lie in its tree.
  /// nullopt when the netlist does not give the parameter (and in describe mode). The definition
  /// then depends on where the instance is written, and is no template for other instances.
  /// @throws ModelError at the parameter: not a non-empty string, no such file, outside those
  ///         directories, not a regular file, too large.
  std::optional<DataFile> data_file(std::string_view name, std::string_view description);
  /// The unit a signal source's values carry: the SI unit of the dimension the netlist wrote for
  /// the parameters `names` (`"150 N"` → "kg*m/s^2"), "1" where it wrote plain numbers (and in
  /// describe mode). Declare those parameters and the output in it: the output then carries that
  /// unit and may feed only inputs of its dimension (or dimensionless ones).
  /// @throws ModelError at the second parameter when two of them carry different dimensions, or
  ///         at one whose unit does not parse.
  std::string value_unit(std::initializer_list<std::string_view> names) const;
  /// One of `options` (a string). @throws ModelError listing the valid options.
  std::string choice(std::string_view name, const std::vector<std::string>& options, std::string_view default_value,
                     std::string_view description);
  /// A boolean.
  bool flag(std::string_view name, bool default_value, std::string_view description);
  /// A lookup table object `{ "<x_name>": [...], "<y_name>": [...], "interpolation": "linear"|"smooth",
  /// "extrapolation": "linear"|"nearest" }`; nullopt when the netlist does not give one.
  std::optional<std::shared_ptr<const Table1D>> table_parameter(std::string_view name, std::string_view x_name,
                                                                std::string_view x_unit, std::string_view y_name,
                                                                std::string_view y_unit, std::string_view description);
  /// A lookup table `{ "<x_name>": [...], "<y_name>": [...] }` with the interpolation and
  /// extrapolation the component read as parameters of their own.
  std::optional<std::shared_ptr<const Table1D>> table_parameter(std::string_view name, std::string_view x_name,
                                                                std::string_view x_unit, std::string_view y_name,
                                                                std::string_view y_unit, std::string_view description,
                                                                Interpolation interpolation,
                                                                Extrapolation extrapolation);
  /// Stored for the user (visualization settings and the like), not used by the equations.
  void annotation(std::string_view name, std::string_view description);

  /// A parameter fixed at initialization, Modelica's `parameter Real p(fixed = false)` with the
  /// initial equation `p = value`: the initialization solves for it together with the initial state
  /// (so `value` may depend on states and on other unknowns), and it stays constant afterwards.
  /// Returns its symbol `<instance>.<name>`, for equations and energy terms. A spring whose
  /// deflection is measured from its start, θ = θ0 + φ − φ(t0), writes
  /// `theta_init + phi_rel - b.initial_parameter("phi_rel_start", "rad", "...", phi_rel)`.
  Expr initial_parameter(std::string_view name, std::string_view unit, std::string_view description,
                         const Expr& value);
  /// A parameter fixed at initialization without an equation of its own (Modelica's `fixed =
  /// false` with no initial equation, MSL's computeRodLength): one initial value more than the
  /// model's states need determines it, and `guess` starts the initialization's Newton there. A
  /// netlist parameter given `"fixed": false` is one.
  Expr computed_parameter(std::string_view name, std::string_view unit, std::string_view description, double guess);

  // ---- discrete variables (docs/extending.md, "Modes and events") -----------------------------
  /// A Boolean discrete variable `<instance>.<name>` (value 0 or 1): constant between events, set
  /// by its discrete_equation at every event. `start` is its pre() value at the initialization.
  /// Use it as a condition (`if_else(locked, a, b)`) or a number. It is a column of the results.
  Expr boolean(std::string_view name, std::string_view description, bool start = false);
  /// An Integer discrete variable (a mode), as boolean().
  Expr integer(std::string_view name, std::string_view description, int start = 0);
  /// Its value before the event being handled (Modelica's pre()); between events, its value.
  /// @throws std::logic_error for an expression that is not a discrete variable of this component.
  Expr pre(const Expr& discrete) const;
  /// 1 during the initialization (and its event iteration), else 0 (Modelica's initial()).
  static Expr initial();
  /// What `discrete` becomes at every event: `value`, evaluated at the event with the continuous
  /// variables there and relations compared live. The discrete equations hold together: a discrete
  /// variable read in `value` is read at its new value (Modelica's sorted equations), so no two may
  /// read each other's (read pre() for the value before the event). Exactly one equation per
  /// discrete variable. @throws std::logic_error for a second equation of the same variable.
  void discrete_equation(const Expr& discrete, const Expr& value);
  /// Modelica's `when trigger then reinit(variable, value)`: at the event where the Boolean discrete
  /// variable `trigger` becomes true, the state `variable` (one the integrator carries: a position
  /// or speed of a mass) jumps to `value`, evaluated there with the new discrete values. The energy
  /// the jump takes from the model's stored energy is booked as lost at that event, by component
  /// (an inelastic impact's loss goes to the component whose speed jumps).
  /// @throws std::logic_error for a trigger that is not a Boolean discrete variable of this component.
  void reinit(const Expr& trigger, const Expr& variable, const Expr& value);

  /// A remark for `acausal check` on this instance's parameters (not an error): "k2 or k4 ≠ 0: …".
  void note(std::string text);

  // ---- the model's environment ------------------------------------------------------------------
  /// The model's environment, set by the assembler before define() (nullptr: none given).
  void set_environment(const Environment* environment) { environment_ = environment; }
  /// The model's gravity. In Describe mode the World's default.
  /// @throws ModelError at the instance when the model has no multibody.World.
  const Gravity& gravity() const;
  /// Sets the model's gravity (only a component whose provides_environment() is true may).
  void provide_gravity(const Gravity& gravity) { def_.provided_gravity = gravity; }
  /// The component's equations close kinematic loops (Definition::closes_loops).
  void closes_loops() { def_.closes_loops = true; }
  /// How the model's orientation graph reached this instance's frame ports (set by the assembler).
  /// Without roles (Describe mode, an instance built alone) every potential root is a root and a
  /// branch is rooted at whichever port the component asks about (components ask for frame_a).
  void set_frame_roles(const FrameRoles* roles) { roles_ = roles; }
  /// Whether the potential root `port` was chosen as a root (a free body then carries orientation states).
  bool is_root(std::string_view port) const;
  /// Whether the orientation reaches the branch port `port` first (see FrameRoles::rooted).
  bool rooted(std::string_view port) const;

  /// @throws ModelError at /components/<i>/params/<name> with `message`.
  [[noreturn]] void fail(std::string_view parameter, const std::string& message) const;
  /// @throws ModelError at an element of the parameter, /components/<i>/params/<name>/<index>/…
  ///         (`path` = {2, 1}: /…/<name>/2/1), with `message`.
  [[noreturn]] void fail(std::string_view parameter, std::initializer_list<std::size_t> path,
                         const std::string& message) const;

  // ---- ports and variables ----------------------------------------------------------------------
  /// A conserving port of `domain`; its variables are `<instance>.<name>.<quantity>`.
  Port port(std::string_view name, const Domain& domain, std::string_view description);
  /// A signal input port; returns its variable `<instance>.<name>`.
  Expr input(std::string_view name, std::string_view unit, std::string_view description);
  /// A signal output port; returns its variable `<instance>.<name>`.
  Expr output(std::string_view name, std::string_view unit, std::string_view description,
              const VariableOptions& options = {});
  /// An internal variable `<instance>.<name>`.
  Expr variable(std::string_view name, std::string_view unit, std::string_view description,
                const VariableOptions& options = {});

  // ---- equations and energy ---------------------------------------------------------------------
  /// residual = 0.
  void equation(const Expr& residual, std::string_view description = {});
  /// Energy stored in the component [J]. Each call adds a term.
  void stored_energy(const Expr& energy);
  /// Power dissipated [W]. Each call adds a term.
  void loss_power(const Expr& power);
  /// Power a source takes from its signal and delivers to its ports [W]. Each call adds a term.
  void injected_power(const Expr& power);
  /// The model is valid while `condition` > 0; at the first step where it is not, the simulation
  /// stops with a SolverError "<instance>: <message>" at that time (the rows so far are on disk).
  /// For a state the law cannot handle (seed 000: a spring of nonzero natural length whose ends
  /// meet at rest has no direction). Evaluated live after every step, not an event.
  void assertion(const Expr& condition, std::string message) {
    def_.assertions.push_back({condition, std::move(message)});
  }

  /// Checks that every netlist parameter was used, and returns the definition.
  /// @throws ModelError at the first unknown parameter, listing the valid names.
  Definition finish();

 private:
  std::optional<std::shared_ptr<const Table1D>> read_table(std::string_view name, std::string_view x_name,
                                                           std::string_view x_unit, std::string_view y_name,
                                                           std::string_view y_unit, std::string_view description,
                                                           const std::optional<std::pair<Interpolation, Extrapolation>>& fixed);
  std::string qualified(std::string_view local) const;
  std::string param_pointer(std::string_view name) const;
  const nlohmann::json* given(std::string_view name);
  /// A scalar parameter's value as the netlist gives it (a number, a unit string, or an object
  /// with "value" and "fixed"), checked; `computed` tells whether it is given `"fixed": false`.
  double scalar_value(std::string_view name, std::string_view unit, double default_value,
                      std::string_view description, const ParameterCheck& check, bool& computed);
  void declare(std::string_view name, std::string_view unit, std::string_view description,
               std::string_view default_text, bool given);
  Expr add_variable(std::string_view local, std::string_view unit, std::string_view description,
                    const VariableOptions& options, bool is_port);
  Expr add_discrete(std::string_view name, std::string_view description, double start, bool boolean);
  Definition::Discrete& discrete_of(const Expr& symbol, const char* who);
  const Definition::Discrete& discrete_of(const Expr& symbol, const char* who) const;

  Mode mode_;
  const Environment* environment_ = nullptr;
  std::function<double(std::string_view unit)> unit_conversion_;
  const FrameRoles* roles_ = nullptr;
  const nlohmann::json* params_;
  const PointerMap* param_pointers_ = nullptr;
  std::vector<std::string> used_;
  std::string name_buffer_;
  mutable bool depends_on_name_ = false;
  const TunableNames* tunable_ = nullptr;
  bool has_tunable_ = false;
  Definition def_;
};

/// A component class. Stateless: one object serves every instance of the type.
class Component {
 public:
  virtual ~Component() = default;
  /// `<domain>.<Name>`, e.g. `rotational.Inertia`.
  virtual std::string_view type() const = 0;
  /// One line for `acausal components`: what it is and its law.
  virtual std::string_view summary() const = 0;
  /// Declares everything through `b`.
  virtual void define(ComponentBuilder& b) const = 0;
  /// More than the summary, for the component reference and `acausal describe` (Markdown
  /// paragraphs: the law in full, parameterizations, ranges, conventions); empty by default.
  virtual std::string_view details() const { return {}; }
  /// True for a component that sets the model's environment (gravity): it is defined before the
  /// others, and a model has at most one.
  virtual bool provides_environment() const { return false; }
  /// The roots, potential roots and branches of its frame ports (see core/model/frame_roles.hpp);
  /// nothing by default. May depend on boolean parameters only (FrameDeclaration::flag).
  virtual void declare_frames(FrameDeclaration&) const {}
};

/// The definition of `type` with default parameters and symbolic parameter names, for documentation.
Definition describe_type(const Component& component);

/// Modelica's local balance of a definition: equations − (variables − signal inputs − through
/// variables), a frame's orientation counted as 3 variables for each part of its own orientation
/// graph without a root (Definition::frame_parts_without_root). Zero for a balanced component;
/// negative: that many equations too few.
std::ptrdiff_t local_balance(const Definition& d);

/// What Definition::frame_parts_without_root is for `d`, an instance of `type` with the netlist's
/// `params`, whose frames the model's orientation graph reached as `roles` says (nullptr: built
/// alone, every potential root a root).
std::size_t frame_parts_without_root(const Component& type, const Definition& d, const nlohmann::json* params,
                                     const FrameRoles* roles);

/// The two terminals R and C of a compliant element and its relative quantities:
/// rel = across_R − across_C, rate = der(rel), flow enters at R and leaves at C
/// (through_R = flow, through_C = −flow). Rotational names: phi_rel, w_rel, tau;
/// translational: s_rel, v_rel, f.
struct Compliant {
  Port R, C;
  Expr rel, rate, flow;
};
/// Declares ports R and C of a 1D domain, the variables rel, rate and flow, and their equations.
Compliant define_compliant(ComponentBuilder& b, const Domain& domain);
/// define_compliant for an element whose relative position is small next to 1 in SI (a stiff mount's
/// deflection), with Modelica's default magnitude for it (PartialCompliantWithRelativeStates): the
/// parameter `<across>_nominal` (rotational `phi_nominal` [rad], translational `s_nominal` [m]), default
/// 1e-4, is the nominal of rel; a value below the machine epsilon (0) gives rel no nominal.
/// A netlist's "nominal" for rel replaces it (docs/netlist-format.md, "Nominals").
/// @throws ModelError at …/params/<across>_nominal for a negative value.
Compliant define_compliant_with_relative_states(ComponentBuilder& b, const Domain& domain);

/// The flange of an element that acts between a flange and its housing (sources, after Modelica's
/// PartialElementaryOneFlangeAndSupport2).
struct FlangeAndSupport {
  Port flange;
  std::optional<Port> support;  ///< present when use_support = true
  Expr rel;                     ///< flange position relative to the housing (housing grounded: 0)
  Expr rate;                    ///< der(rel)
};
/// Reads the flag `use_support` (default false) and declares the port `flange` of a 1D domain and,
/// with the flag, the port `support` with the reaction equation support flow = −flange flow (the
/// element is massless). Without support the housing is grounded and takes the reaction.
FlangeAndSupport define_flange_and_support(ComponentBuilder& b, const Domain& domain,
                                           std::string_view flange_description);

/// The optional heat port of a dissipative element (MSL's `useHeatPort`), and where its loss goes.
/// Reads the flag `use_heat_port` (default false; ask for it on every path of define(), with the
/// element's loss power, 0 where it has none). Without it, `loss_power` is the element's loss
/// (ComponentBuilder::loss_power): the energy leaves the model. With it, the port `heat_port` of the
/// thermal domain carries the loss out as heat, heat_port.Q_flow = −loss_power (MSL's sign: into the
/// element), and the element loses nothing: its balance is mechanical power in = heat out, and the
/// energy stays in the model, in whatever the thermal network stores it (docs/architecture.md,
/// "Heat"). Write `loss_power` from the physics (d·w_rel², not tau·w_rel), as for loss_power(): the
/// power audit then still checks the element's law. The port must be connected: left open it carries
/// no flow, and the model is over-determined (the loss cannot be zero). Returns the port when declared.
std::optional<Port> define_heat_port(ComponentBuilder& b, const Expr& loss_power);

}  // namespace acausal
