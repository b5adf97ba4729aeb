#pragma once
/// @file
/// The energy account of a simulation (DESIGN §4.5): the global balance
/// E_stored(t) + W_loss(t) − W_in(t) − E_stored(t0), and the same balance for every component,
/// E(t) − E(t0) − (W_ports + W_injected − W_loss), which stays at the integration's accuracy for a
/// correctly written component and drifts away for a sign error. On request, also the power audit
/// Σ port power + injected − dE/dt − loss at every step, zero to rounding for a correct component.

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/analysis/program_state.hpp"
#include "solver/energy_report.hpp"
#include "solver/ida_session.hpp"
#include "solver/sparse_lu.hpp"

namespace acausal {

/// Books the energy terms along the solution. The works are quadratures of the integrator (IDAS):
/// their rates (every component's loss, injected power and port power, where not identically zero)
/// are evaluated once per step at the converged solution and integrated with the states' own
/// formula, so the account costs a few evaluations per step and no factorization. What passes
/// through each component (∫ Σ |port power| dt), which only scales its balance, is summed from the
/// same evaluations by the trapezoidal rule. The balances are checked at every step end.
class EnergyLedger {
 public:
  /// Evaluates the energy terms through the run's state: with the branch signs the solver holds, so
  /// that they switch where the equations do (a spring's energy on the same side of a kink as its
  /// torque). `power_audit`: also the power audit at every step end (a consistent-derivative solve
  /// each: several times the cost of the run).
  EnergyLedger(ProgramState& state, bool power_audit);
  /// The state at the start.
  void start(double t, const double* y, const double* yp);
  /// What the integrator is to carry for the account (IdaSession::Integrals): the model's total
  /// loss and injected work, with a small weight in the states' error test, so that IDA's orders are
  /// those at which the works integrate accurately (integrate_with's quadratures hold its steps to
  /// them). After start().
  IdaSession::Integrals step_control();
  /// The works become quadratures of `ida` (started at the same time as start()).
  void integrate_with(IdaSession& ida);
  /// Books a jump of the states at an event (reinit) at time t: every component's stored energy
  /// before minus after is lost there (ComponentEnergy::lost_at_events).
  void book_jump(double t, const double* y_before, const double* yp_before, const double* y_after,
                 const double* yp_after);
  /// Checks the global balance and every component's at the end of a step of `ida` (the solver's y
  /// and y' there satisfy the equations).
  void check_balance(IdaSession& ida);
  /// The account so far, every component's included (their records are filled in here: one
  /// caller at a time, as for the rest of a run).
  const EnergyReport& report() const;
  /// The model's totals so far (without going through every component).
  EnergyTotals totals() const {
    return {report_.time_end, report_.stored_end, report_.work_lost, report_.work_injected};
  }

 private:
  void audit_power(double t, const double* y, const double* yp);
  /// Program::energy_flows() at (t, y, y') into flows_.
  void evaluate_flows(double t, const double* y, const double* yp);
  /// Adds the throughputs' trapezoid from the last step end to t.
  void sum_throughputs(double t, IdaSession& ida);

  ProgramState& state_;
  const Program& program_;
  std::vector<double> stored_, values_;
  std::vector<double> y_, yp_;
  std::vector<double> flows_;  ///< the last evaluation of Program::energy_flows(), at flows_time_
  double flows_time_ = 0.0;
  /// Every account's works as read by the balance (Program::energy_flows() order): the integrated
  /// ones (the integrator's quadratures), then ∫ Σ |port power| dt of every account that has one,
  /// then a 0 for the works an account does not have.
  std::vector<double> work_;
  /// The throughputs at through_time_, where their sum has got to.
  std::vector<double> through_before_;
  double through_time_ = 0.0;
  /// The flows that are losses, and those that are injected powers (they add up to the totals).
  std::vector<std::uint32_t> loss_flows_, injected_flows_;
  /// Per account, the positions in work_ of its loss, injected, port and passing works.
  std::vector<std::uint32_t> loss_at_, injected_at_, ports_at_, through_at_;
  /// Per account: its stored energy at the start, lost at events, worst balance so far and when,
  /// and its energy scale (ComponentEnergy's fields, filled in by report()).
  std::vector<double> stored_start_, lost_at_events_, worst_balance_, worst_balance_time_, energy_scale_;
  /// max over time of |E(t)| + |W_loss| + |W_in| of the whole model (the report's energy scale adds
  /// the components' magnitudes instead): the size of the totals the integrator carries.
  double net_scale_ = 0.0;
  /// The magnitude of the totals that step_control() set up (0: none), raised with net_scale_.
  double steering_magnitude_ = 0.0;
  /// The model's work lost at events so far (Σ lost_at_events_).
  double lost_at_events_total_ = 0.0;
  static constexpr double kRestMagnitude = 1.0;  ///< [J] before a model at rest has an energy scale
  /// Quadratures after the flows: the totals that steer the step size (integrate_with).
  static constexpr std::size_t kTotals = 2;
  SparseLu lu_;  ///< of the power audit's consistency solves (its ordering is reused)
  mutable EnergyReport report_;
};

}  // namespace acausal
