#pragma once
/// @file
/// A whole simulation of a netlist for tests: parse, build, compile, simulate with the energy
/// account, results kept in memory.

#include <Eigen/Core>
#include <memory>
#include <string>
#include <vector>

#include "core/analysis/program.hpp"
#include "core/model/model.hpp"
#include "core/model/registry.hpp"
#include "solver/simulation.hpp"

namespace acausal::testing {

struct SimulationRun {
  Model model;  // the program refers to its model
  std::unique_ptr<Program> program;
  MemoryWriter writer;
  SimulationResult result;

  std::vector<double> column(const std::string& name) const { return writer.column(name); }
  const std::vector<double>& times() const { return writer.times(); }
  /// The outputs `name[1]`, `name[2]`, `name[3]` at row k.
  Eigen::Vector3d vector(const std::string& name, std::size_t k) const;
};

/// Simulates netlist `text` (JSON) as its experiment says, with the energy account.
/// `registry`: the built-in one unless given.
std::unique_ptr<SimulationRun> simulate_netlist(const std::string& text, const Registry* registry = nullptr);
/// The same for a file.
std::unique_ptr<SimulationRun> simulate_netlist_file(const std::string& path);
/// The same for a netlist already read.
std::unique_ptr<SimulationRun> simulate_netlist(const Netlist& netlist, const Registry* registry = nullptr);

/// A number as JSON text, exactly (all 17 digits).
std::string json_number(double x);

}  // namespace acausal::testing
