#pragma once
/// @file
/// What every component of a model shares: gravity, set by the multibody.World (Modelica's `inner
/// world`; the model assembler defines the components that provide it,
/// Component::provides_environment, before all others), and where the netlist was read from, for
/// the data files its parameters name (ComponentBuilder::data_file).

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace acausal {

struct Gravity {
  enum class Kind { None, Uniform, Point };
  Kind kind = Kind::Uniform;
  std::array<double, 3> g = {0.0, -9.80665, 0.0};  ///< Uniform: the acceleration of gravity [m/s²], world coordinates
  double mu = 3.986004418e14;                       ///< Point: gravity field constant [m³/s²] of a mass at the origin
};

struct Environment {
  std::optional<Gravity> gravity;
  std::string provider;  ///< the instance that set it (for messages)
  std::string netlist_source;            ///< Netlist::source: a name in the netlist is relative to it
  std::vector<std::string> search_path;  ///< Netlist::search_path
};

}  // namespace acausal
