// rotational.OneWayClutch against analytic solutions: an input inertia drives an output inertia
// through the locked freewheel, then the drive torque reverses: disengaged, the output overruns at
// once; with a strong clutch engaged both decelerate together; with a weak one the output overruns
// against the clutch's sliding torque.

#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/model/errors.hpp"
#include "tests/support/component_harness.hpp"
#include "tests/support/simulation_run.hpp"

using namespace acausal;
using namespace acausal::testing;

namespace {

constexpr double kJ1 = 1.0, kJ2 = 2.0, kT = 3.0, kT1 = 1.0;  // inertias, drive torque, reversal time

/// Torque +kT on the input until kT1, −kT after; clutch engaged with f_normalized = `engaged`.
std::unique_ptr<SimulationRun> run_reversal(double engaged, double peak) {
  return simulate_netlist(R"({
    "format": "acausal/1", "name": "freewheel",
    "components": {
      "torque": { "type": "signal.Step", "params": { "height": )" + json_number(-2 * kT) + R"(, "offset": )" +
                          json_number(kT) + R"(, "start_time": )" + json_number(kT1) + R"( } },
      "engagement": { "type": "signal.Constant", "params": { "k": )" + json_number(engaged) + R"( } },
      "drive": { "type": "rotational.Torque" },
      "input": { "type": "rotational.Inertia", "params": { "J": )" + json_number(kJ1) + R"( }, "initial": { "phi": 0, "w": 0 } },
      "clutch": { "type": "rotational.OneWayClutch", "params": { "fn_max": 1, "mue": 0.5, "cgeo": 1, "peak": )" +
                          json_number(peak) + R"( } },
      "output": { "type": "rotational.Inertia", "params": { "J": )" + json_number(kJ2) + R"( }, "initial": { "phi": 0, "w": 0 } }
    },
    "connections": [["torque.y", "drive.tau"], ["engagement.y", "clutch.f_normalized"], ["drive.flange", "input.flange", "clutch.C"],
                    ["clutch.R", "output.flange"]],
    "experiment": { "start": 0, "stop": 2, "interval": 0.01, "tolerance": 1e-8 },
    "outputs": ["input.w", "output.w", "clutch.w_rel", "clutch.tau", "clutch.locked", "clutch.stuck", "clutch.startForward", "clutch.free"]
  })");
}

/// The locked phase up to kT1: both turn together, the freewheel carries J2·kT/(J1 + J2) backward.
void check_locked_drive(const SimulationRun& run) {
  const std::vector<double> t = run.times(), w1 = run.column("input.w"), w2 = run.column("output.w");
  const std::vector<double> tau = run.column("clutch.tau"), locked = run.column("clutch.locked");
  CHECK(locked.front() == 1.0);  // w_rel = 0 at the start with the drive pushing the input ahead: locked
  for (std::size_t k = 0; k < t.size() && t[k] < kT1 - 1e-9; ++k) {
    INFO("t = " << t[k]);
    CHECK(locked[k] == 1.0);
    CHECK(w1[k] == doctest::Approx(kT * t[k] / (kJ1 + kJ2)).epsilon(1e-7));
    CHECK(w2[k] == doctest::Approx(w1[k]).epsilon(1e-7));
    CHECK(tau[k] == doctest::Approx(-kJ2 * kT / (kJ1 + kJ2)).epsilon(1e-7));  // any torque that holds R back
  }
}

/// Row index of the first time after `time`.
std::size_t first_after(const std::vector<double>& t, double time) {
  std::size_t k = 0;
  while (k < t.size() && t[k] <= time) ++k;
  return k;
}

}  // namespace

TEST_CASE("rotational.OneWayClutch: disengaged, the locked freewheel drives the output and lets it overrun when the torque reverses") {
  const auto run = run_reversal(0.0, 1.0);
  check_locked_drive(*run);
  const std::vector<double> t = run->times(), w1 = run->column("input.w"), w2 = run->column("output.w");
  const double w_at_reversal = kT * kT1 / (kJ1 + kJ2);
  for (std::size_t k = first_after(t, kT1 + 1e-9); k < t.size(); ++k) {
    INFO("t = " << t[k]);
    CHECK(run->column("clutch.locked")[k] == 0.0);
    CHECK(run->column("clutch.tau")[k] == 0.0);  // disengaged: nothing transmitted while overrunning
    CHECK(w2[k] == doctest::Approx(w_at_reversal).epsilon(1e-7));
    CHECK(w1[k] == doctest::Approx(w_at_reversal - kT * (t[k] - kT1) / kJ1).epsilon(1e-7));
  }
  CHECK(run->column("clutch.free").front() == 1.0);
  const CheckResult energy = check_energy(*run, 1e-6);
  CHECK_MESSAGE(energy.passed(), energy.message());
}

TEST_CASE("rotational.OneWayClutch: engaged, it holds the output back up to tau0_max, beyond it slides with tau0") {
  const double w_at_reversal = kT * kT1 / (kJ1 + kJ2);
  const double held = kJ2 * kT / (kJ1 + kJ2);  // 2 N·m needed after the reversal to keep them together
  SUBCASE("tau0_max = 10·0.5 N·m > 2 N·m: stays locked, both decelerate together") {
    const auto run = run_reversal(1.0, 10.0);
    check_locked_drive(*run);
    const std::vector<double> t = run->times(), w1 = run->column("input.w"), w2 = run->column("output.w");
    for (std::size_t k = first_after(t, kT1 + 1e-9); k < t.size(); ++k) {
      INFO("t = " << t[k]);
      CHECK(run->column("clutch.locked")[k] == 1.0);
      CHECK(run->column("clutch.tau")[k] == doctest::Approx(held).epsilon(1e-7));
      CHECK(w1[k] == doctest::Approx(w_at_reversal - kT * (t[k] - kT1) / (kJ1 + kJ2)).epsilon(1e-7));
      CHECK(w2[k] == doctest::Approx(w1[k]).epsilon(1e-7));
    }
    const CheckResult energy = check_energy(*run, 1e-6);
    CHECK_MESSAGE(energy.passed(), energy.message());
  }
  SUBCASE("tau0_max = 1.0001·0.5 N·m < 2 N·m: overruns against tau0 = 0.5 N·m") {
    const double tau0 = 0.5;
    const auto run = run_reversal(1.0, 1.0);
    check_locked_drive(*run);
    const std::vector<double> t = run->times(), w1 = run->column("input.w"), w2 = run->column("output.w");
    for (std::size_t k = first_after(t, kT1 + 1e-9); k < t.size(); ++k) {
      INFO("t = " << t[k]);
      CHECK(run->column("clutch.locked")[k] == 0.0);
      CHECK(run->column("clutch.tau")[k] == doctest::Approx(tau0).epsilon(1e-9));
      CHECK(w2[k] == doctest::Approx(w_at_reversal - tau0 * (t[k] - kT1) / kJ2).epsilon(1e-7));
      CHECK(w1[k] == doctest::Approx(w_at_reversal - (kT - tau0) * (t[k] - kT1) / kJ1).epsilon(1e-7));
    }
    // Work lost: tau0 · ∫ w_rel dt = tau0 · (2.5 − 0.25)·(t − t1)²/2.
    for (const ComponentEnergy& e : run->energy().components)
      if (e.instance == "clutch") CHECK(e.work_lost == doctest::Approx(tau0 * 2.25 * 0.5).epsilon(1e-6));
    const CheckResult energy = check_energy(*run, 1e-6);
    CHECK_MESSAGE(energy.passed(), energy.message());
  }
}

TEST_CASE("rotational.OneWayClutch: declarations") {
  const Definition d = described_catalog_entry("rotational.OneWayClutch");
  std::vector<std::string> discretes;
  for (const Definition::Discrete& x : d.discretes) discretes.emplace_back(x.local_name);
  CHECK(discretes == std::vector<std::string>{"free", "startForward", "locked", "stuck"});  // MSL's Booleans, no mode
  for (const char* port : {"C", "R", "f_normalized"}) CHECK(d.find_port(port) != nullptr);
  for (const char* variable : {"phi_rel", "w_rel", "a_rel", "tau", "fn", "sa"}) CHECK(d.find_variable(variable) != nullptr);
  CHECK_THROWS_WITH_AS(instantiate("rotational.OneWayClutch", {{"mue", 0.3}, {"mue_pos", {{"w", {0.0, 1.0}}, {"mue", {0.5, 0.4}}}}}, "owc"),
                       "/components/owc/params/mue: give either mue (a constant) or the table mue_pos, not both", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.OneWayClutch", {{"peak", 0.5}}, "owc"),
                       "/components/owc/params/peak: peak must lie in [1, 1e+300], got 0.5", ModelError);
}
