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
#include <vector>

#include "core/analysis/program_state.hpp"
#include "solver/energy_ledger.hpp"
#include "solver/ida_session.hpp"
#include "solver/initialization.hpp"

namespace acausal {

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
  ///         compiled without (ProgramOptions::energy), or stop < start.
  Simulator(const Program& program, SimulationOptions options);
  ~Simulator();
  Simulator(const Simulator&) = delete;
  Simulator& operator=(const Simulator&) = delete;

  /// Consistent initial values at the start time (the netlist's targets and start values); the
  /// first step_to() does it when it has not been done.
  /// @throws ModelError (initial targets), SolverError (no convergence).
  const InitialState& initialize();

  /// Integrates to t (time() ≤ t ≤ stop), through every event on the way, each reported to
  /// on_event in time order. Afterwards time() is t and y(), yp() the solution there, interpolated
  /// from the integrator's step that covers t (the integrator itself may have gone further). At an
  /// event at t the values are its right limit. Between calls to step_to, the caller may read the
  /// outputs and the state, and set the state.
  /// @throws SolverError (integration failure, a component's assertion, a degraded state selection),
  ///         std::invalid_argument for t before time() or after the stop time.
  void step_to(double t);

  double time() const { return time_; }
  /// The unknowns and their derivatives at time(): every one, or only those set_sampled() chose.
  const std::vector<double>& y() const { return y_; }
  const std::vector<double>& yp() const { return yp_; }
  /// Interpolate only these unknowns (ascending; kind Y) and derivatives (kind YP) at step_to: a
  /// caller that reads a few (a large model's outputs) skips interpolating the others, which keep
  /// stale values. Both empty and `all`: every one (the default).
  void set_sampled(std::vector<std::uint32_t> y_columns, std::vector<std::uint32_t> yp_columns, bool all = false);

  /// Replaces the differential unknowns at time() (algebraic unknowns and derivatives are solved
  /// for again) and restarts the integrator there. `y` holds every unknown; the algebraic ones are
  /// the guess for the new consistent values.
  /// @throws std::logic_error with the energy account on (the ledger would book the jump as
  ///         nothing), SolverError if no consistent values are found.
  void set_state(std::span<const double> y);

  /// The program's outputs at time() (Program::output_names()).
  void outputs(double* out);
  const Program& program() const { return state_.program(); }
  /// The run's parameter values and branch signs.
  const ProgramState& state() const { return state_; }
  /// Integrator statistics so far.
  SolverStatistics statistics() const;
  /// The energy account so far (with SimulationOptions::energy).
  std::optional<EnergyReport> energy() const;
  /// Reports each event (step_to), both sides.
  std::function<void(const SimulatorEvent&)> on_event;

 private:
  void check_assertions(double t, const double* y, const double* yp);
  /// Runs `check`; a SolverError it throws waits in failure_ until the caller asks for a time at or
  /// after the step that failed, so that every value before it can still be written.
  template <typename Check>
  void defer_failure(Check&& check);
  /// One integrator step (toward the stop time); its end checked and booked.
  IdaSession::Step advance();
  /// Switches the branches of the indicators that crossed at the integrator's time, restarts it and
  /// reports the event.
  void handle_event();
  /// Whether indicators that sat exactly at zero have moved off it; with `apply`, their branches
  /// take the side the solution moved to.
  bool settle_zero_branches(bool apply);
  void sample(double t);

  SimulationOptions options_;
  ProgramState state_;
  std::optional<InitialState> initial_;
  std::unique_ptr<IdaSession> ida_;
  std::unique_ptr<StateSelectionCheck> selection_;
  std::optional<EnergyLedger> ledger_;
  double time_ = 0.0;
  double eps_ = 0.0;             ///< times closer than this are the same time
  std::exception_ptr failure_;  ///< a component's assertion failed at the integrator's time
  bool event_pending_ = false;   ///< the integrator stopped at a root at or beyond time()
  bool settle_pending_ = false;  ///< and a branch of a zero indicator is to be settled there
  bool stopped_ = false;         ///< the integrator reached the stop time
  std::size_t steps_ = 0;
  std::vector<double> y_, yp_;
  std::vector<std::uint32_t> sampled_y_, sampled_yp_;
  bool sample_all_ = true;
  std::vector<double> indicator_, assertion_, ledger_y_, ledger_yp_;
};

}  // namespace acausal
