#pragma once
/// @file
/// One reference case: simulate netlists/reference/<Case>.json on the reference's grid and compare
/// every column of tests/reference/data/<Case>/reference.csv (see reference_support.hpp for the
/// measure). Shared by the reference test files (one per group of cases).

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "components/registry.hpp"
#include "core/analysis/program.hpp"
#include "core/model/model.hpp"
#include "solver/simulation.hpp"
#include "tests/reference/reference_support.hpp"

namespace acausal::reference {

inline constexpr double kTolerance = 1e-3;  // of each signal's range (tests/reference/data/README.md)

/// One reference column and the output of ours that must reproduce it: ref ≈ gain·ours + offset.
struct SignalMap {
  std::string modelica;  ///< CSV column (Modelica variable)
  std::string ours;      ///< netlist output path
  double gain = 1.0;
  double offset = 0.0;
  /// For a mode's column: equal within this many seconds of each reference time (event times may
  /// differ by the root finding's accuracy; the bar is 1e-4 s).
  double event_window = 0.0;
};
inline constexpr double kEventWindow = 1e-4;

/// A finished simulation of a reference netlist, kept for extra checks.
struct CaseRun {
  MemoryWriter result;
};

/// Simulates netlists/reference/<name>.json on the reference's grid and
/// compares every signal of tests/reference/data/<name>/reference.csv as `table` maps it. Every CSV
/// column must be in the table. Prints each signal's error.
inline CaseRun compare_netlist(const std::string& name, const Netlist& n, const std::vector<SignalMap>& table);

inline CaseRun compare_case(const std::string& name, const std::vector<SignalMap>& table) {
  return compare_netlist(name, load_netlist(std::string(ACAUSAL_SOURCE_DIR) + "/netlists/reference/" + name + ".json"), table);
}

/// The same for a netlist of the case given here (a variant of the case's netlist).
inline CaseRun compare_netlist(const std::string& name, const Netlist& n, const std::vector<SignalMap>& table) {
  const std::string dir = ACAUSAL_SOURCE_DIR;
  const ReferenceData ref = read_reference_csv(dir + "/tests/reference/data/" + name + "/reference.csv");

  // The table covers exactly the reference columns.
  for (const std::string& column : ref.names) {
    bool mapped = false;
    for (const SignalMap& s : table) mapped = mapped || s.modelica == column;
    if (!mapped) FAIL_CHECK(name << ": reference column " << column << " is not mapped to an output");
  }

  Model model = build_model(n, builtin_registry());
  auto program = compile(model);
  SimulationOptions o = options_from(n.experiment);
  // The experiment matches the reference: same end, same grid (so the times coincide), tolerance.
  CHECK(o.start == doctest::Approx(ref.time.front()));
  CHECK(o.stop == doctest::Approx(ref.time.back()));
  // The grid's spacing: from the start to the first time that is no event (an event has two rows
  // with its time stamp; Rot_LossyGearDemo1 has one at 4.75e-11 s).
  for (std::size_t k = 1; k < ref.time.size(); ++k) {
    const bool event = (k + 1 < ref.time.size() && ref.time[k + 1] == ref.time[k]) || ref.time[k - 1] == ref.time[k];
    if (event) continue;
    CHECK(o.interval == doctest::Approx(ref.time[k] - ref.time[0]));
    break;
  }

  CaseRun run;
  simulate(*program, o, run.result);

  for (const SignalMap& s : table) {
    const SignalError e = compare_signal(ref.time, ref.column(s.modelica), run.result.times(),
                                         run.result.column(s.ours), s.gain, s.offset, s.event_window, kEventWindow);
    const std::string label =
        s.modelica + " vs " + (s.gain == 1.0 ? "" : std::to_string(s.gain) + "·") + s.ours +
        (s.offset == 0.0 ? "" : " + " + std::to_string(s.offset));
    MESSAGE(name << " " << describe(label, e));
    CHECK_MESSAGE(e.relative <= kTolerance, name << " " << describe(label, e));
  }
  return run;
}


}  // namespace acausal::reference
