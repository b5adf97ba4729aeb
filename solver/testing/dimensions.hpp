#pragma once
/// @file
/// Dimensional analysis of a component: its declared units parse, and its law and energy terms
/// hold in any system of units (checked numerically, by converting an operating point; a term of
/// the wrong dimension is then named from the described definition's units).

#include "acausal/testing.hpp"

namespace acausal::testing {

/// Every declared unit of `described` parses (declared_unit_problems()): a finding `units` for
/// each that does not. True when all parse.
bool check_declared_units(const Definition& described, CheckResult& result);

/// The law holds in any system of units: at `point`, where the equations of `d` (`component` with
/// `params`) hold, every variable, derivative, the time and every parameter converted as if the
/// metre, kilogram, second, ampere and kelvin were 1.7, 2.3, 1.3, 1.1 and 1.9 times larger must be
/// a point where the equations of the component with the converted parameters hold too, with its
/// stored energy converted as J and its loss and injected powers as W. A term of the wrong
/// dimension breaks it. A finding `units` per equation or energy term that does not convert, with
/// its terms' dimensions where `described` (describe_type()) names them. Components with a table
/// parameter, or with a variable declared without a unit (a friction's path parameter, whose
/// dimension changes with its mode), are not checked. Call it only where check_declared_units()
/// passed: every declared unit must parse.
void check_unit_conversion(const Component& component, const nlohmann::json& params, const Definition& d,
                           const Definition& described, const Values& point, CheckResult& result);

}  // namespace acausal::testing
