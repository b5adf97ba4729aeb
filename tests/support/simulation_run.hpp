#pragma once
/// @file
/// A whole simulation of a netlist for tests: the testing API's SimulationRun (acausal/testing.hpp),
/// and netlist text built from numbers.

#include <string>
#include <utility>
#include <vector>

#include "acausal/testing.hpp"

namespace acausal::testing {

/// A number as JSON text, exactly (all 17 digits).
std::string json_number(double x);

/// (time, new value) wherever output `column` changes from one row to the next: a mode's switches.
std::vector<std::pair<double, double>> switches(const SimulationRun& run, const std::string& column);

/// The work `instance` lost over the run (ComponentEnergy::work_lost).
/// @throws std::out_of_range when it has no energy account.
double work_lost(const SimulationRun& run, const std::string& instance);

}  // namespace acausal::testing
