#include "core/model/declared_units.hpp"

#include <cctype>
#include <stdexcept>
#include <string_view>

#include "core/model/units.hpp"

namespace acausal {
namespace {

/// A unit string that documents a family, one unit per power i (`N*m/(rad/s)^i`).
bool unit_family(std::string_view unit) {
  for (std::size_t i = 0; i + 1 < unit.size(); ++i)
    if (unit[i] == '^' && std::isalpha(static_cast<unsigned char>(unit[i + 1]))) return true;
  return false;
}

/// Why `unit` does not parse, or empty.
std::string unit_problem(std::string_view unit) {
  if (unit.empty() || unit_family(unit)) return "";
  const bool list = unit.starts_with("[") && unit.ends_with("]");  // a table's columns
  std::string_view rest = list ? unit.substr(1, unit.size() - 2) : unit;
  while (true) {
    const std::size_t comma = list ? rest.find(',') : std::string_view::npos;
    try {
      units::parse_unit(rest.substr(0, comma));
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    if (comma == std::string_view::npos) return "";
    rest = rest.substr(comma + 1);
  }
}

}  // namespace

std::vector<std::string> declared_unit_problems(const Definition& described) {
  std::vector<std::string> out;
  const auto check = [&](std::string_view unit, const std::string& owner) {
    if (const std::string problem = unit_problem(unit); !problem.empty())
      out.push_back(owner + "'s unit \"" + std::string(unit) + "\": " + problem);
  };
  for (const auto& p : described.parameters) check(p.unit, "parameter " + std::string(p.name));
  for (const auto& c : described.constants) check(c.unit, "constant " + std::string(c.name));
  for (const auto& v : described.variables) check(v.unit, "variable " + std::string(v.local_name));
  return out;
}

}  // namespace acausal
