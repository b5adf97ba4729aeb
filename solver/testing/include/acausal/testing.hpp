#pragma once
/// @file
/// The testing API (library acausal::testing): checks for one's own component classes and netlists,
/// in any test framework. Each check returns a CheckResult, which is true when it passed and prints
/// what failed — which component or equation, where, how large against the tolerance:
///
/// ```cpp
/// // doctest (or Catch2): the message is printed when the check fails
/// CHECK(check_energy(*simulate_netlist_file("maglev.json", &registry), 1e-6));
/// // GoogleTest
/// const auto c = check_energy(*run, 1e-6);
/// EXPECT_TRUE(c) << c;
/// ```
///
/// For one component: instantiate() it with parameters, then at values of its variables and their
/// derivatives that you choose, evaluate its law (residuals(), check_residuals()), compare its
/// symbolic Jacobian with central differences (check_jacobian()) and evaluate its energy audit
/// (energy_audit(), check_energy_audit()). For a netlist: simulate it with the energy account
/// (simulate_netlist(), simulate_netlist_file()) and check the global balance and every component's
/// audit (check_energy()).

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <Eigen/Core>
#include <nlohmann/json.hpp>

#include "acausal/acausal.hpp"

#pragma GCC visibility push(default)

namespace acausal::testing {

// ---- results ------------------------------------------------------------------------------------

/// The outcome of a check: passed, or the findings that made it fail. True when it passed; printed
/// (operator<<, message()) it says what was checked and, one line each, what failed.
class CheckResult {
 public:
  /// One thing that failed: `subject` names it (a component instance, `balance`, an equation) and
  /// `detail` says how, with the numbers.
  struct Finding {
    std::string subject;
    std::string detail;
  };

  /// A check of `what` ("energy of maglev", …), passed until a finding is added.
  explicit CheckResult(std::string what);
  void add(std::string subject, std::string detail);

  bool passed() const { return findings_.empty(); }
  explicit operator bool() const { return passed(); }
  const std::vector<Finding>& findings() const { return findings_; }
  /// The subjects of the findings, each once, in the order found.
  std::vector<std::string> subjects() const;
  /// "<what>: passed", or "<what>: failed" and one line "  <subject>: <detail>" per finding.
  std::string message() const;

