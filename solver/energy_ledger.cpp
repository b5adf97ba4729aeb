#include "solver/energy_ledger.hpp"

#include <cmath>

#include "solver/consistency.hpp"

namespace acausal {

EnergyLedger::EnergyLedger(ProgramState& state) : state_(state), program_(state.program()) {
  values_.resize(program_.energy().output_count());
  for (const EnergyAccount& a : program_.accounts()) report_.components.push_back({a.instance});
}

void EnergyLedger::terms(double t, const double* y, const double* yp) {
  state_.energy(t, y, yp, values_.data());
}

double EnergyLedger::stored_total() const {
  double e = 0.0;
  for (const EnergyAccount& a : program_.accounts()) e += values_[a.stored];
  return e;
}

void EnergyLedger::start(double t, const double* y, const double* yp) {
  terms(t, y, yp);
  report_.time_start = report_.time_end = t;
  report_.stored_start = report_.stored_end = stored_total();
  report_.worst_balance_time = t;
  report_.energy_scale = std::fabs(report_.stored_start);
  const auto& accounts = program_.accounts();
  for (std::size_t c = 0; c < accounts.size(); ++c) {
    report_.components[c].stored_start = report_.components[c].stored_end = values_[accounts[c].stored];
    report_.components[c].worst_audit_time = t;
  }
}

void EnergyLedger::check_balance(double t, const double* y, const double* yp) {
  // The audit compares powers: it needs y' that satisfies the equations exactly, not to the
  // integrator's Newton tolerance (which, divided by the step size, would dominate the audit).
  const std::size_t n = program_.size();
  y_.assign(y, y + n);
  yp_.assign(yp, yp + n);
  make_consistent(state_, t, y_, yp_, lu_);
  terms(t, y_.data(), yp_.data());
  report_.time_end = t;
  report_.stored_end = stored_total();
  const auto& accounts = program_.accounts();
  for (std::size_t c = 0; c < accounts.size(); ++c) {
    const EnergyAccount& a = accounts[c];
    ComponentEnergy& e = report_.components[c];
    e.stored_end = values_[a.stored];
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
  const double balance = report_.stored_end + report_.work_lost - report_.work_injected - report_.stored_start;
  if (std::fabs(balance) > report_.worst_balance) {
    report_.worst_balance = std::fabs(balance);
    report_.worst_balance_time = t;
  }
  report_.energy_scale = std::max(report_.energy_scale, std::fabs(report_.stored_end) + std::fabs(report_.work_lost) +
                                                            std::fabs(report_.work_injected));
}

}  // namespace acausal
