#pragma once
/// @file
/// The energy account of a run (DESIGN §4.5): the global balance E_stored(t) + W_loss(t) − W_in(t) −
/// E_stored(t0), and every component's works and own balance (solver/energy_ledger.hpp books them).

#include <string>
#include <vector>

namespace acausal {

struct ComponentEnergy {
  std::string instance;
  double stored_start = 0.0, stored_end = 0.0;  ///< [J]
  double work_lost = 0.0;                       ///< ∫ loss dt + lost_at_events [J]
  /// Taken from its stored energy by jumps of the states at events (reinit: an inelastic impact) [J]
  double lost_at_events = 0.0;
  double work_injected = 0.0;                   ///< ∫ injected dt [J]
  double work_ports = 0.0;                      ///< ∫ Σ port power dt [J]
  double work_through = 0.0;                    ///< ∫ Σ |port power| dt: what passed through its ports [J]
  /// max over time of |E(t) − E(t0) − (W_ports + W_injected − W_loss)| [J], and when.
  double worst_balance = 0.0;
  double worst_balance_time = 0.0;  ///< [s] (the start while it is 0)
  /// max over time of |E(t)| + W_through + |W_injected| + |W_lost|: the energy it holds or handles [J]
  double energy_scale = 0.0;
  /// The power audit (SimulationOptions::power_audit; 0 without it):
  /// max |Σ port power + injected − dE/dt − loss| [W] with consistent derivatives, and when.
  double worst_audit = 0.0;
  double worst_audit_time = 0.0;  ///< [s] where worst_audit was reached (the start while it is 0)
  double power_scale = 0.0;     ///< max of Σ|port power|, |injected|, |dE/dt|, |loss| [W]
  /// worst_balance relative to the component's energy scale (0 when it never holds or handles any).
  double relative_balance() const { return energy_scale > 0.0 ? worst_balance / energy_scale : 0.0; }
  /// worst_audit relative to the component's power scale (0 when it never exchanges power).
  double relative_audit() const { return power_scale > 0.0 ? worst_audit / power_scale : 0.0; }
};

/// The model's totals at one time (EnergyReport's, without its components).
struct EnergyTotals {
  double time = 0.0;
  double stored = 0.0, work_lost = 0.0, work_injected = 0.0;  ///< [J]
};

struct EnergyReport {
  double time_start = 0.0, time_end = 0.0;
  double stored_start = 0.0, stored_end = 0.0;
  double work_lost = 0.0, work_injected = 0.0;
  double worst_balance = 0.0;  ///< max over time of |E(t) + W_loss − W_in − E(t0)| [J]
  double worst_balance_time = 0.0;  ///< [s] where worst_balance was reached (the start while it is 0)
  /// max over time of Σ over the components of |E_c(t)| + |W_loss,c| + |W_in,c| [J]: what the
  /// components hold and exchanged, each by its size (a body's potential energy below its datum,
  /// negative, does not cancel another's).
  double energy_scale = 0.0;
  bool power_audit = false;    ///< whether the components' power audits were evaluated
  std::vector<ComponentEnergy> components;
  double relative_balance() const { return energy_scale > 0.0 ? worst_balance / energy_scale : 0.0; }
};

}  // namespace acausal