 private:
  std::string what_;
  std::vector<Finding> findings_;
};

std::ostream& operator<<(std::ostream& out, const CheckResult& result);

// ---- registries ---------------------------------------------------------------------------------

/// A registry of the built-in components and those of the component libraries at `libraries`
/// (load_component_library(), in order). @throws ComponentLibraryError.
Registry registry_with_libraries(const std::vector<std::string>& libraries);

// ---- one component ------------------------------------------------------------------------------

/// Values by name: a variable `x.flange.phi`, or a derivative `der(x.flange.phi)`; in a described
/// definition (describe_type()) also parameters by their own name (`c`). Evaluating an expression
/// with a name missing throws std::out_of_range naming it.
using Values = std::map<std::string, double>;

/// The definition of `component` (any class, registered or not) as instance `instance` with
/// `params` (as in a netlist: numbers in SI or strings with units), in a model whose World has the
/// default gravity. @throws ModelError as the netlist would (unknown parameter, wrong unit, a check).
Definition instantiate(const Component& component, const nlohmann::json& params = nlohmann::json::object(),
                       const std::string& instance = "x");
/// The same for the type `type` of `registry` (one with component libraries loaded, say).
/// @throws std::invalid_argument if `registry` has no such type.
Definition instantiate(const Registry& registry, const std::string& type,
                       const nlohmann::json& params = nlohmann::json::object(), const std::string& instance = "x");
/// The same for a built-in type.
Definition instantiate(const std::string& type, const nlohmann::json& params = nlohmann::json::object(),
                       const std::string& instance = "x");

/// Value of an expression at `values` (switches — abs, sign, min, max, if_else, tables — take the
/// branch of these values; no branch is held as in a simulation).
double value(const Expr& e, const Values& values);

/// Residuals of all equations, in declaration order.
std::vector<double> residuals(const Definition& d, const Values& values);

/// Every equation holds at `values`: |residual| ≤ tolerance (absolute, in the equation's unit). A
/// finding per equation that does not: `equation <k> (<description>)` and its residual.
CheckResult check_residuals(const Definition& d, const Values& values, double tolerance = 1e-9);

/// Modelica's local balance of a component: equations − (variables − signal inputs − through
/// variables). Zero for a balanced component: its connections supply one equation per through
/// variable, the inputs come from outside, and its own equations fix everything else. A frame
/// port's orientation (R and w, 12 variables) counts as the 3 variables of the constraint that
/// closes a loop through it, as in Modelica's overconstrained connectors (MLS §4.7), for each part
/// of the component's orientation graph (frame ports joined by its branches) without a root or
/// potential root: a force element's or a joint's frames get their orientation from the
/// connections; a World, a Fixed or a free Body writes its frame's.
std::ptrdiff_t balance_surplus(const Definition& d);

/// The component's power balance: Σ port power + injected − d(stored energy)/dt − loss, at `values`
/// (which must hold the derivatives the stored energy's rate reads). Zero (to rounding) wherever the
/// equations hold, if the energy terms agree with the law.
double energy_audit(const Definition& d, const Values& values);

/// energy_audit() at `values` relative to the component's power scale there — the largest of
/// Σ |port power|, |injected|, |d(stored)/dt| and |loss| — at most `tolerance`. The finding names
/// the instance and gives each term.
CheckResult check_energy_audit(const Definition& d, const Values& values, double tolerance = 1e-9);

/// A partial derivative ∂residual/∂name at `at`: symbolic (the solver's Jacobian entry) and by a
/// central difference of step `h`.
struct Partial {
  double symbolic = 0.0;
  double central = 0.0;
};
Partial partial(const Expr& residual, const std::string& name, const Values& at, double h);

struct JacobianOptions {
  /// |symbolic − central| ≤ tolerance · max(|symbolic|, |central|, largest |symbolic| of the equation).
  double tolerance = 1e-6;
  /// The central-difference step for x: step · max(|x|, 1).
  double step = 1e-6;
};

/// For every equation and every variable or derivative der(x) it reads, the symbolic partial
/// derivative (what the solver's Jacobian uses) against a central difference at `values`. Choose
/// points more than a step away from a switch (abs, sign, min, max, if_else, a table's kink): a
/// difference across it measures the jump, not the slope. A finding per entry that differs:
/// `equation <k> (<description>)`, the variable, both values.
CheckResult check_jacobian(const Definition& d, const Values& values, const JacobianOptions& options = {});

/// What check_component() checks a component with.
struct ComponentCheckOptions {
  /// The instance's parameters, as in a netlist (defaults where not given).
  nlohmann::json params = nlohmann::json::object();
  /// How many random operating points (each where all its equations hold).
  std::size_t points = 5;
  unsigned seed = 1;
  /// Relative, for the energy audit and passivity (of the power scale) and the Jacobian.
  double tolerance = 1e-6;
  /// Relations the operating points must also satisfy (each residual = 0), in the instance's
  /// variables (Expr::variable("x.frame_a.w[1]")): the range the component's law is stated for,
  /// such as a planar joint's frames turning about its axis. None: anywhere its equations and
  /// assertions hold.
  std::function<std::vector<Expr>(const Definition&)> operating_range;
};

/// The checks a component gets for free, in one call:
/// - balance: balance_surplus() is 0;
/// - units: on the described type (parameters as symbols with their units), every term of each
///   residual in one dimension, the stored energy in J, the loss and injected powers in W, the
///   arguments of sin, exp, log … dimensionless, and every declared unit one that parses (numbers
///   fit any dimension alone in a sum, none as a factor; a table's output has none known);
/// - at `points` random operating points where all its equations hold (its variables, their
///   derivatives and the time drawn within ± their nominal values, then moved onto the equations;
///   a frame's R a rotation with der(R) = −[w×]·R) —
///   - energy audit: Σ port power + injected − d(stored)/dt − loss = 0 (the derivatives the stored
///     energy's rate reads are found, not listed by hand),
///   - passivity: the loss power is ≥ 0,
///   - Jacobian: every symbolic ∂residual/∂x against central differences.
/// The title names the type; each finding names the check (`balance`, `units`, `energy audit`, `passivity`,
/// `Jacobian`, `operating point`) and gives the values. A component whose equations have no
/// solution near ± their nominal values fails with `operating point`.
CheckResult check_component(const Component& component, const ComponentCheckOptions& options = {});
/// The same for the type `type` of `registry`. @throws std::invalid_argument if there is none.
CheckResult check_component(const Registry& registry, const std::string& type,
                            const ComponentCheckOptions& options = {});
/// The same for a built-in type.
CheckResult check_component(const std::string& type, const ComponentCheckOptions& options = {});

// ---- a whole netlist ----------------------------------------------------------------------------

/// A netlist simulated to its end with the energy account, results in memory.
struct SimulationRun {
  std::unique_ptr<CompiledModel> model;  ///< compiled with the energy account and the power audit
  MemoryWriter writer;
  SimulationResult result;

