#include "solver/energy_ledger.hpp"

#include <algorithm>
#include <cmath>

#include "solver/consistency.hpp"
#include "solver/ida_session.hpp"

namespace acausal {

EnergyLedger::EnergyLedger(ProgramState& state, bool power_audit) : state_(state), program_(state.program()) {
  stored_.resize(program_.accounts().size());
  if (power_audit) values_.resize(program_.energy().output_count());
  report_.power_audit = power_audit;
  for (const EnergyAccount& a : program_.accounts()) report_.components.push_back({a.instance});
}

void EnergyLedger::start(double t, const double* y, const double* yp) {
  state_.energy_stored(t, y, yp, stored_.data());
  flows_.resize(program_.energy_flows().output_count());
  work_through_.assign(flows_.size() - program_.energy_integrated_flows(), 0.0);
  if (!work_through_.empty()) evaluate_flows(t, y, yp);
  through_before_.assign(flows_.begin() + static_cast<std::ptrdiff_t>(program_.energy_integrated_flows()), flows_.end());
  through_time_ = t;
  report_.time_start = report_.time_end = t;
  report_.stored_start = 0.0;
  for (std::size_t c = 0; c < stored_.size(); ++c) {
    ComponentEnergy& e = report_.components[c];
    e.stored_start = e.stored_end = stored_[c];
    e.energy_scale = std::fabs(stored_[c]);
    e.worst_audit_time = e.worst_balance_time = t;
    report_.stored_start += stored_[c];
  }
  report_.stored_end = report_.stored_start;
  report_.worst_balance_time = t;
  net_scale_ = std::fabs(report_.stored_start);
  report_.energy_scale = 0.0;
  for (double e : stored_) report_.energy_scale += std::fabs(e);
}

void EnergyLedger::evaluate_flows(double t, const double* y, const double* yp) {
  state_.energy_flows(t, y, yp, flows_.data());
  flows_time_ = t;
}

IdaSession::Integrals EnergyLedger::step_control() {
  IdaSession::Integrals integrals;
  const std::size_t flows = program_.energy_integrated_flows();
  if (flows == 0) return integrals;
  // The totals once more, as unknowns of the integrator with a weight of 1e-2: they decide IDA's
  // order where the states' estimates are rounding (integrate_with's quadratures decide the steps).
  integrals.names = {"energy account: total work lost", "energy account: total work injected"};
  integrals.rate = [this](double t, const double* y, const double* yp, double* rate) {
    state_.energy_totals(t, y, yp, rate);
  };
  integrals.rate_pattern = program_.energy_totals_jacobian().pattern();
  integrals.rate_jacobian = [this](double t, double cj, const double* y, const double* yp, double* values) {
    state_.energy_totals_jacobian(t, cj, y, yp, values);
  };
  // Works of the energy scale (check_balance raises it as it grows), of 1 J in a model at rest.
  integrals.magnitude = steering_magnitude_ = net_scale_ > 0.0 ? net_scale_ : kRestMagnitude;
  integrals.weight = 1e-2;
  return integrals;
}

void EnergyLedger::integrate_with(IdaSession& ida) {
  const std::size_t flows = program_.energy_integrated_flows();
  if (flows == 0) return;
  // Two more quadratures, the model's total loss and injected power (Program::energy_totals),
  // steer the step size: where they integrate accurately, so does every component's. (Not the power
  // passing through: its |port power| terms have a kink wherever one changes sign, and would hold
  // the steps down.)
  ida.integrate_quadratures(
      flows + kTotals,
      [this, flows](double t, const double* y, const double* yp, double* rate) {
        // IDAS evaluates the rates once per step, at its converged solution: the throughputs
        // evaluated with them serve check_balance at the end of that step.
        evaluate_flows(t, y, yp);
        std::copy(flows_.begin(), flows_.begin() + static_cast<std::ptrdiff_t>(flows), rate);
        state_.energy_totals(t, y, yp, rate + flows);
      },
      // Works of 1 J, or of the energy at the start, to half the states' relative tolerance: the
      // balance adds up the works' local errors over the run (the 10⁴-mass chain closed to 1.2e-5
      // of its scale at tolerance 1e-6 with the states' own, 7.9e-6 with half).
      kTotals, std::max(1.0, net_scale_), 0.5);
}

void EnergyLedger::book_jump(double t, const double* y_before, const double* yp_before, const double* y_after,
                             const double* yp_after) {
  std::vector<double> after(stored_.size());
  state_.energy_stored(t, y_before, yp_before, stored_.data());
  state_.energy_stored(t, y_after, yp_after, after.data());
  for (std::size_t c = 0; c < stored_.size(); ++c) report_.components[c].lost_at_events += stored_[c] - after[c];
}

void EnergyLedger::check_balance(IdaSession& ida) {
  const double t = ida.time();
  report_.time_end = t;
  if (stored_.empty()) return;
  static const std::vector<double> none;
  const std::size_t integrated = program_.energy_integrated_flows();
  const std::vector<double>& work = integrated > 0 ? ida.quadratures() : none;
  sum_throughputs(t, ida);
  const auto integral = [&](std::uint32_t flow) {
    if (flow == EnergyAccount::kNoFlow) return 0.0;
    return flow < integrated ? work[flow] : work_through_[flow - integrated];
  };
  state_.energy_stored(t, ida.y(), ida.yp(), stored_.data());
  double stored = 0.0, lost = 0.0, injected = 0.0, magnitude = 0.0;
  const auto& accounts = program_.accounts();
  for (std::size_t c = 0; c < stored_.size(); ++c) {
    ComponentEnergy& e = report_.components[c];
    e.stored_end = stored_[c];
    e.work_lost = integral(accounts[c].loss_flow) + e.lost_at_events;
    e.work_injected = integral(accounts[c].injected_flow);
    e.work_ports = integral(accounts[c].ports_flow);
    e.work_through = integral(accounts[c].throughput_flow);
    const double balance = std::fabs(e.stored_end - e.stored_start - (e.work_ports + e.work_injected - e.work_lost));
    if (balance > e.worst_balance) {
      e.worst_balance = balance;
      e.worst_balance_time = t;
    }
    e.energy_scale = std::max(e.energy_scale, std::fabs(e.stored_end) + e.work_through + std::fabs(e.work_injected) +
                                                  std::fabs(e.work_lost));
    stored += e.stored_end;
    lost += e.work_lost;
    injected += e.work_injected;
    magnitude += std::fabs(e.stored_end) + std::fabs(e.work_lost) + std::fabs(e.work_injected);
  }
  report_.stored_end = stored;
  report_.work_lost = lost;
  report_.work_injected = injected;
  const double balance = stored + lost - injected - report_.stored_start;
  if (std::fabs(balance) > report_.worst_balance) {
    report_.worst_balance = std::fabs(balance);
    report_.worst_balance_time = t;
  }
  // Each component's energies by their size: a potential energy below its datum (negative) must not
  // cancel another body's (1000 links of a pendulum chain each holding 4.3 J summed to 0.06 J).
  report_.energy_scale = std::max(report_.energy_scale, magnitude);
  net_scale_ = std::max(net_scale_, std::fabs(stored) + std::fabs(lost) + std::fabs(injected));
  if (steering_magnitude_ > 0.0 && net_scale_ > 2.0 * steering_magnitude_)
    ida.set_integrals_magnitude(steering_magnitude_ = net_scale_);
  if (report_.power_audit) audit_power(t, ida.y(), ida.yp());
}

void EnergyLedger::sum_throughputs(double t, IdaSession& ida) {
  if (work_through_.empty() || t == through_time_) return;
  // The rates of the step that ended at t, unless the step ended elsewhere (a root between the
  // solver's points) or nothing evaluated them (no integrated flows).
  if (flows_time_ != t) evaluate_flows(t, ida.y(), ida.yp());
  const double half_step = 0.5 * (t - through_time_);
  const double* now = flows_.data() + program_.energy_integrated_flows();
  for (std::size_t k = 0; k < work_through_.size(); ++k) {
    work_through_[k] += half_step * (through_before_[k] + now[k]);
    through_before_[k] = now[k];
  }
  through_time_ = t;
}

void EnergyLedger::audit_power(double t, const double* y, const double* yp) {
  // The audit compares powers: it needs y' that satisfies the equations exactly, not to the
  // integrator's Newton tolerance (which, divided by the step size, would dominate the audit).
  const std::size_t n = program_.size();
  y_.assign(y, y + n);
  yp_.assign(yp, yp + n);
  make_consistent(state_, t, y_, yp_, lu_);
  state_.energy(t, y_.data(), yp_.data(), values_.data());
  const auto& accounts = program_.accounts();
  for (std::size_t c = 0; c < accounts.size(); ++c) {
    const EnergyAccount& a = accounts[c];
    ComponentEnergy& e = report_.components[c];
    const double ports = values_[a.port_power], injected = values_[a.injected];
    const double rate = values_[a.stored_rate], loss = values_[a.loss];
    const double audit = std::fabs(ports + injected - rate - loss);
    if (audit > e.worst_audit) {
      e.worst_audit = audit;
      e.worst_audit_time = t;
    }
    // Against the power passing through, not the net port power: an ideal gear passes power with
    // a net of zero, and its audit is measured against what it transmits.
    e.power_scale = std::max({e.power_scale, values_[a.throughput], std::fabs(injected), std::fabs(rate), std::fabs(loss)});
  }
}

}  // namespace acausal
