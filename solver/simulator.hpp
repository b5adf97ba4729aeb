#pragma once
/// @file
/// One run of a compiled Program, advanced by its caller: initialization, integration to any time,
/// events with both of their sides, the state at the current time, and (on request) the energy
/// account. The Program is only read: any number of simulators run one program at once, one per
/// thread.

#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/expr/tape.hpp"
#include "solver/energy_report.hpp"
#include "solver/initial_state.hpp"
#include "solver/solver_statistics.hpp"

namespace acausal {

class CompiledModel;
class EnergyLedger;
class IdaSession;
class Program;
class ProgramState;
class StateSelectionCheck;

/// What a run asks for. `interval` is the caller's output grid: a Simulator goes where step_to
/// sends it.
struct SimulationOptions {
  double start = 0.0;
  double stop = 1.0;
  double interval = 0.002;   ///< output grid (simulate())
  double tolerance = 1e-6;   ///< relative; absolute tolerances are tolerance · nominal
  bool energy = false;       ///< integrate the energy account
  /// With the energy account: also every component's power audit at every step (a solve for
  /// consistent derivatives each; for tests of components, several times the cost of the run).
  bool power_audit = false;
  /// Called after every integrator step with the time reached and the steps so far (a progress line).
  std::function<void(double t, std::size_t steps)> on_step;
  /// Called by simulate() once the rows of each output grid point are written (those of the events
  /// since the last point with them), with the simulator at that time: its energy account so far,
  /// its statistics.
  std::function<void(const class Simulator&)> on_row;
  /// Per external input (Program::input_names()): a function of time that gives its value (in the
  /// input's unit), as Simulator::set_input_function; empty entries (or none) leave the input to
  /// the Simulator's set_input or set_input_function.
  std::vector<std::function<double(double t)>> inputs;
  /// The run's values of the tunable parameters (Program::tunable_names(), SI), as
  /// Simulator::set_parameter for each; empty: the values the program was built with.
  std::vector<double> tunable_values;
  /// High-priority initial values of unknowns by name (`mass.s`), as Simulator::set_initial for each.
  std::vector<std::pair<std::string, double>> initial;
};

/// Both sides of an event: the unknowns and the outputs just before the branches switched (the
/// left limit) and just after the integrator restarted (the right limit), at the same time.
struct SimulatorEvent {
  double time = 0.0;
  std::span<const double> y_before, yp_before, outputs_before;
  std::span<const double> y_after, yp_after, outputs_after;
  /// Per indicator: +1 it rose through zero, −1 it fell, 0 it did not cross.
  std::span<const int> crossed;
};

class Simulator {
 public:
  /// @throws std::invalid_argument if options.energy asks for energy terms the program was
  ///         compiled without (ProgramOptions::energy), or stop < start, or as
  ///         ProgramState::set_tunable_values for options.tunable_values.
  Simulator(const Program& program, SimulationOptions options);
  /// A run of a compiled model (its program).
  Simulator(const CompiledModel& model, SimulationOptions options);
  ~Simulator();
  Simulator(const Simulator&) = delete;
  Simulator& operator=(const Simulator&) = delete;

  /// Consistent initial values at the start time (the netlist's targets and start values); the
  /// first step_to() does it when it has not been done.
  /// @throws ModelError (initial targets), SolverError (no convergence).
  const InitialState& initialize();
  /// Initializes (as initialize()) and moves the initial state out to the caller, leaving the
  /// simulator without a copy of its vectors (a large model's run holds one, not two).
  InitialState take_initial_state();

  /// Sets the initial value of unknown `name` (Program::name: `mass.s`, `der(x)`) for this run, as a
  /// high-priority target in place of the netlist's, before initialize().
  /// @throws std::logic_error after the initialization, std::invalid_argument naming the unknown
  ///         when there is none of that name (with the unknowns of the instance it names).
  void set_initial(std::string_view name, double value);

  /// Sets tunable parameter `name` (Program::tunable_names(): `spring.c`, compiled tunable through
  /// Netlist::tunable) for this run, in SI units, before initialize(): the numbers that depend on
  /// it are recomputed, nothing is analyzed or compiled again.
  /// @throws std::logic_error after the initialization; std::invalid_argument when the program has
  ///         no tunable parameter of that name (listing those it has), or when the value would
  ///         change the structure of the equations (ProgramState::set_tunable_values).
  void set_parameter(std::string_view name, double value);
  /// This run's value of tunable parameter `name`. @throws std::invalid_argument as set_parameter.
  double parameter(std::string_view name) const;

  /// Integrates to t (time() ≤ t ≤ stop), through every event on the way, each reported to
  /// on_event in time order. Afterwards time() is t and y(), yp() the solution there, interpolated
  /// from the integrator's step that covers t (the integrator itself may have gone further). At an
  /// event at t the values are its right limit. Between calls to step_to, the caller may read the
  /// outputs and the state, and set the state.
  /// @throws SolverError (integration failure, a component's assertion),
  ///         std::invalid_argument for t before time() or after the stop time.
  void step_to(double t);

  double time() const { return time_; }
  /// The unknowns and their derivatives at time(): every one, or only those set_sampled() chose.
  const std::vector<double>& y() const { return y_; }
  const std::vector<double>& yp() const { return yp_; }
  /// Interpolate only these unknowns (ascending; kind Y) and derivatives (kind YP) at step_to: a
  /// caller that reads a few (a large model's outputs) skips interpolating the others, which keep
  /// stale values. Both empty: every one (the default).
  void set_sampled(std::vector<std::uint32_t> y_columns, std::vector<std::uint32_t> yp_columns);

