#pragma once
/// @file
/// What one run of a compiled Program changes, kept apart from the program: the values its tapes
/// read as parameters and external inputs, the branch signs of its event indicators, and a
/// workspace for each tape.

#include <functional>
#include <map>
#include <span>
#include <vector>

#include "core/analysis/program.hpp"

namespace acausal {

/// One run's view of a Program. The program stays untouched: any number of states evaluate it at
/// once, one per run or thread. A state itself is for one thread at a time.
class ProgramState {
 public:
  /// Parameters zero (until the initialization fixes them), external inputs NaN (until set) and
  /// every branch sign 0.
  explicit ProgramState(const Program& program);

  const Program& program() const { return *program_; }

  /// The values the tapes read as p: the initial parameters (Program::initial_parameters), fixed by
  /// the initialization.
  std::vector<double> parameters;
  /// The branch sign (−1, 0, +1) of each event indicator, as the last event left it: the residual,
  /// Jacobian, outputs, assertions and energy terms hold the branches these select.
  std::vector<double> branch;
  /// Initial values this run sets, by unknown (Program::name): high-priority targets that take the
  /// place of the netlist's for the initialization, without compiling again (Simulator::set_initial).
  std::map<std::size_t, double> initial_values;

  /// The external inputs' values (Program::input_names(), each in its unit), which the tapes read
  /// as u: NaN until set. An input with a function (set_input_function) takes its value from it
  /// at every evaluation.
  std::vector<double> input_values;

  /// The d input (Program::discretes()): the discrete variables' values, their pre() values and
  /// initial(); changed by the event iteration only.
  std::vector<double> discrete;
  /// Every discrete variable and its pre() at its start value, initial() 0; the states as the
  /// program starts them (id).
  void reset_discretes();
  /// The integrator's id of every unknown (1 differential, 0 algebraic) under this run's choice of
  /// states: Program::id() until the run chooses its states anew (StateSelectionCheck::choose).
  std::vector<double> id;
  /// Per indicator, whether its crossing can change anything under the discrete values
  /// (Program::indicator_activity): 1 or 0. All 1 until update_indicator_activity().
  std::vector<double> indicator_active;
  /// Evaluates the activity for the discrete values; an indicator that becomes active takes the
  /// branch of the side it is on at (t, y, y') beyond its hysteresis band (0 within it).
  void update_indicator_activity(double t, const double* y, const double* yp, const std::vector<double>& bands);

  /// What the tapes read at (t, y, y'): these arrays, the parameters, the external inputs (those
  /// given by functions evaluated at t first) and the discrete values.
  TapeInputs inputs(double t, const double* y, const double* yp) {
    if (has_input_functions_) evaluate_input_functions(t);
    return {t, y, yp, parameters.data(), input_values.data(), discrete.data()};
  }
  /// Gives input k a function of time, evaluated at the time of every evaluation (an empty one:
  /// the value in input_values holds again).
  void set_input_function(std::size_t k, std::function<double(double t)> f);
  /// Whether input k has a function.
  bool has_input_function(std::size_t k) const { return bool(input_functions_.at(k)); }

  /// This run's values of the tunable parameters (Program::tunable_names()): the build's until set.
  const std::vector<double>& tunable_values() const { return tunable_values_; }
  /// Gives the run these tunable parameter values: every number the tapes compiled from them is
  /// recomputed here, once, and the workspaces take it (no analysis, no compilation).
  /// @throws std::invalid_argument for a count other than the program's, or a value that would
  ///         change the equations' structure (naming the parameter and what the build decided).
  void set_tunable_values(std::vector<double> values);
  /// A workspace for one of the program's tapes, with this run's numbers (for a caller that
  /// evaluates a tape itself, as the initialization does).
  Tape::Workspace workspace(const Tape& tape) const;
  JacobianTape::Workspace workspace(const JacobianTape& tape) const;
  /// Program::indicator_scales at (t, y, y') with this run's numbers.
  std::vector<double> indicator_scales(double t, const double* y, const double* yp);

  /// F(t, y, y') into out[0 .. size).
  void residual(double t, const double* y, const double* yp, double* out);
  /// ∂F/∂y + cj·∂F/∂y' in the Jacobian's CSC pattern.
  void jacobian(double t, double cj, const double* y, const double* yp, double* values);
  /// ∂F/∂y then ∂F/∂y' (JacobianTape::partials), valid until the next call.
  std::span<const double> jacobian_partials(double t, const double* y, const double* yp);
  /// The indicators' values (they compare live: they are what decides the branches).
  void indicators(double t, const double* y, const double* yp, double* out);
  /// The outputs with the branches held; with `live`, every switch compares its operands instead (a
  /// model without unknowns has no events that would set the branches).
  void outputs(double t, const double* y, const double* yp, double* out, bool live = false);
  /// What every discrete variable becomes at an event (Program::discrete_update), each relation on
  /// the side `sides` gives its indicator (−1, 0 at the switch, +1; those of discrete variables alone
  /// compare live).
  void discrete_update(double t, const double* y, const double* yp, const double* sides, double* out);
  /// The values the states jump to (Program::state_jumps), relations compared live.
  void jump_values(double t, const double* y, const double* yp, double* out);
  /// The assertions (each valid while > 0).
  void assertions(double t, const double* y, const double* yp, double* out);
  /// The state selection's pivot block entries (Program::selection).
  void selection(double t, const double* y, const double* yp, double* out);
  /// The ledger's flows and stored energies (ProgramOptions::energy), and the power audit's energy
  /// terms and ∂F/∂t (ProgramOptions::power_audit). @throws std::logic_error without them.
  void energy_flows(double t, const double* y, const double* yp, double* out);
  /// Program::energy_totals and its Jacobian (∂/∂y + cj·∂/∂y', on its pattern).
  void energy_totals(double t, const double* y, const double* yp, double* out);
  void energy_totals_jacobian(double t, double cj, const double* y, const double* yp, double* values);
  void energy_stored(double t, const double* y, const double* yp, double* out);
  void energy(double t, const double* y, const double* yp, double* out);
  void time_partials(double t, const double* y, const double* yp, double* out);

 private:
  void evaluate_input_functions(double t);
  /// This run's value of a trace step (Program::trace()); only while trace_values_ is set.
  double step_value(std::uint32_t step) const { return trace_values_[program_->trace().index_of(step)]; }

  const Program* program_;
  std::vector<std::function<double(double t)>> input_functions_;  ///< per input; empty: none
  bool has_input_functions_ = false;  ///< any of input_functions_ is set
  std::vector<double> tunable_values_;
  std::vector<double> trace_values_;  ///< every trace step's value for tunable_values_; empty: the build's
  Tape::Workspace residual_, indicators_, outputs_, assertions_, selection_, discrete_update_, indicator_activity_,
      jump_values_, energy_, energy_flows_, energy_totals_,
      energy_stored_, time_partials_;
  JacobianTape::Workspace jacobian_, energy_totals_jacobian_;
};

}  // namespace acausal
