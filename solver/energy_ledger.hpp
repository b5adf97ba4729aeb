#pragma once
/// @file
/// The energy account of a simulation (DESIGN §4.5): the global balance
/// E_stored(t) + W_loss(t) − W_in(t) − E_stored(t0), and per component the audit
/// Σ port power + injected − dE/dt − loss, which is zero for a correctly written component.

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/analysis/program_state.hpp"
#include "solver/sparse_lu.hpp"

namespace acausal {

struct ComponentEnergy {
  std::string instance;
  double stored_start = 0.0, stored_end = 0.0;  ///< [J]
  double work_lost = 0.0;                       ///< ∫ loss dt [J]
  double work_injected = 0.0;                   ///< ∫ injected dt [J]
  double work_ports = 0.0;                      ///< ∫ Σ port power dt [J]
  double worst_audit = 0.0;     ///< max |Σ port power + injected − dE/dt − loss| [W]
  double worst_audit_time = 0.0;  ///< [s] where worst_audit was reached (the start while it is 0)
  double power_scale = 0.0;     ///< max of Σ|port power|, |injected|, |dE/dt|, |loss| [W]
  /// worst_audit relative to the component's power scale (0 when it never exchanges power).
  double relative_audit() const { return power_scale > 0.0 ? worst_audit / power_scale : 0.0; }
};

struct EnergyReport {
  double time_start = 0.0, time_end = 0.0;
  double stored_start = 0.0, stored_end = 0.0;
  double work_lost = 0.0, work_injected = 0.0;
  double worst_balance = 0.0;  ///< max over time of |E(t) + W_loss − W_in − E(t0)| [J]
  double worst_balance_time = 0.0;  ///< [s] where worst_balance was reached (the start while it is 0)
  double energy_scale = 0.0;   ///< max over time of |E(t)| + |W_loss| + |W_in| [J]
  std::vector<ComponentEnergy> components;
  double relative_balance() const { return energy_scale > 0.0 ? worst_balance / energy_scale : 0.0; }
};

/// Integrates the energy terms along the solution: Gauss–Legendre quadrature over every internal
/// solver step, on the solver's own interpolating polynomial, so the integrals are as accurate as
/// the trajectory.
class EnergyLedger {
 public:
  /// Evaluates the energy terms through the run's state: with the branch signs the solver holds, so
  /// that they switch where the equations do (a spring's energy on the same side of a kink as its
  /// torque).
  explicit EnergyLedger(ProgramState& state);
  /// The state at the start.
  void start(double t, const double* y, const double* yp);
  /// Adds the interval [a, b] of one step; `sample(t, y, yp)` fills y and y' at t in [a, b].
  template <typename Sample>
  void step(double a, double b, Sample&& sample);
  /// Checks the global balance and every component's audit at the end of a step (after step()),
  /// where the solver's y and y' satisfy the equations (between steps the interpolant does not).
  void check_balance(double t, const double* y, const double* yp);
  const EnergyReport& report() const { return report_; }

 private:
  void terms(double t, const double* y, const double* yp);
  double stored_total() const;

  ProgramState& state_;
  const Program& program_;
  std::vector<double> values_;
  std::vector<double> y_, yp_;
  SparseLu lu_;  ///< of the consistency solves (its ordering is reused: the pattern never changes)
  EnergyReport report_;
};

template <typename Sample>
void EnergyLedger::step(double a, double b, Sample&& sample) {
  // 3-point Gauss–Legendre on [a, b]: exact for polynomials of degree 5.
  static constexpr double node[3] = {-0.7745966692414834, 0.0, 0.7745966692414834};
  static constexpr double weight[3] = {5.0 / 9.0, 8.0 / 9.0, 5.0 / 9.0};
  const double half = 0.5 * (b - a);
  const double mid = 0.5 * (a + b);
  const auto& accounts = program_.accounts();
  for (int q = 0; q < 3; ++q) {
    const double t = mid + half * node[q];
    sample(t, y_, yp_);
    terms(t, y_.data(), yp_.data());
    for (std::size_t c = 0; c < accounts.size(); ++c) {
      const EnergyAccount& acc = accounts[c];
      ComponentEnergy& e = report_.components[c];
      const double w = half * weight[q];
      const double loss = values_[acc.loss], injected = values_[acc.injected], ports = values_[acc.port_power];
      e.work_lost += w * loss;
      e.work_injected += w * injected;
      e.work_ports += w * ports;
      report_.work_lost += w * loss;
      report_.work_injected += w * injected;
    }
  }
}

}  // namespace acausal
