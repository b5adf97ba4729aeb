// Rot_RollingWheel (Modelica.Mechanics.Rotational.Examples.RollingWheel) against its MSL reference:
// a torque step drives a wheel inertia that rolls a vehicle mass against a quadratic driving
// resistance (tests/reference/data/Rot_RollingWheel/model.md). Besides the reference columns, the
// run is checked against the closed form of its ODE and its energy account.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "acausal/testing.hpp"
#include "tests/reference/reference_case.hpp"

using namespace acausal;
using namespace acausal::reference;

TEST_SUITE("reference") {

TEST_CASE("Rot_RollingWheel: Modelica.Mechanics.Rotational.Examples.RollingWheel") {
  const CaseRun run = compare_case("Rot_RollingWheel", {
                                                           {"inertia.phi", "inertia.phi"},
                                                           {"inertia.w", "inertia.w"},
                                                       });
  // (J + m·r²)·dw/dt = tau − r·10·sign(v)·(v/5)² with J = 1, m = 1, r = 1, v = w: at rest until the
  // step at 0.1 s, then 2·dw/dt = 10 − 0.4·w², so w = 5·tanh(t − 0.1) and phi = 5·ln cosh(t − 0.1).
  // The vehicle rolls with the wheel: s = r·phi, v = r·w (mass.v is a state and inertia.w comes
  // from der(inertia.phi), so the speeds agree to the integration's accuracy, not to rounding).
  const std::vector<double>& t = run.result.times();
  const std::vector<double> phi = run.result.column("inertia.phi"), w = run.result.column("inertia.w");
  const std::vector<double> s = run.result.column("mass.s"), v = run.result.column("mass.v");
  double error_w = 0.0, error_phi = 0.0, slip = 0.0;
  for (std::size_t k = 0; k < t.size(); ++k) {
    const double tau = std::max(0.0, t[k] - 0.1);
    error_w = std::max(error_w, std::fabs(w[k] - 5.0 * std::tanh(tau)));
    error_phi = std::max(error_phi, std::fabs(phi[k] - 5.0 * std::log(std::cosh(tau))));
    slip = std::max({slip, std::fabs(s[k] - phi[k]), std::fabs(v[k] - w[k])});
  }
  MESSAGE("Rot_RollingWheel against w = 5·tanh(t − 0.1): max error w " << error_w << " rad/s, phi " << error_phi
                                                                      << " rad; wheel slip " << slip);
  CHECK(error_w <= 1e-5 * 5.0);
  CHECK(error_phi <= 1e-5 * 21.0);
  CHECK(slip <= 1e-6 * 5.0);

  // The wheel passes power on: tau_R·w + f_T·v = 0 at every row, to the accuracy with which the
  // rows' w and v agree; exactly in the ledger, which evaluates the port powers with consistent
  // derivatives (below). The energy account of the whole run closes: the step's work went into
  // the inertia, the mass and the resistance (a source with negative injected power).
  const std::vector<double> tau_R = run.result.column("idealRollingWheel.flange_R.tau");
  const std::vector<double> f_T = run.result.column("idealRollingWheel.flange_T.f");
  double net = 0.0, through = 0.0;
  for (std::size_t k = 0; k < t.size(); ++k) {
    net = std::max(net, std::fabs(tau_R[k] * w[k] + f_T[k] * v[k]));
    through = std::max(through, std::fabs(tau_R[k] * w[k]) + std::fabs(f_T[k] * v[k]));
  }
  MESSAGE("Rot_RollingWheel: the wheel's port powers sum to at most " << net << " W of " << through << " W");
  CHECK(through > 0.0);
  CHECK(net <= 1e-6 * through);
  const auto account = testing::simulate_netlist_file(ACAUSAL_SOURCE_DIR "/netlists/reference/Rot_RollingWheel.json");
  CHECK(testing::check_energy(*account, 1e-6));
  const auto& accounts = account->energy().components;
  const auto wheel = std::find_if(accounts.begin(), accounts.end(),
                                  [](const ComponentEnergy& c) { return c.instance == "idealRollingWheel"; });
  if (wheel == accounts.end()) {
    // The ledger keeps no account for an instance whose port power is zero in the model's
    // equations: tau_R·der(phi_R) + f_T·der(s_T) vanishes once the rolling condition and the torque
    // law are substituted.
    MESSAGE("Rot_RollingWheel: the wheel's port power is zero in the model's equations");
  } else {
    MESSAGE("Rot_RollingWheel: the wheel's worst power audit " << wheel->worst_audit << " W of " << wheel->power_scale << " W");
    CHECK(wheel->worst_audit <= 1e-12 * wheel->power_scale);
  }
  // The resistance took what the step put in less the kinetic energy (J + m·r²)·w²/2 at the end.
  double step_work = 0.0, resistance_work = 0.0;
  for (const ComponentEnergy& c : account->energy().components) {
    if (c.instance == "torqueStep") step_work = c.work_injected;
    if (c.instance == "quadraticSpeedDependentForce") resistance_work = c.work_injected;
  }
  // The step's work: 10 N·m times the angle turned since 0.1 s.
  CHECK(step_work == doctest::Approx(10.0 * phi.back()).epsilon(1e-6));
  CHECK(step_work + resistance_work == doctest::Approx(0.5 * 2.0 * w.back() * w.back()).epsilon(1e-6));
}

}  // TEST_SUITE("reference")
