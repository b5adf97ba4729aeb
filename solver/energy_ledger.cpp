#include "solver/energy_ledger.hpp"

#include <algorithm>
#include <cmath>

#include "solver/consistency.hpp"
#include "solver/ida_session.hpp"

namespace acausal {

EnergyLedger::EnergyLedger(ProgramState& state, bool power_audit) : state_(state), program_(state.program()) {
  const std::vector<EnergyAccount>& accounts = program_.accounts();
  const std::size_t count = accounts.size();
  stored_.resize(count);
  if (power_audit) values_.resize(program_.energy().output_count());
  report_.power_audit = power_audit;
  for (const EnergyAccount& a : accounts) report_.components.push_back({a.instance});
  const std::size_t flows = program_.energy_flows().output_count();
  const std::size_t integrated = program_.energy_integrated_flows();
  flows_.resize(flows);
  through_before_.resize(flows - integrated);
  // A flow's work is at its own position in work_; a work an account does not have reads the 0 after them.
  work_.assign(flows + 1, 0.0);
  const auto at = [flows](std::uint32_t flow) {
    return flow == EnergyAccount::kNoFlow ? static_cast<std::uint32_t>(flows) : flow;
  };
  for (const EnergyAccount& a : accounts) {
    if (a.loss_flow != EnergyAccount::kNoFlow) loss_flows_.push_back(a.loss_flow);
    if (a.injected_flow != EnergyAccount::kNoFlow) injected_flows_.push_back(a.injected_flow);
    loss_at_.push_back(at(a.loss_flow));
    injected_at_.push_back(at(a.injected_flow));
    ports_at_.push_back(at(a.ports_flow));
    through_at_.push_back(at(a.throughput_flow));
  }
}

void EnergyLedger::start(double t, const double* y, const double* yp) {
  const std::size_t count = stored_.size();
  state_.energy_stored(t, y, yp, stored_.data());
  const std::size_t integrated = program_.energy_integrated_flows();
  if (flows_.size() > integrated) evaluate_flows(t, y, yp);
  std::copy(flows_.begin() + static_cast<std::ptrdiff_t>(integrated), flows_.end(), through_before_.begin());
  through_time_ = t;
  std::fill(work_.begin(), work_.end(), 0.0);
  report_.time_start = report_.time_end = t;
  stored_start_ = stored_;
  lost_at_events_.assign(count, 0.0);
  worst_balance_.assign(count, 0.0);
  worst_balance_time_.assign(count, t);
  energy_scale_.resize(count);
  report_.stored_start = 0.0;
  report_.energy_scale = 0.0;
  for (std::size_t c = 0; c < count; ++c) {
    energy_scale_[c] = std::fabs(stored_[c]);
    report_.stored_start += stored_[c];
    report_.energy_scale += std::fabs(stored_[c]);
    report_.components[c].worst_audit_time = t;
  }
  report_.stored_end = report_.stored_start;
  report_.work_lost = report_.work_injected = 0.0;
  report_.worst_balance = 0.0;
  report_.worst_balance_time = t;
  lost_at_events_total_ = 0.0;
  net_scale_ = std::fabs(report_.stored_start);
}

void EnergyLedger::evaluate_flows(double t, const double* y, const double* yp) {
  state_.energy_flows(t, y, yp, flows_.data());
  flows_time_ = t;
}

IdaSession::Integrals EnergyLedger::step_control() {
  IdaSession::Integrals integrals;
  if (program_.energy_integrated_flows() == 0) return integrals;
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
        // The totals (Program::energy_totals) are the sums of the flows just evaluated.
        double lost = 0.0, injected = 0.0;
        for (std::uint32_t f : loss_flows_) lost += flows_[f];
        for (std::uint32_t f : injected_flows_) injected += flows_[f];
        rate[flows] = lost;
        rate[flows + 1] = injected;
      },
      // Works of 1 J, or of the energy at the start, to half the states' relative tolerance: the
      // balance adds up the works' local errors over the run (the 10⁴-mass chain closed to 1.2e-5
      // of its scale at tolerance 1e-6 with the states' own, 7.9e-6 with half).
      kTotals, std::max(1.0, net_scale_), 0.5);
}

void EnergyLedger::book_jump(double t, const double* y_before, const double* yp_before, const double* y_after,
                             const double* yp_after) {
  std::vector<double> before(stored_.size()), after(stored_.size());
  state_.energy_stored(t, y_before, yp_before, before.data());
  state_.energy_stored(t, y_after, yp_after, after.data());
  for (std::size_t c = 0; c < stored_.size(); ++c) {
    lost_at_events_[c] += before[c] - after[c];
    lost_at_events_total_ += before[c] - after[c];
  }
}

