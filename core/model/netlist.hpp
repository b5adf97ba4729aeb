#pragma once
/// @file
/// The netlist format `acausal/1` (DESIGN §5): parsing and structural validation of the JSON.
/// Component types, parameters and ports are checked later, when the model is built.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace acausal {

struct NetlistComponent {
  std::string name;
  std::string type;
  nlohmann::json params = nlohmann::json::object();
  nlohmann::json initial = nlohmann::json::object();
  std::string pointer;  ///< `/components/<name>`
};

struct NetlistConnection {
  std::vector<std::string> ports;  ///< "instance.port"
  std::string pointer;             ///< `/connections/<k>`
};

struct Experiment {
  double start = 0.0;
  double stop = 1.0;
  std::optional<double> interval;  ///< output grid; default (stop − start)/500
  double tolerance = 1e-6;
};

struct Netlist {
  std::string source;  ///< file name, for messages
  std::string name;
  std::string description;
  std::vector<NetlistComponent> components;
  std::vector<NetlistConnection> connections;
  Experiment experiment;
  std::vector<std::string> outputs;  ///< empty: all variables

  /// The component with this name, or nullptr.
  NetlistComponent* find(std::string_view name);
};

/// Parses netlist JSON. @throws ModelError: syntax (with line and column), unknown keys, wrong
/// types, invalid instance names, NaN/inf in the experiment, bad connection entries.
Netlist parse_netlist(std::string_view text, std::string source = "netlist");

/// Reads and parses a netlist file. @throws ModelError (also when the file cannot be read).
Netlist load_netlist(const std::string& path);

/// Applies `instance.param=value` (value: JSON, or else a string such as "30 deg").
/// @throws ModelError for an unknown instance or a malformed assignment.
void apply_override(Netlist& netlist, std::string_view assignment);

}  // namespace acausal