  /// Replaces the differential unknowns at time() (algebraic unknowns and derivatives are solved
  /// for again) and restarts the integrator there. `y` holds every unknown; the algebraic ones are
  /// the guess for the new consistent values.
  /// @throws std::logic_error with the energy account on (the ledger would book the jump as
  ///         nothing), SolverError if no consistent values are found.
  void set_state(std::span<const double> y);

  /// Holds external input k (Program::input_names()) at `value`, in the input's unit, from time()
  /// on, until it is set again; it replaces a function the input had. Set before the run starts, it
  /// is the input's value from the start. A value changed during the run is a step: the integrator
  /// restarts at time() as at an event (the states go on, the algebraic unknowns and derivatives are
  /// made consistent, the branches of indicators the step crossed switch); it is not reported to
  /// on_event.
  /// @throws std::out_of_range for no input k, std::invalid_argument for a value that is not finite,
  ///         std::logic_error for a change during a run with the energy account on (its integrals
  ///         reach the integrator's time, which may be ahead of time()).
  void set_input(std::size_t k, double value);
  /// The same for the input named `name`. @throws std::invalid_argument when there is none.
  void set_input(std::string_view name, double value);
  /// Gives external input k a function of time, evaluated at the time of every evaluation (residual,
  /// Jacobian, indicators, outputs): a smooth input, followed by the integrator's error control
  /// without a restart. Given during the run, the integrator restarts at time() (as set_input).
  /// @throws as set_input.
  void set_input_function(std::size_t k, std::function<double(double t)> f);

  /// The program's outputs at time() (Program::output_names()).
  void outputs(double* out);
  /// What the tapes read at time(): y(), yp(), the parameters, the inputs' values there, the
  /// discrete variables (valid until the run moves on). Initializes the run if needed.
  TapeInputs tape_inputs();
  const Program& program() const;
  /// The run's parameter values and branch signs.
  const ProgramState& state() const { return *state_; }
  /// Integrator statistics so far.
  SolverStatistics statistics() const;
  /// The energy account so far (with SimulationOptions::energy).
  std::optional<EnergyReport> energy() const;
  /// The same without a copy: nullptr without the account; valid until the next step_to.
  const EnergyReport* energy_so_far() const;
  /// The model's energy totals so far, without its components' (cheap at every output row).
  std::optional<EnergyTotals> energy_totals_so_far() const;
  /// Reports each event (step_to), both sides.
  std::function<void(const SimulatorEvent&)> on_event;

 private:
  void check_assertions(double t, const double* y, const double* yp);
  /// Runs `check`; a SolverError it throws waits in failure_ until the caller asks for a time at or
  /// after the step that failed, so that every value before it can still be written.
  template <typename Check>
  void defer_failure(Check&& check);
  /// One integrator step (toward the stop time), its end checked and booked; true when it stopped
  /// at a root.
  bool advance();
  /// Switches the branches of the indicators that crossed at the integrator's time (`at_root`: it
  /// stopped at a root; else only indicators that sat at zero have moved off it), restarts it,
  /// iterates the discrete variables and reports the event.
  void handle_event(bool at_root);
  /// Modelica's event iteration at the integrator's time: every discrete variable takes its
  /// equation's value, the continuous unknowns are made consistent with the new values, and again,
  /// until no value changes; then pre() takes the values, and again, until pre() equals them.
  /// `initial`: initial() is true throughout (the initialization's iteration).
  /// @throws SolverError naming the discrete variables that still change after kMaxEventIterations.
  void iterate_discretes(bool initial);
  static constexpr int kMaxEventIterations = 50;
  /// The states' jumps (Program::state_jumps) whose triggers rose in this event iteration (true now,
  /// false in pre()): the integrator restarts from the new states and the ledger books the energy the
  /// jump took. Whether any jumped.
  bool jump_states();
  /// The algebraic unknowns the watched indicators read join the integrator's error test
  /// (IdaSession::control_algebraic): their crossings are located on accurate interpolations.
  void control_watched_unknowns();
  /// Whether indicators that sat exactly at zero have moved off it; with `apply`, their branches
  /// take the side the solution moved to.
  bool settle_zero_branches(bool apply);
  /// Chooses the states anew at the integrator's time, where the selection has degraded
  /// (StateSelectionCheck), and restarts the integrator with them.
  void choose_states();
  void sample(double t);
  /// After an external input changed during the run: the integrator restarts at time() from the
  /// solution there, and the branches of indicators the change moved to their other side switch.
  void restart_after_input_change();
  /// After the integrator restarted at time() from values given from outside (set_state, an
  /// input's change): nothing a step ended with is pending any more, and y(), yp() are its
  /// consistent values.
  void restarted_at_time();

  SimulationOptions options_;
  std::unique_ptr<ProgramState> state_;
  std::optional<InitialState> initial_;
  std::unique_ptr<IdaSession> ida_;
  std::unique_ptr<StateSelectionCheck> selection_;
  std::unique_ptr<EnergyLedger> ledger_;
  double time_ = 0.0;
  double eps_ = 0.0;             ///< times closer than this are the same time
  std::exception_ptr failure_;  ///< a component's assertion failed at the integrator's time
  bool event_pending_ = false;   ///< the integrator stopped at a root at or beyond time()
  bool settle_pending_ = false;  ///< and a branch of a zero indicator is to be settled there
  bool stopped_ = false;         ///< the integrator reached the stop time
  bool choice_pending_ = false;  ///< and the states are to be chosen anew there
  std::size_t steps_ = 0;
  std::vector<double> y_, yp_;
  std::vector<std::uint32_t> sampled_y_, sampled_yp_;
  std::vector<double> indicator_, assertion_;
};

}  // namespace acausal
