#pragma once
/// @file
/// What every component of a model shares and one component sets: gravity, set by the
/// multibody.World (Modelica's `inner world`). The model assembler defines the components that
/// provide it (Component::provides_environment) before all others.

#include <array>
#include <optional>
#include <string>

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
};

}  // namespace acausal