  /// The output `name` at every output time. @throws std::out_of_range if there is none.
  std::vector<double> column(const std::string& name) const { return writer.column(name); }
  const std::vector<double>& times() const { return writer.times(); }
  /// The same at the points of the output grid alone (no event rows; a grid point on an event has
  /// the event's right limit).
  std::vector<double> grid_column(const std::string& name) const { return writer.grid_column(name); }
  std::vector<double> grid_times() const { return writer.grid_times(); }
  /// The outputs `name[1]`, `name[2]`, `name[3]` at row k.
  Eigen::Vector3d vector(const std::string& name, std::size_t k) const;
  /// The energy account. @throws std::logic_error if there is none.
  const EnergyReport& energy() const;
};

/// Simulates netlist `text` (JSON) as its experiment says, with the energy account. `registry`: the
/// built-in one unless given (give one with your component libraries or classes).
/// @throws ModelError, SolverError as `acausal simulate` would fail.
std::unique_ptr<SimulationRun> simulate_netlist(const std::string& text, const Registry* registry = nullptr);
/// The same for a netlist file.
std::unique_ptr<SimulationRun> simulate_netlist_file(const std::string& path, const Registry* registry = nullptr);
/// The same for a parsed netlist (changed by the test: `netlist.experiment.stop = 0.2;`).
std::unique_ptr<SimulationRun> simulate_netlist(const Netlist& netlist, const Registry* registry = nullptr);

/// Tolerances of check_energy(), both relative.
struct EnergyTolerance {
  /// The global balance's worst |E_stored + W_loss − W_in − E_stored(t0)| over the run, relative to
  /// the energy scale (EnergyReport::relative_balance()): of the order of the integration tolerance.
  double balance = 1e-6;
  /// Every component's worst audit |Σ port power + injected − dE/dt − loss| over the run, relative
  /// to its power scale (ComponentEnergy::relative_audit()): rounding for a correct component. An
  /// audit over it still passes if, sustained over the whole run, it would move the account by no
  /// more than `audit` times the energy scale: the noise of a component that exchanges (almost) no
  /// power, such as a free body, whose power scale is itself rounding.
  double audit = 1e-6;
};

/// The energy account closes: the global balance, every component's own balance (within
/// `balance` of its energy scale, or of the model's) and, where the run evaluated them
/// (SimulationOptions::power_audit; simulate_netlist does), every component's power audit within
/// the tolerances. A finding per component whose audit or else own balance is over it (subject: the
/// instance; when, how large and relative to what), and one for the balance (subject `balance`).
CheckResult check_energy(const EnergyReport& report, const EnergyTolerance& tolerance);
/// The same with one tolerance for both.
CheckResult check_energy(const EnergyReport& report, double tolerance);
CheckResult check_energy(const SimulationRun& run, const EnergyTolerance& tolerance);
CheckResult check_energy(const SimulationRun& run, double tolerance);

}  // namespace acausal::testing

#pragma GCC visibility pop
