#pragma once
/// @file
/// The units a component declares, checked where the type is added: every parameter's and
/// variable's unit must parse (a table's column list `[s, N]` element by element; a family such as
/// `N*m/rad^i`, one unit per power i, documents polynomial coefficients and is not parsed).

#include <string>
#include <vector>

#include "core/model/component.hpp"

namespace acausal {

/// One line per declared unit of `described` (describe_type()) that does not parse:
/// "parameter c's unit "Nm/rad": unknown unit 'Nm' … (did you mean 'N*m'?)".
std::vector<std::string> declared_unit_problems(const Definition& described);

}  // namespace acausal
