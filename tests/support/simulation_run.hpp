#pragma once
/// @file
/// A whole simulation of a netlist for tests: the testing API's SimulationRun (acausal/testing.hpp),
/// and netlist text built from numbers.

#include <string>

#include "acausal/testing.hpp"

namespace acausal::testing {

/// A number as JSON text, exactly (all 17 digits).
std::string json_number(double x);

}  // namespace acausal::testing
