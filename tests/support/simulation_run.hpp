#pragma once
/// @file
/// A whole simulation of a netlist for tests: the testing API's SimulationRun (acausal/testing.hpp),
/// and netlist text built from numbers.

#include <string>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "acausal/testing.hpp"

namespace acausal::testing {

/// A number as JSON text, exactly (all 17 digits).
std::string json_number(double x);

/// Netlist text for 3D tests. The output names `name[1..3]` (a vector) and `frame.R[i,j]` (a frame's
/// rotation) as JSON list items.
std::string vector_outputs(const std::string& name);
std::string rotation_outputs(const std::string& frame);
/// Signal constants `<name>1..3` with the values x (component entries), and their connections to
/// `<port>[1..3]` (connection entries), each text starting with a comma.
std::string constants(const std::string& name, const Eigen::Vector3d& x);
std::string constant_links(const std::string& name, const std::string& port);

/// Frame `frame`'s rotation world → frame at output row k, from its outputs R[i,j].
Eigen::Matrix3d rotation(const SimulationRun& run, const std::string& frame, std::size_t k);

/// (time, new value) wherever output `column` changes from one row to the next: a mode's switches.
std::vector<std::pair<double, double>> switches(const SimulationRun& run, const std::string& column);

/// The work `instance` lost over the run (ComponentEnergy::work_lost).
/// @throws std::out_of_range when it has no energy account.
double work_lost(const SimulationRun& run, const std::string& instance);

}  // namespace acausal::testing