void EnergyLedger::check_balance(IdaSession& ida) {
  const double t = ida.time();
  report_.time_end = t;
  const std::size_t count = stored_.size();
  if (count == 0) return;
  const std::size_t integrated = program_.energy_integrated_flows();
  // The integrator's quadratures at t (one interpolation of them all): the flows' works, then the two totals.
  static const std::vector<double> none;
  const std::vector<double>& quadratures = integrated > 0 ? ida.quadratures() : none;
  std::copy(quadratures.begin(), quadratures.begin() + static_cast<std::ptrdiff_t>(integrated), work_.begin());
  sum_throughputs(t, ida);
  state_.energy_stored(t, ida.y(), ida.yp(), stored_.data());
  double stored = 0.0, magnitude = 0.0;
  const double* work = work_.data();
  for (std::size_t c = 0; c < count; ++c) {
    const double e = stored_[c];
    const double lost = work[loss_at_[c]] + lost_at_events_[c];
    const double injected = work[injected_at_[c]];
    const double balance = std::fabs(e - stored_start_[c] - (work[ports_at_[c]] + injected - lost));
    if (balance > worst_balance_[c]) {
      worst_balance_[c] = balance;
      worst_balance_time_[c] = t;
    }
    const double size = std::fabs(e) + std::fabs(injected) + std::fabs(lost);
    energy_scale_[c] = std::max(energy_scale_[c], size + work[through_at_[c]]);
    stored += e;
    magnitude += size;
  }
  report_.stored_end = stored;
  report_.work_lost = lost_at_events_total_;
  report_.work_injected = 0.0;
  if (integrated > 0) {
    // The totals the integrator's error test holds (each component's works add up to them to its accuracy).
    report_.work_lost += quadratures[integrated];
    report_.work_injected = quadratures[integrated + 1];
  }
  const double balance = stored + report_.work_lost - report_.work_injected - report_.stored_start;
  if (std::fabs(balance) > report_.worst_balance) {
    report_.worst_balance = std::fabs(balance);
    report_.worst_balance_time = t;
  }
  // Each component's energies by their size: a potential energy below its datum (negative) must not
  // cancel another body's (1000 links of a pendulum chain each holding 4.3 J summed to 0.06 J).
  report_.energy_scale = std::max(report_.energy_scale, magnitude);
  net_scale_ = std::max(net_scale_, std::fabs(stored) + std::fabs(report_.work_lost) + std::fabs(report_.work_injected));
  if (steering_magnitude_ > 0.0 && net_scale_ > 2.0 * steering_magnitude_)
    ida.set_integrals_magnitude(steering_magnitude_ = net_scale_);
  if (report_.power_audit) audit_power(t, ida.y(), ida.yp());
}

void EnergyLedger::sum_throughputs(double t, IdaSession& ida) {
  if (through_before_.empty() || t == through_time_) return;
  // The rates of the step that ended at t, unless the step ended elsewhere (a root between the
  // solver's points) or nothing evaluated them (no integrated flows).
  if (flows_time_ != t) evaluate_flows(t, ida.y(), ida.yp());
  const double half_step = 0.5 * (t - through_time_);
  const std::size_t integrated = program_.energy_integrated_flows();
  const double* now = flows_.data() + integrated;
  double* through = work_.data() + integrated;
  for (std::size_t k = 0; k < through_before_.size(); ++k) {
    through[k] += half_step * (through_before_[k] + now[k]);
    through_before_[k] = now[k];
  }
  through_time_ = t;
}

const EnergyReport& EnergyLedger::report() const {
  const double* work = work_.data();
  for (std::size_t c = 0; c < report_.components.size(); ++c) {
    ComponentEnergy& e = report_.components[c];
    e.stored_start = stored_start_[c];
    e.stored_end = stored_[c];
    e.lost_at_events = lost_at_events_[c];
    e.work_lost = work[loss_at_[c]] + lost_at_events_[c];
    e.work_injected = work[injected_at_[c]];
    e.work_ports = work[ports_at_[c]];
    e.work_through = work[through_at_[c]];
    e.worst_balance = worst_balance_[c];
    e.worst_balance_time = worst_balance_time_[c];
    e.energy_scale = energy_scale_[c];
  }
  return report_;
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
